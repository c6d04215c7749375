using System.IO.Pipelines;
using System.Runtime.InteropServices;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Writes a sequence of one model type as a JSON array, flushing to the response as it goes.</summary>
internal abstract class SequenceWriter
{
    /// <summary>Bytes buffered before they are sent on, so a long list streams instead of piling up in memory.</summary>
    protected const int FlushThreshold = 16 * 1024;

    public abstract ValueTask WriteAsync(Utf8JsonWriter json, object sequence, SelectionPlan plan, PipeWriter body, CancellationToken cancellationToken);

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
    public override async ValueTask WriteAsync(Utf8JsonWriter json, object sequence, SelectionPlan plan, PipeWriter body, CancellationToken cancellationToken)
    {
        json.WriteStartArray();
        switch (sequence)
        {
            case List<T> list:
                for (int start = 0; start < list.Count;)
                {
                    start = WriteSpan(json, CollectionsMarshal.AsSpan(list)[start..], plan, start);
                    await FlushAsync(json, body, cancellationToken);
                }

                break;
            case T[] array:
                for (int start = 0; start < array.Length;)
                {
                    start = WriteSpan(json, array.AsSpan(start), plan, start);
                    await FlushAsync(json, body, cancellationToken);
                }

                break;
            case IAsyncEnumerable<T> items:
                await foreach (var item in items.WithCancellation(cancellationToken))
                {
                    writer.Write(json, item, plan);
                    await FlushIfFullAsync(json, body, cancellationToken);
                }

                break;
            default:
                foreach (var item in (IEnumerable<T>)sequence)
                {
                    writer.Write(json, item, plan);
                    await FlushIfFullAsync(json, body, cancellationToken);
                }

                break;
        }

        json.WriteEndArray();
    }

    /// <summary>Writes items until the buffer is full; returns the index to resume from.</summary>
    private int WriteSpan(Utf8JsonWriter json, ReadOnlySpan<T> items, SelectionPlan plan, int offset)
    {
        for (int i = 0; i < items.Length; i++)
        {
            writer.Write(json, items[i], plan);
            if (json.BytesPending >= FlushThreshold)
            {
                return offset + i + 1;
            }
        }

        return offset + items.Length;
    }

    private static ValueTask FlushIfFullAsync(Utf8JsonWriter json, PipeWriter body, CancellationToken cancellationToken) =>
        json.BytesPending >= FlushThreshold ? FlushAsync(json, body, cancellationToken) : ValueTask.CompletedTask;

    /// <summary>
    /// Sends what is buffered. When the client has gone (the pipe's reader completed, or the request was aborted) the
    /// write stops here: rendering the rest of a long list for nobody would only cost CPU and the handler's data.
    /// </summary>
    private static async ValueTask FlushAsync(Utf8JsonWriter json, PipeWriter body, CancellationToken cancellationToken)
    {
        json.Flush();
        var result = await body.FlushAsync(cancellationToken);
        if (result.IsCompleted || result.IsCanceled)
        {
            throw new OperationCanceledException("The client stopped reading the response.", cancellationToken);
        }
    }
}
