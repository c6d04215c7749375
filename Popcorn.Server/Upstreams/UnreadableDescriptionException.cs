namespace Popcorn.Server;

/// <summary>
/// A service's description that is not one of its kind at all: not JSON, not a Popcorn schema, not an OpenAPI 3
/// document. At startup it stops the app as any other <see cref="InvalidOperationException"/>; read again later, it says
/// nothing about what the service serves, so the gateway keeps the schema it has and reports the service as
/// unreachable, where a readable description it cannot serve is refused (<see cref="UpstreamSchemaWatch"/>).
/// </summary>
internal sealed class UnreadableDescriptionException(string message, Exception? inner = null) : InvalidOperationException(message, inner);
