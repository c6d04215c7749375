using System.Buffers;
using System.Collections.Concurrent;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// Reuses <see cref="Utf8JsonWriter"/> instances across requests (ASP.NET Core's own JSON path has
/// historically allocated one per request). A writer is rented for one response and reset onto its body.
/// </summary>
internal sealed class Utf8JsonWriterPool(JsonWriterOptions options)
{
    private const int MaxRetained = 64;
    private readonly ConcurrentQueue<Utf8JsonWriter> _writers = new();

    public Utf8JsonWriter Rent(IBufferWriter<byte> output)
    {
        if (_writers.TryDequeue(out var writer))
        {
            writer.Reset(output);
            return writer;
        }

        return new Utf8JsonWriter(output, options);
    }

    public void Return(Utf8JsonWriter writer)
    {
        // Drop the reference to the response body so a pooled writer keeps no request alive.
        writer.Reset(DetachedOutput.Instance);
        if (_writers.Count < MaxRetained)
        {
            _writers.Enqueue(writer);
        }
        else
        {
            writer.Dispose();
        }
    }

    /// <summary>The output of a writer waiting in the pool; never written to.</summary>
    private sealed class DetachedOutput : IBufferWriter<byte>
    {
        public static readonly DetachedOutput Instance = new();

        public void Advance(int count) => throw new InvalidOperationException("A pooled writer was used after it was returned.");

        public Memory<byte> GetMemory(int sizeHint = 0) => throw new InvalidOperationException("A pooled writer was used after it was returned.");

        public Span<byte> GetSpan(int sizeHint = 0) => throw new InvalidOperationException("A pooled writer was used after it was returned.");
    }
}
