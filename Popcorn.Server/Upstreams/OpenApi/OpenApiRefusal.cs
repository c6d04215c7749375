namespace Popcorn.Server;

/// <summary>
/// A part of a service's OpenAPI document the gateway cannot serve; <see cref="OpenApiSchemaReader"/> turns it into the
/// startup error, naming the service and the operation.
/// </summary>
internal sealed class OpenApiRefusal(string message) : Exception(message);
