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
        var json = body.Json;
        json.WriteStartArray();
        switch (sequence)
        {
            case List<T> list:
                for (int start = 0; start < list.Count;)
                {
                    start = WriteSpan(body, CollectionsMarshal.AsSpan(list)[start..], plan, start);
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            case T[] array:
                for (int start = 0; start < array.Length;)
                {
                    start = WriteSpan(body, array.AsSpan(start), plan, start);
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

    /// <summary>Writes items until the buffer is full; returns the index to resume from.</summary>
    private int WriteSpan(ResponseBody body, ReadOnlySpan<T> items, SelectionPlan plan, int offset)
    {
        var json = body.Json;
        for (int i = 0; i < items.Length; i++)
        {
            writer.Write(json, items[i], plan);
            if (body.PendingBytes >= ResponseBody.FlushThreshold)
            {
                return offset + i + 1;
            }
        }

        return offset + items.Length;
    }
}
