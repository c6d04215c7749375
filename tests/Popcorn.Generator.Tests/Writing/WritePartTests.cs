using System.Buffers;
using System.Text;
using System.Text.Json;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;
using Popcorn.Query.Generated;
using static Popcorn.Generator.Tests.Writing.WriteHelper;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>
/// <c>WritePart</c> cuts one object at its top-level keys so a host can flush between the parts: the parts together
/// are exactly what <c>Write</c> writes, cycles included, and nothing is left on the object path between parts.
/// </summary>
public class WritePartTests
{
    private static readonly IPopcornContext s_context = TestJsonContext.Default;

    [Theory]
    [InlineData("[id,firstName,lastName,department[name,address],cars[make],manager[id,manager[id]]]")]
    [InlineData("[a:id,b:firstName,c:firstName,d:cars,e:department]")]
    [InlineData("[__typename,id]")]
    [InlineData("[id]")]
    [InlineData("[!all]")]
    public void WritePart_OneKeyAPart_WritesWhatWriteWrites(string selection)
    {
        var plan = Plan<Employee>(s_context, selection);

        var (parts, json) = WriteInParts(TestData.Employee(), plan, pauseAfterBytes: 1);

        json.ShouldBe(Write(s_context, TestData.Employee(), plan));
        parts.ShouldBe(Math.Max(1, plan.Fields.Length));
    }

    [Fact]
    public void WritePart_CyclicData_WritesTheCycleAsNullAsWriteDoes()
    {
        var plan = Plan<Node>(s_context, "[value,children[value,children[value]],parent,a:children[value]]");

        var (parts, json) = WriteInParts(TestData.Tree(), plan, pauseAfterBytes: 1);

        json.ShouldBe(Write(s_context, TestData.Tree(), plan));
        parts.ShouldBe(4);
        PopcornObjectPath.Mark.ShouldBe(0);
    }

    [Fact]
    public void WritePart_GraphQLPlanWithoutWildcards_RepeatsObjectsAsWriteDoes()
    {
        var plan = GraphQLPlan<Node>(s_context, "{ value children { value children { value } } a: children { children { children { value } } } }");

        var (parts, json) = WriteInParts(TestData.Tree(), plan, pauseAfterBytes: 1);

        json.ShouldBe("""{"value":1,"children":[{"value":2,"children":[{"value":3},{"value":1}]}],"a":[{"children":[{"children":[]},{"children":[{"value":2}]}]}]}""");
        json.ShouldBe(Write(s_context, TestData.Tree(), plan));
        parts.ShouldBe(3);
    }

    [Fact]
    public void WritePart_FullPlanOrNull_IsOnePart()
    {
        var full = Plan<Employee>(s_context, "[!full]");

        WriteInParts(TestData.Employee(), full, pauseAfterBytes: 1).Parts.ShouldBe(1);
        WriteInParts<Employee>(null, full, pauseAfterBytes: 1).Json.ShouldBe("null");
    }

    [Fact]
    public void WritePart_LargePause_IsOnePart()
    {
        var plan = Plan<Employee>(s_context, "[id,firstName,cars]");

        WriteInParts(TestData.Employee(), plan, pauseAfterBytes: 1 << 20).Parts.ShouldBe(1);
    }

    private static (int Parts, string Json) WriteInParts<T>(T? value, SelectionPlan plan, int pauseAfterBytes)
    {
        var buffer = new ArrayBufferWriter<byte>();
        int parts = 0;
        using (var writer = new Utf8JsonWriter(buffer))
        {
            int next = 0;
            do
            {
                parts++;
                next = Writer<T>(s_context).WritePart(writer, value, plan, next, pauseAfterBytes);
                PopcornObjectPath.Mark.ShouldBe(0);
            }
            while (next >= 0);
        }

        return (parts, Encoding.UTF8.GetString(buffer.WrittenSpan));
    }
}
