namespace Popcorn.Query;

/// <summary>
/// Computes one field (<c>[BatchResolved]</c>) for many objects of the same level at once: the DataLoader's job,
/// without a loader per request. One call per level and field (per chunk of at most
/// <c>PopcornOptions.MaxFilterInValues</c> parents), never one per object.
/// </summary>
/// <typeparam name="TParent">The type that declares the field.</typeparam>
/// <typeparam name="TValue">The field's type.</typeparam>
public interface IPopcornBatchResolver<TParent, TValue>
    where TParent : class
{
    /// <summary>
    /// The field's value for each of <paramref name="parents"/>, in the same order and as many: element <c>i</c> is
    /// the value of <c>parents[i]</c>. Each parent appears once, however many times the response writes it.
    /// </summary>
    /// <param name="parents">The objects of one level whose field the response writes, in the order first met.</param>
    /// <param name="cancellationToken">Cancelled when the client leaves.</param>
    /// <remarks>Popcorn.Server answers an exception thrown here as the field's source being unavailable: a 503 problem over REST, <c>SOURCE_UNAVAILABLE</c> on the root field in GraphQL.</remarks>
    ValueTask<IReadOnlyList<TValue>> ResolveAsync(IReadOnlyList<TParent> parents, CancellationToken cancellationToken);
}
