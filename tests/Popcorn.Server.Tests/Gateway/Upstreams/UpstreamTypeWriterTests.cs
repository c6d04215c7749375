using System.Text;
using System.Text.Json;
using Popcorn.Query;
using Popcorn.Server.Tests.Gateway.Dictionaries;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>
/// The writer that stands for an upstream service's type: a value is copied from the service's JSON, never written
/// here, but a root that got no value at all is written as every writer writes one, <c>null</c> (it threw, and the
/// answer was cut off after its headers).
/// </summary>
public sealed class UpstreamTypeWriterTests
{
    private static readonly PopcornTypeWriter s_writer = new UpstreamTypeWriter(StudioJsonContext.Default.GetWriter(typeof(Artist))!.Metadata, []);

    [Fact]
    public void NoValue_IsWrittenAsNull_InOnePart()
    {
        var plan = PlanCompiler.Compile(s_writer.Metadata, SelectionParser.Parse("[name]"));
        using var buffer = new MemoryStream();
        int next;
        using (var json = new Utf8JsonWriter(buffer))
        {
            next = s_writer.WriteObjectPart(json, null, plan, 0, 16_384);
        }

        next.ShouldBe(-1);
        Encoding.UTF8.GetString(buffer.ToArray()).ShouldBe("null");
    }

    [Fact]
    public void AValue_IsNeverWrittenHere()
    {
        var plan = PlanCompiler.Compile(s_writer.Metadata, SelectionParser.Parse("[name]"));
        using var json = new Utf8JsonWriter(Stream.Null);

        Should.Throw<NotSupportedException>(() => s_writer.WriteObject(json, new object(), plan));
    }
}
