namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// Which plans repeat an object met again on its own path (GraphQL's response shape) instead of writing it as null:
/// those compiled under GraphQL's semantics from a selection that names every field it writes, a finite tree.
/// </summary>
public class RepeatsObjectsTests
{
    private static readonly PlanCompilerOptions s_graphQL = new() { Semantics = SelectionSemantics.GraphQL };

    private static SelectionPlan Compile(string query, PlanCompilerOptions? options = null, TypeMetadata? type = null) =>
        PlanCompiler.Compile(type ?? SampleMetadata.Employee, SelectionParser.Parse(query), options ?? s_graphQL);

    [Theory]
    [InlineData("{ id }")]
    [InlineData("{ id manager { firstName department { members { id manager { id } } } } }")]
    [InlineData("{ boss: manager { id } manager { email } __typename }")]
    [InlineData("{ ...Names vehicles { make } } fragment Names on Employee { firstName lastName }")]
    public void Compile_GraphQLSelectionWithoutWildcards_RepeatsObjects(string query)
    {
        Compile(query).RepeatsObjects.ShouldBeTrue();
    }

    [Theory]
    [InlineData("{ __all }")]
    [InlineData("{ __default }")]
    [InlineData("{ __full }")]
    [InlineData("{ id manager { __all email @exclude } }")]
    [InlineData("{ id manager { department { members { __full } } } }")]
    [InlineData("{ id manager }")] // a complex field without a selection set: its type's defaults
    [InlineData("{ id manager { id } manager }")] // merged with a mention that leaves it to its defaults
    public void Compile_GraphQLSelectionWithAWildcardOrDefaults_KeepsTheCycleProtection(string query)
    {
        Compile(query).RepeatsObjects.ShouldBeFalse();
    }

    [Fact]
    public void Compile_GraphQLFieldLeftToItsSubPropertyDefault_KeepsTheCycleProtection()
    {
        Compile("{ id head }", type: SampleMetadata.Department).RepeatsObjects.ShouldBeFalse();
        Compile("{ id head { email } head }", type: SampleMetadata.Department).RepeatsObjects.ShouldBeFalse();
        Compile("{ id head { email } }", type: SampleMetadata.Department).RepeatsObjects.ShouldBeTrue();
    }

    [Theory]
    [InlineData("{ id manager { firstName } }")]
    [InlineData("[id,manager[firstName]]")]
    public void Compile_PopcornSemantics_NeverRepeatsObjects(string query)
    {
        Compile(query, PlanCompilerOptions.Default).RepeatsObjects.ShouldBeFalse();
    }

    [Fact]
    public void Compile_TheEmptySelection_IsTheDefaultsAndKeepsTheCycleProtection()
    {
        PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse(null), s_graphQL).RepeatsObjects.ShouldBeFalse();
    }

    [Fact]
    public void Compile_RootListArguments_KeepTheFlagOnTheirCopy()
    {
        var plan = Compile("(first: 2) { id vehicles { make } }");

        plan.Arguments.ShouldNotBeNull();
        plan.RepeatsObjects.ShouldBeTrue();
    }

    [Fact]
    public void ForQueriedRows_PlanWithListArguments_KeepsTheFlagOnTheCopy()
    {
        var plan = Compile("{ id manager { vehicles(first: 1) { make } } }");

        var rows = plan.ForQueriedRows();

        rows.ShouldNotBeSameAs(plan);
        rows.RepeatsObjects.ShouldBeTrue();
    }

    [Fact]
    public void Compile_ChildPlans_DoNotCarryTheFlag()
    {
        // Only the plan a compilation returns says so, as only it lists the policies: writers read it where they begin.
        var plan = Compile("{ manager { id } }");

        plan.RepeatsObjects.ShouldBeTrue();
        plan.Fields[0].Child!.RepeatsObjects.ShouldBeFalse();
    }
}
