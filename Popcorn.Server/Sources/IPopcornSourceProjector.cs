using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Lets a data-access package (e.g. Popcorn.EntityFrameworkCore) replace a handler's sequence with one that reads
/// only what the selection needs, before Popcorn writes it. Registered as a service; every registered projector is
/// asked in turn, and the first that returns a different value wins.
/// </summary>
public interface IPopcornSourceProjector
{
    /// <summary>
    /// Returns what to write instead of <paramref name="sequence"/> (for example an <see cref="IQueryable{T}"/> with
    /// the selection composed in as a projection, already started), or <paramref name="sequence"/> itself when this
    /// projector does not handle it.
    /// </summary>
    /// <param name="sequence">The handler's sequence of <paramref name="modelType"/>.</param>
    /// <param name="modelType">The model type the plan and the writer are for.</param>
    /// <param name="plan">The compiled selection.</param>
    /// <param name="cancellationToken">Cancelled when the client goes away.</param>
    /// <exception cref="PopcornSourceUnavailableException">The source (a database) cannot be reached; Popcorn answers 503.</exception>
    ValueTask<object> ProjectAsync(object sequence, Type modelType, SelectionPlan plan, CancellationToken cancellationToken);
}
