namespace Popcorn.Server;

/// <summary>
/// What the gateway knows of one service's schema since it read it at startup: when it last looked again, whether the
/// service answered, and what has changed there since (the gateway keeps serving the schema it started with).
/// </summary>
internal sealed record UpstreamSchemaStatus(
    string Service,
    DateTimeOffset ServedSince,
    DateTimeOffset? CheckedAt,
    string? Unreachable,
    IReadOnlyList<UpstreamSchemaChange> Changes);
