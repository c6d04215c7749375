using System.Runtime.InteropServices;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Writes a sequence of one model type as a JSON array, flushing to the response as it goes.</summary>
internal abstract class SequenceWriter
{
    public abstract ValueTask WriteAsync(ResponseBody body, object sequence, SelectionPlan plan, CancellationToken cancellationToken);

    /// <summary>Builds the typed sequence writer of a model's writer, without reflection.</summary>
    public sealed class Factory : IPopcornTypeWriterVisitor<SequenceWriter>
    {
        public static readonly Factory Instance = new();

        public SequenceWriter Visit<T>(PopcornTypeWriter<T> writer) => new SequenceWriter<T>(writer);
    }
}

/// <summary>The typed sequence writer: indexes lists and arrays, enumerates the rest.</summary>
internal sealed class SequenceWriter<T>(PopcornTypeWriter<T> writer) : SequenceWriter
{
    public override async ValueTask WriteAsync(ResponseBody body, object sequence, SelectionPlan plan, CancellationToken cancellationToken)
    {
        if (plan.Arguments is { } arguments)
        {
            // The root list's first/skip/orderBy/where, for a source that did not apply them in a query: in memory.
            // A source that is both (an EF Core query) is read asynchronously, as the writer below would read it.
            sequence = await RootListArguments.ApplyAsync<T>(sequence, arguments, cancellationToken);
        }

        var json = body.Json;
        json.WriteStartArray();
        switch (sequence)
        {
            case List<T> list:
                for (int start = 0; start < list.Count;)
                {
                    start += writer.WriteElements(json, CollectionsMarshal.AsSpan(list)[start..], plan, BytesToNextFlush(body));
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            case T[] array:
                for (int start = 0; start < array.Length;)
                {
                    start += writer.WriteElements(json, array.AsSpan(start), plan, BytesToNextFlush(body));
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            case IAsyncEnumerable<T> items:
                await foreach (var item in items.WithCancellation(cancellationToken))
                {
                    writer.Write(json, item, plan);
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            default:
                foreach (var item in (IEnumerable<T>)sequence)
                {
                    writer.Write(json, item, plan);
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
        }

        json.WriteEndArray();
    }

    /// <summary>
    /// How many more bytes the writer may write before the body is due a flush: lists and arrays go to the model's
    /// <see cref="PopcornTypeWriter{T}.WriteElements"/>, which checks and enters once per call and pauses there.
    /// </summary>
    private static int BytesToNextFlush(ResponseBody body) => (int)Math.Max(1, ResponseBody.FlushThreshold - body.PendingBytes);
}
