using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Projected rows: the query applied the plan's list arguments, so Popcorn writes them without arranging the lists
/// again (<see cref="IPopcornArrangedSource"/>).
/// </summary>
internal sealed class ArrangedAsyncSequence<T>(IAsyncEnumerable<T> rows) : IAsyncEnumerable<T>, IPopcornArrangedSource
{
    /// <inheritdoc />
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) => rows.GetAsyncEnumerator(cancellationToken);
}
