using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Applies a root list's <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c> in memory, for a source that did not apply
/// them in a query; shared by every writer of a sequence (the JSON array, CSV rows, JSON Lines).
/// </summary>
internal static class RootListArguments
{
    /// <summary>The arranged elements of <paramref name="sequence"/> (an <see cref="IEnumerable{T}"/> or <see cref="IAsyncEnumerable{T}"/>).</summary>
    public static async ValueTask<object> ApplyAsync<T>(object sequence, CollectionArguments arguments, CancellationToken cancellationToken) =>
        sequence is IAsyncEnumerable<T> pending
            ? arguments.Apply(await BufferAsync(pending, cancellationToken))!
            : arguments.Apply((IEnumerable<T>)sequence)!;

    private static async ValueTask<List<T>> BufferAsync<T>(IAsyncEnumerable<T> items, CancellationToken cancellationToken)
    {
        // Sorting and filtering need every element; such a source is read whole before the first is written.
        var buffered = new List<T>();
        await foreach (var item in items.WithCancellation(cancellationToken))
        {
            buffered.Add(item);
        }

        return buffered;
    }
}
