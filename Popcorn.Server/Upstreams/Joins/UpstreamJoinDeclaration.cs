namespace Popcorn.Server;

/// <summary>
/// A join as <c>gateway.Join("Order.customer", from: "customers", key: "customerId")</c> declared it, names only; it is
/// checked against the upstreams' schemas when the app starts (<see cref="UpstreamJoinBinder"/>).
/// </summary>
internal sealed record UpstreamJoinDeclaration(string TypeName, string FieldName, string From, string Key, string TargetKey, string? Description);
