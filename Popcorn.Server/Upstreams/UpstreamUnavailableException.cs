namespace Popcorn.Server;

/// <summary>
/// An upstream call that gave nothing the gateway can use: the service is down, slow, answered an error status, sent
/// malformed JSON, a body over its cap, or a value that breaks its declared schema. The message is written for the
/// client (it names the service and what went wrong, never the service's own error text).
/// </summary>
internal sealed class UpstreamUnavailableException(string message, Exception? inner = null) : Exception(message, inner);
