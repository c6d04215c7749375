namespace Popcorn.Query.Tests.Semantics;

public class SelectionCostTests
{
    private static long Cost(string query, int listSize = 10, TypeMetadata? type = null) =>
        SelectionCost.Estimate(PlanCompiler.Compile(type ?? SampleMetadata.Employee, SelectionParser.Parse(query)), listSize);

    [Theory]
    [InlineData("[firstName]", 2)] // id (always) and firstName
    [InlineData("[skills]", 12)] // id, and the key skills with 10 assumed values
    [InlineData("[vehicles[make]]", 22)] // id, vehicles, and 10 cars of id and make
    [InlineData("[a:manager[email],b:manager[email]]", 7)] // id, and each alias its key and an employee of id and email
    [InlineData("[department[projects]]", 24)] // id, department (1 + its id + projects: 1 + 10 projects of code and title)
    public void Estimate_CountsKeys_AndListsByTheAssumedSize(string query, long expected)
    {
        Cost(query).ShouldBe(expected);
    }

    [Fact]
    public void Estimate_ScalesWithTheAssumedListSize()
    {
        Cost("[vehicles[make]]", listSize: 100).ShouldBe(202);
        Cost("[vehicles[make]]", listSize: 0).ShouldBe(2);
    }

    [Fact]
    public void Estimate_DeepWildcardOnACyclicGraph_IsFinite_AndAboveTheShallowOne()
    {
        long full = Cost("[!full]");
        long all = Cost("[!all]");

        full.ShouldBeGreaterThan(all);
        full.ShouldBeLessThan(SelectionCost.Saturated);
    }

    [Fact]
    public void Estimate_OfACachedPlan_IsKeptPerListSize()
    {
        var plan = PlanCompiler.Compile(SampleMetadata.Employee, SelectionParser.Parse("[vehicles[make]]"));

        SelectionCost.Estimate(plan, 10).ShouldBe(22);
        SelectionCost.Estimate(plan, 1).ShouldBe(4);
        SelectionCost.Estimate(plan, 10).ShouldBe(22);
    }

    [Fact]
    public void Arithmetic_Saturates_InsteadOfOverflowing()
    {
        SelectionCost.Times(SelectionCost.Saturated - 1, 10).ShouldBe(SelectionCost.Saturated);
        SelectionCost.Plus(SelectionCost.Saturated, SelectionCost.Saturated).ShouldBe(SelectionCost.Saturated);
        SelectionCost.Times(5, 0).ShouldBe(0);
    }
}
