namespace Popcorn.Server;

/// <summary>
/// The query string of <c>GET /popcorn/check</c>: the text, and what to check it against: a model <paramref name="Type"/>,
/// or the gateway (<paramref name="Gateway"/> <c>true</c>), with a GraphQL document's <paramref name="Variables"/> (a JSON
/// object) and <paramref name="OperationName"/>.
/// </summary>
internal sealed record CheckRequest(string? Query, string? Type, string? Variables, string? Gateway, string? OperationName);
