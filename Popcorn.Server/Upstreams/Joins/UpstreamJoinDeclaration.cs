namespace Popcorn.Server;

/// <summary>
/// A join as <c>gateway.Join("Order.customer", from: "customers", key: "customerId")</c> (or <c>JoinMany</c>, with
/// <paramref name="Many"/>) declared it, names only; it is checked against the upstreams' schemas when the schemas are
/// read (<see cref="UpstreamJoinBinder"/>).
/// </summary>
internal sealed record UpstreamJoinDeclaration(string TypeName, string FieldName, string From, string Key, string TargetKey, string? Description, bool Many = false);
