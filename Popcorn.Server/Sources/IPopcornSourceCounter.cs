using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Lets a data-access package count a handler's sequence where it lives (a <c>COUNT</c> in the database) rather than
/// by reading it: a gateway connection's <c>totalCount</c> and REST's total (docs/data.md). Implemented beside
/// <see cref="IPopcornSourceProjector"/> by the same registered service (Popcorn.EntityFrameworkCore's does both);
/// Popcorn counts in memory what no counter takes.
/// </summary>
public interface IPopcornSourceCounter
{
    /// <summary>
    /// The number of elements of <paramref name="sequence"/> that <paramref name="filter"/>'s <c>where</c> keeps (its
    /// order and page are ignored: a total counts every page), or null when this counter does not handle the sequence.
    /// Asked before the sequence is opened for writing, so it may run a statement of its own.
    /// </summary>
    /// <param name="sequence">The handler's sequence of <paramref name="modelType"/>.</param>
    /// <param name="modelType">The model type the filter's fields belong to.</param>
    /// <param name="filter">The list's arguments; only <see cref="CollectionArguments.Where"/> applies.</param>
    /// <param name="cancellationToken">Cancelled when the client goes away.</param>
    /// <exception cref="PopcornSourceUnavailableException">The source (a database) cannot be reached.</exception>
    ValueTask<long?> CountAsync(object sequence, Type modelType, CollectionArguments filter, CancellationToken cancellationToken);
}
