namespace Popcorn.Query.Tests.Semantics;

public class PlanSignatureTests
{
    private static PlanSignature Of(string? selection) => PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse(selection)).Signature;

    [Theory]
    [InlineData("[email,manager[email]]", "{ manager { email } email }")]
    [InlineData("[email,manager[email]]", "[id,manager[id,email],email]")]
    [InlineData(null, "[firstName,lastName]")]
    [InlineData("[]", "{ __default }")]
    [InlineData("[!all,-email]", "{ __all email @exclude }")]
    public void Signature_SameKeysWrittenTheSameWay_IsEqualWhateverTheSpelling(string? one, string other)
    {
        Of(one).Key.ShouldBe(Of(other).Key);
    }

    [Theory]
    [InlineData("[email]", "[firstName]")]
    [InlineData("[email]", "[mail:email]")]
    [InlineData("[manager[email]]", "[manager[firstName]]")]
    [InlineData("[manager]", "[department]")]
    [InlineData("[email]", "[email,__typename]")]
    [InlineData("[a:email,b:firstName]", "[a:firstName,b:email]")]
    public void Signature_DifferentOutput_IsDifferent(string one, string other)
    {
        Of(one).Key.ShouldNotBe(Of(other).Key);
    }

    [Fact]
    public void Signature_OfTheCyclicDeepWildcard_IsFiniteAndNamesEveryTypeReached()
    {
        var signature = Of("[!full]");

        signature.Key.Length.ShouldBe(22);
        signature.TypeNames.ShouldBe(["Employee", "Department", "Project", "Car"], ignoreOrder: true);
        signature.TypeNames[0].ShouldBe("Employee");
    }

    [Fact]
    public void Signature_IsKeptWithThePlanAndEqualForAPlanCompiledAgain()
    {
        var plan = PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse("[email]"));

        plan.Signature.ShouldBeSameAs(plan.Signature);
        PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse("[email]")).Signature.Key.ShouldBe(plan.Signature.Key);
    }

    [Fact]
    public void TypeNames_OfANestedSelection_AreTheRootThenTheTypesItReaches()
    {
        Of("[email,vehicles[make]]").TypeNames.ShouldBe(["Employee", "Car"]);
        Of("[email]").TypeNames.ShouldBe(["Employee"]);
    }
}
