namespace Popcorn.Server;

/// <summary>
/// What the gateway knows of one service's schema: since when it serves the schema it has, when it last looked again,
/// whether the service answered, what the last change it served was (or, while <paramref name="Refused"/> says why a
/// changed schema could not be served, what that change would be).
/// </summary>
internal sealed record UpstreamSchemaStatus(
    string Service,
    DateTimeOffset ServedSince,
    DateTimeOffset? CheckedAt,
    string? Unreachable,
    IReadOnlyList<UpstreamSchemaChange> Changes,
    string? Refused);
