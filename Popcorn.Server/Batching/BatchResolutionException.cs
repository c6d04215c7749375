namespace Popcorn.Server;

/// <summary>
/// A batch resolver (<c>[BatchResolved]</c>) threw, broke its contract or could not be created. A source that is
/// unavailable to the client: a 503 over REST, <c>SOURCE_UNAVAILABLE</c> on the root field in GraphQL. The resolver's
/// own error is logged (event 67), never sent.
/// </summary>
internal sealed class BatchResolutionException(string field, Exception inner)
    : PopcornSourceUnavailableException($"The field '{field}' could not be resolved.", inner)
{
    /// <summary>The field, as <c>Type.field</c>.</summary>
    public string Field { get; } = field;

    /// <summary>
    /// Whether any of the value being written (the root's array or object) was written when the resolver failed:
    /// while not, a GraphQL root field can still be answered <c>null</c> with its error.
    /// </summary>
    public bool ValueStarted { get; set; }
}
