namespace Popcorn.Server;

/// <summary>
/// One difference between the schema a service's description gives now and the one the gateway served for it: breaking
/// when a query the gateway accepted could now be refused or answered otherwise (a type or field removed, a field's
/// type changed), else an addition or a detail.
/// </summary>
internal sealed record UpstreamSchemaChange(bool Breaking, string Description);
