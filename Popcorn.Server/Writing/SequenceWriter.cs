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
        // Counted from what the writer has produced, not from BytesPending alone: Utf8JsonWriter hands its bytes to
        // the pipe by itself each time a pipe segment fills, and BytesPending then drops back to zero, so on its own
        // it never reached the threshold and a long sequence was buffered whole.
        long flushed = json.BytesCommitted + json.BytesPending;
        json.WriteStartArray();
        switch (sequence)
        {
            case List<T> list:
                for (int start = 0; start < list.Count;)
                {
                    start = WriteSpan(json, CollectionsMarshal.AsSpan(list)[start..], plan, start, flushed);
                    flushed = await FlushAsync(json, body, cancellationToken);
                }

                break;
            case T[] array:
                for (int start = 0; start < array.Length;)
                {
                    start = WriteSpan(json, array.AsSpan(start), plan, start, flushed);
                    flushed = await FlushAsync(json, body, cancellationToken);
                }

                break;
            case IAsyncEnumerable<T> items:
                await foreach (var item in items.WithCancellation(cancellationToken))
                {
                    writer.Write(json, item, plan);
                    if (Unflushed(json, flushed) >= FlushThreshold)
                    {
                        flushed = await FlushAsync(json, body, cancellationToken);
                    }
                }

                break;
            default:
                foreach (var item in (IEnumerable<T>)sequence)
                {
                    writer.Write(json, item, plan);
                    if (Unflushed(json, flushed) >= FlushThreshold)
                    {
                        flushed = await FlushAsync(json, body, cancellationToken);
                    }
                }

                break;
        }

        json.WriteEndArray();
    }

    /// <summary>Writes items until the buffer is full; returns the index to resume from.</summary>
    private int WriteSpan(Utf8JsonWriter json, ReadOnlySpan<T> items, SelectionPlan plan, int offset, long flushed)
    {
        for (int i = 0; i < items.Length; i++)
        {
            writer.Write(json, items[i], plan);
            if (Unflushed(json, flushed) >= FlushThreshold)
            {
                return offset + i + 1;
            }
        }

        return offset + items.Length;
    }

    /// <summary>Bytes written since the last flush to the client, whether still in the writer or already in the pipe.</summary>
    private static long Unflushed(Utf8JsonWriter json, long flushed) => json.BytesCommitted + json.BytesPending - flushed;

    /// <summary>
    /// Sends what is written on to the client; returns the new flush mark. When the client has gone (the pipe's reader
    /// completed, or the request was aborted) the write stops here: rendering the rest of a long list for nobody would
    /// only cost CPU and the handler's data.
    /// </summary>
    private static async ValueTask<long> FlushAsync(Utf8JsonWriter json, PipeWriter body, CancellationToken cancellationToken)
    {
        json.Flush();
        var result = await body.FlushAsync(cancellationToken);
        if (result.IsCompleted || result.IsCanceled)
        {
            throw new OperationCanceledException("The client stopped reading the response.", cancellationToken);
        }

        return json.BytesCommitted;
    }
}
