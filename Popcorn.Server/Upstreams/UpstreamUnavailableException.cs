using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// An upstream call that gave nothing the gateway can use: the service is down, slow, answered an error status, sent
/// malformed JSON, a body over its cap, or a value that breaks its declared schema. The message is written for the
/// client (it names the service and what went wrong, never the service's own error text). <see cref="Status"/> is what
/// a REST resource over the service answers (docs/gateway.md, "REST resources"): 503 when the service cannot be reached
/// (or says it is unavailable), 504 when it is too slow, 502 for an answer the gateway cannot use.
/// </summary>
internal sealed class UpstreamUnavailableException(string message, Exception? inner = null, int status = StatusCodes.Status502BadGateway) : Exception(message, inner)
{
    public int Status { get; } = status;
}
