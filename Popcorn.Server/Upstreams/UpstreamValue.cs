namespace Popcorn.Server;

/// <summary>
/// A root field's value from an upstream service, already projected by the plan and checked against the service's
/// schema: JSON the gateway writes into its response as it is.
/// </summary>
internal sealed class UpstreamValue(ReadOnlyMemory<byte> json)
{
    public ReadOnlyMemory<byte> Json { get; } = json;

    /// <summary>Whether the value is <c>null</c>: the service had no such object (a by-id field's miss, a declared 404).</summary>
    public bool IsNull => Json.Span.SequenceEqual("null"u8);

    /// <summary>The errors of joins that failed under it (their fields are null in <see cref="Json"/>); empty for most values.</summary>
    public IReadOnlyList<GraphQLError> Errors { get; init; } = [];
}
