using System.Buffers;
using System.Text;
using System.Text.Json;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;
using Popcorn.Query.Generated;
using static Popcorn.Generator.Tests.Writing.WriteHelper;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>The sequence entry point: the same bytes as one <c>Write</c> per element, cycles, depth and pauses included.</summary>
public class WriteElementsTests
{
    private static readonly IPopcornContext s_context = TestJsonContext.Default;

    [Theory]
    [InlineData("[!full]")]
    [InlineData("[!all]")]
    [InlineData("[value,parent[value],children[value,parent[value],children[value]]]")]
    public void WriteElements_CyclicElements_WritesWhatWriteWritesForEach(string selection)
    {
        var root = TestData.Tree();
        Node?[] elements = [root, root.Children[0], null, root];
        var plan = Plan<Node>(s_context, selection);

        var (json, calls) = WriteElements(elements, plan, pauseAfterBytes: int.MaxValue);

        json.ShouldBe("[" + string.Join(",", elements.Select(e => Write(s_context, e, plan))) + "]");
        calls.ShouldBe(1);
        PopcornObjectPath.Mark.ShouldBe(0);
    }

    [Fact]
    public void WriteElements_GraphQLPlanWithoutWildcards_RepeatsObjectsAsWriteDoes()
    {
        var root = TestData.Tree();
        Node?[] elements = [root, root.Children[0]];
        var plan = GraphQLPlan<Node>(s_context, "{ value parent { value } children { value children { value } } }");

        var (json, _) = WriteElements(elements, plan, pauseAfterBytes: int.MaxValue);

        json.ShouldBe("""[{"value":1,"parent":null,"children":[{"value":2,"children":[{"value":3},{"value":1}]}]},{"value":2,"parent":{"value":1},"children":[{"value":3,"children":[]},{"value":1,"children":[{"value":2}]}]}]""");
        json.ShouldBe("[" + string.Join(",", elements.Select(e => Write(s_context, e, plan))) + "]");
        PopcornObjectPath.Mark.ShouldBe(0);
    }

    [Fact]
    public void WriteElements_FullPlan_MatchesSystemTextJsonWithIgnoreCycles()
    {
        var root = TestData.Tree();
        List<Node> elements = [root, root.Children[0]];

        var (json, _) = WriteElements(elements.ToArray(), Plan<Node>(s_context, "[!full]"), pauseAfterBytes: int.MaxValue);

        json.ShouldBe(Stj(IgnoreCycles, elements));
    }

    [Fact]
    public void WriteElements_SmallPause_StopsAfterEachElement()
    {
        var employees = new[] { TestData.Employee(), TestData.Employee(), TestData.Employee() };
        var plan = Plan<Employee>(s_context, "[id,firstName]");

        var (json, calls) = WriteElements(employees, plan, pauseAfterBytes: 1);

        calls.ShouldBe(3);
        json.ShouldBe("[" + string.Join(",", employees.Select(e => Write(s_context, e, plan))) + "]");
    }

    [Fact]
    public void WriteElements_PlanForAnotherType_ThrowsArgumentException()
    {
        var plan = Plan<Car>(s_context, "[make]");
        Should.Throw<ArgumentException>(() => WriteElements(new[] { TestData.Tuning() }, plan, int.MaxValue)).Message.ShouldContain("Car");
    }

    [Fact]
    public void WriteElements_TooDeep_ThrowsAndLeavesThePathEmpty()
    {
        var tree = TestData.Tree();
        var deep = new Node { Value = 0 };
        var current = deep;
        for (int i = 1; i < 100; i++)
        {
            var next = new Node { Value = i };
            current.Children.Add(next);
            current = next;
        }

        current.Children.Add(tree);
        Should.Throw<JsonException>(() => WriteElements(new[] { tree, deep }, Plan<Node>(s_context, "[!full]"), int.MaxValue)).Message.ShouldContain("64");
        PopcornObjectPath.Mark.ShouldBe(0);
        Write(s_context, tree, "[children[value]]").ShouldBe("""{"children":[{"value":2}]}""");
    }

    private static (string Json, int Calls) WriteElements<T>(T?[] elements, SelectionPlan plan, int pauseAfterBytes)
    {
        var buffer = new ArrayBufferWriter<byte>();
        int calls = 0;
        using (var writer = new Utf8JsonWriter(buffer))
        {
            writer.WriteStartArray();
            for (int start = 0; start < elements.Length;)
            {
                calls++;
                start += Writer<T>(s_context).WriteElements(writer, elements.AsSpan(start), plan, pauseAfterBytes);
            }

            writer.WriteEndArray();
        }

        return (Encoding.UTF8.GetString(buffer.WrittenSpan), calls);
    }
}
