using System.Text;
using System.Text.Json;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;
using Popcorn.Query.Generated;
using static Popcorn.Generator.Tests.Writing.WriteHelper;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>
/// A plan that repeats objects (a GraphQL document without wildcards, <see cref="SelectionPlan.RepeatsObjects"/>)
/// writes an object met again on its own path again, as GraphQL requires; every other plan writes it as null, as
/// System.Text.Json's IgnoreCycles does. The depth limit holds for both.
/// </summary>
public class RepeatedObjectsTests
{
    private static readonly IPopcornContext s_context = TestJsonContext.Default;

    [Fact]
    public void Write_GraphQLPlanWithoutWildcards_RepeatsTheObjectsOnItsPath()
    {
        // root -> child -> [grandChild, root]: the root met again, and the child's parent (the root), are written again.
        var plan = GraphQLPlan<Node>(s_context, "{ value parent { value } children { value parent { value } children { value } } }");

        plan.RepeatsObjects.ShouldBeTrue();
        Write(s_context, TestData.Tree(), plan)
            .ShouldBe("""{"value":1,"parent":null,"children":[{"value":2,"parent":{"value":1},"children":[{"value":3},{"value":1}]}]}""");
    }

    [Fact]
    public void Write_SameSelectionUnderPopcornSemantics_StillWritesTheCyclesAsNull()
    {
        Write(s_context, TestData.Tree(), "{ value parent { value } children { value parent { value } children { value } } }")
            .ShouldBe("""{"value":1,"parent":null,"children":[{"value":2,"parent":null,"children":[{"value":3},null]}]}""");
    }

    [Fact]
    public void Write_GraphQLPlanMutualReference_RepeatsTheOwner()
    {
        var plan = GraphQLPlan<Manager>(s_context, "{ name pets { name owner { name } } }");

        Write(s_context, TestData.Manager(), plan).ShouldBe("""{"name":"Boss","pets":[{"name":"Rex","owner":{"name":"Boss"}},{"name":"Tom","owner":null}]}""");
    }

    [Fact]
    public void Write_GraphQLPlanWithADeepWildcard_WritesNullWhereTheCycleCloses()
    {
        var plan = GraphQLPlan<Node>(s_context, "{ value children { value children { __full } } }");

        plan.RepeatsObjects.ShouldBeFalse();
        Write(s_context, TestData.Tree(), plan)
            .ShouldBe("""{"value":1,"children":[{"value":2,"children":[{"value":3,"parent":null,"children":[]},null]}]}""");
    }

    [Fact]
    public void Write_GraphQLPlanDeeperThanMaxDepth_Throws_AndLeavesBothPathsClean()
    {
        // 40 levels of children: each is an object and an array, past the writer's 64 levels at level 32.
        var limits = SelectionParserOptions.Default with { MaxDepth = 64 };
        var document = new StringBuilder("{ value ");
        for (int i = 0; i < 40; i++)
        {
            document.Append("children { value ");
        }

        document.Append('}', 41);
        var plan = GraphQLPlan<Node>(s_context, document.ToString(), limits);

        plan.RepeatsObjects.ShouldBeTrue();
        Should.Throw<JsonException>(() => Write(s_context, Chain(100), plan)).Message.ShouldContain("64");
        PopcornObjectPath.Mark.ShouldBe(0);
        Write(s_context, TestData.Tree(), "[children[value,children[value]]]").ShouldBe("""{"children":[{"value":2,"children":[{"value":3},null]}]}""");
    }

    [Fact]
    public void Write_GraphQLPlanOverACycle_StaysWithinTheSelection()
    {
        // A self-reference followed three times: as deep as the document, no deeper.
        var node = new Node { Value = 7 };
        node.Children.Add(node);
        var plan = GraphQLPlan<Node>(s_context, "{ value children { value children { value children { value } } } }");

        Write(s_context, node, plan).ShouldBe("""{"value":7,"children":[{"value":7,"children":[{"value":7,"children":[{"value":7}]}]}]}""");
        Write(s_context, node, "[value,children[value,children[value]]]").ShouldBe("""{"value":7,"children":[null]}""");
    }

    private static Node Chain(int length)
    {
        var root = new Node { Value = 0 };
        var current = root;
        for (int i = 1; i < length; i++)
        {
            var next = new Node { Value = i };
            current.Children.Add(next);
            current = next;
        }

        return root;
    }
}
