using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Reads a sequence in memory once into a list and counts the elements a filter keeps, for a total that no
/// <see cref="IPopcornSourceCounter"/> counted; the list is then written in place of the sequence, so a one-shot
/// sequence (an <see cref="IAsyncEnumerable{T}"/>, an iterator) is never read twice. Typed per model by
/// <see cref="Factory"/>, without reflection.
/// </summary>
internal abstract class SequenceBuffer
{
    public abstract ValueTask<(object Buffered, long Count)> BufferAsync(object sequence, CollectionArguments filter, CancellationToken cancellationToken);

    /// <summary>Builds the typed buffer of a model's writer.</summary>
    public sealed class Factory : IPopcornTypeWriterVisitor<SequenceBuffer>
    {
        public static readonly Factory Instance = new();

        public SequenceBuffer Visit<T>(PopcornTypeWriter<T> writer) => new SequenceBuffer<T>();
    }
}

/// <summary>The typed buffer.</summary>
internal sealed class SequenceBuffer<T> : SequenceBuffer
{
    public override async ValueTask<(object Buffered, long Count)> BufferAsync(object sequence, CollectionArguments filter, CancellationToken cancellationToken)
    {
        var buffered = new List<T>();
        if (sequence is IAsyncEnumerable<T> items)
        {
            await foreach (var item in items.WithCancellation(cancellationToken))
            {
                buffered.Add(item);
            }
        }
        else
        {
            buffered.AddRange((IEnumerable<T>)sequence);
        }

        return (buffered, filter.Where is null ? buffered.Count : filter.Apply(buffered)!.Length);
    }
}
