using System.Collections;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Reads a connection's rows from what its source opened: at most the page and one more (the rows plan's
/// <c>first</c>), and, when the total was not counted at the source, the count of what the filter keeps. Typed per
/// model by <see cref="Factory"/>, without reflection.
/// </summary>
internal abstract class ConnectionRows
{
    /// <summary>
    /// The first <paramref name="pageSize"/> rows of <paramref name="sequence"/> and whether one more followed: as they
    /// are when a query arranged them (<paramref name="arrange"/> null), else arranged in memory by
    /// <paramref name="arrange"/>; with <paramref name="count"/>, also how many elements its filter keeps (read from the
    /// same buffered elements, so a one-shot sequence is read once).
    /// </summary>
    public abstract ValueTask<(IList Rows, bool HasNext, long? Total)> ReadAsync(object sequence, CollectionArguments? arrange, CollectionArguments? count, int pageSize, CancellationToken cancellationToken);

    /// <summary>Builds the typed reader of a model's writer.</summary>
    public sealed class Factory : IPopcornTypeWriterVisitor<ConnectionRows>
    {
        public static readonly Factory Instance = new();

        public ConnectionRows Visit<T>(PopcornTypeWriter<T> writer) => new ConnectionRows<T>();
    }
}

/// <summary>The typed reader: buffers the elements (bounded by the page when a query arranged them), then arranges and counts in memory.</summary>
internal sealed class ConnectionRows<T> : ConnectionRows
{
    public override async ValueTask<(IList Rows, bool HasNext, long? Total)> ReadAsync(object sequence, CollectionArguments? arrange, CollectionArguments? count, int pageSize, CancellationToken cancellationToken)
    {
        var rows = new List<T>();
        if (sequence is IAsyncEnumerable<T> items)
        {
            await foreach (var item in items.WithCancellation(cancellationToken))
            {
                rows.Add(item);
            }
        }
        else
        {
            rows.AddRange((IEnumerable<T>)sequence);
        }

        long? total = count is null ? null : count.Apply(rows)!.Length;
        IList<T> page = arrange is null ? rows : arrange.Apply(rows)!;
        bool hasNext = page.Count > pageSize;
        // The row after the page was read only to learn that it exists.
        return (hasNext ? page.Take(pageSize).ToList() : (IList)page, hasNext, total);
    }
}
