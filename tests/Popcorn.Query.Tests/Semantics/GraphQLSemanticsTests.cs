namespace Popcorn.Query.Tests.Semantics;

/// <summary>The GraphQL specification's response shape (what <c>/graphql</c> answers), beside Popcorn's (what REST answers).</summary>
public class GraphQLSemanticsTests
{
    private static readonly PlanCompilerOptions s_graphQL = new() { Semantics = SelectionSemantics.GraphQL };

    private static SelectionPlan Compile(string query, PlanCompilerOptions? options = null, TypeMetadata? type = null, string? variables = null) =>
        PlanCompiler.Compile(
            type ?? SampleMetadata.Employee,
            variables is null ? SelectionParser.Parse(query) : SelectionParser.Parse(query, SelectionParserOptions.Default, System.Text.Json.JsonDocument.Parse(variables).RootElement),
            options ?? s_graphQL);

    private static string Shape(SelectionPlan plan) => PlanShape.Of(plan);

    [Fact]
    public void Compile_GraphQL_KeepsTheSelectionOrder_AndAddsNoAlwaysField()
    {
        Shape(Compile("{ email lastName }")).ShouldBe("[email,lastName]");
    }

    [Fact]
    public void Compile_Popcorn_SameText_KeepsDeclarationOrder_AndAddsAlwaysFields()
    {
        Shape(Compile("{ email lastName }", PlanCompilerOptions.Default)).ShouldBe("[id,lastName,email]");
    }

    [Fact]
    public void Compile_GraphQL_AlwaysField_IsWrittenWhereSelected()
    {
        Shape(Compile("{ email manager { lastName id } id }")).ShouldBe("[email,manager[lastName,id],id]");
    }

    [Fact]
    public void Compile_GraphQL_FragmentsAndInlineFragments_ExpandAtTheirPosition()
    {
        const string document = "{ email ...Names ... on Employee { id } skills } fragment Names on Employee { lastName firstName }";

        Shape(Compile(document)).ShouldBe("[email,lastName,firstName,id,skills]");
    }

    [Fact]
    public void Compile_GraphQL_FieldRepeatedInAFragment_KeepsItsFirstPosition_AndMerges()
    {
        const string document = "{ manager { email } lastName ...M } fragment M on Employee { manager { firstName } }";

        Shape(Compile(document)).ShouldBe("[manager[email,firstName],lastName]");
    }

    [Fact]
    public void Compile_GraphQL_Aliases_FollowTheSelection()
    {
        Shape(Compile("{ b: lastName email a: lastName }")).ShouldBe("[b:lastName,email,a:lastName]");
    }

    [Fact]
    public void Compile_GraphQL_TypeName_IsWrittenWhereAsked()
    {
        Shape(Compile("{ email __typename }")).ShouldBe("[email,__typename]");
        Shape(Compile("{ email __typename }", PlanCompilerOptions.Default)).ShouldBe("[__typename,id,email]");
    }

    [Fact]
    public void Compile_GraphQL_IncludeAndSkip_DropFieldsBeforeOrdering()
    {
        const string document = "query($yes: Boolean!) { email @skip(if: $yes) lastName firstName @include(if: $yes) skills @include(if: false) }";

        Shape(Compile(document, variables: """{"yes": true}""")).ShouldBe("[lastName,firstName]");
    }

    [Fact]
    public void Compile_GraphQL_Wildcards_ExpandInDeclarationOrder_AtTheirPosition_AlwaysFieldsBeingDefaults()
    {
        Shape(Compile("{ email __default }")).ShouldBe("[email,id,firstName,lastName]");
        Shape(Compile("{ lastName __all }")).ShouldStartWith("[lastName,id,firstName,email,manager[");
    }

    [Fact]
    public void Compile_GraphQL_ComplexFieldWithoutChildren_IsItsDefaults()
    {
        Shape(Compile("{ manager email }")).ShouldBe("[manager[id,firstName,lastName],email]");
    }

    [Fact]
    public void Compile_GraphQL_SubPropertyDefault_FollowsItsOwnText()
    {
        Shape(Compile("{ head }", type: SampleMetadata.Department)).ShouldBe("[head[firstName,lastName,email]]");
    }

    [Fact]
    public void Compile_GraphQL_Exclude_RemovesEvenAnAlwaysField()
    {
        Shape(Compile("{ __default id email id @exclude }")).ShouldBe("[firstName,lastName,email]");
    }

    [Fact]
    public void Cache_PlansOfTheSameText_DifferBySemantics()
    {
        var rest = new SelectionPlanCache();
        var gateway = new SelectionPlanCache(compilerOptions: s_graphQL);

        var restPlan = rest.GetOrCompile(SampleMetadata.Employee, "{ email lastName }");
        var gatewayPlan = gateway.GetOrCompile(SampleMetadata.Employee, "{ email lastName }");

        Shape(restPlan).ShouldBe("[id,lastName,email]");
        Shape(gatewayPlan).ShouldBe("[email,lastName]");
        gatewayPlan.ShouldNotBeSameAs(restPlan);
    }
}
