namespace Popcorn.Server;

/// <summary>
/// One difference between the schema a service has now and the one the gateway serves for it: breaking when a
/// query the gateway accepts could fail against the service (a type or field removed, a field's type changed),
/// else an addition the gateway does not serve until it restarts.
/// </summary>
internal sealed record UpstreamSchemaChange(bool Breaking, string Description);
