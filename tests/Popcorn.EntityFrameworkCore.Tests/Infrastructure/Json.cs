using System.Buffers;
using System.Text;
using System.Text.Json;
using Popcorn.EntityFrameworkCore.Tests.Store;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>Plans and JSON through the generated writers of the test store.</summary>
public static class Json
{
    private static IPopcornContext Context => (IPopcornContext)StoreJsonContext.Default;

    public static PopcornTypeWriter<T> Writer<T>() =>
        (PopcornTypeWriter<T>)(Context.GetWriter(typeof(T)) ?? throw new InvalidOperationException($"No writer for {typeof(T)}."));

    public static SelectionPlan Plan<T>(string selection) =>
        PlanCompiler.Compile(Writer<T>().Metadata, SelectionParser.Parse(selection));

    public static string Write<T>(IEnumerable<T> items, SelectionPlan plan)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer))
        {
            json.WriteStartArray();
            foreach (var item in items)
            {
                Writer<T>().Write(json, item, plan);
            }

            json.WriteEndArray();
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }
}
