using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Popcorn's log messages, source-generated so logging costs nothing when disabled. The event ids are stable and
/// documented in docs/configuration.md; categories are the logging classes' full names (<c>Popcorn.Server.*</c>).
/// </summary>
internal static partial class PopcornLog
{
    [LoggerMessage(1, LogLevel.Warning, "Popcorn endpoint '{Endpoint}' does not say which model it returns (its handler returns {ReturnType}): a selection is checked for syntax before the handler runs, but against the model only after. Say the type with .WithPopcorn<T>(), [Popcorn(typeof(T))], .Produces<T>() or a typed result such as Created<T>.")]
    public static partial void EndpointModelUnknown(this ILogger logger, string endpoint, string returnType);

    [LoggerMessage(2, LogLevel.Debug, "Rejected a selection: {Detail} (line {Line}, column {Column}).")]
    public static partial void SelectionRejected(this ILogger logger, string detail, int line, int column);

    [LoggerMessage(3, LogLevel.Error, "Gateway field '{Field}' failed.")]
    public static partial void GatewayFieldFailed(this ILogger logger, Exception exception, string field);

    [LoggerMessage(4, LogLevel.Debug, "A /graphql request body was not read to the end: the client aborted the upload or sent it too slowly.")]
    public static partial void GatewayUploadAborted(this ILogger logger);

    [LoggerMessage(5, LogLevel.Warning, "A response to {Method} {Path} passed MaxResponseBytes ({Limit} bytes); already sending: {Aborted}. Before any byte was sent the client gets a 400; after, the connection is aborted.")]
    public static partial void ResponseTooLarge(this ILogger logger, string method, string? path, long limit, bool aborted);

    [LoggerMessage(7, LogLevel.Information, "The Popcorn playground at {Pattern} is off outside the Development environment; set EnableOutsideDevelopment in MapPopcornPlayground to serve it.")]
    public static partial void PlaygroundOff(this ILogger logger, string pattern);

    // 8 is retired: it was OutputCacheStoreUnavailable, once per failed call; an outage of the store is now events 20 and 21.

    [LoggerMessage(9, LogLevel.Warning, "The field authorization policy '{Policy}' could not be evaluated ({Reason}); the fields it protects are hidden from this caller.")]
    public static partial void FieldPolicyNotEvaluated(this ILogger logger, string policy, string reason);

    [LoggerMessage(10, LogLevel.Error, "Gateway mutation field '{Field}' failed (trace id {TraceId}); the client was told only the trace id.")]
    public static partial void GatewayMutationFailed(this ILogger logger, Exception exception, string field, string traceId);

    [LoggerMessage(11, LogLevel.Error, "The list '{Field}' held a null element, which its GraphQL type does not allow; the response to '{Path}' was withheld (trace id {TraceId}). The app's data breaks its own nullable annotations: fix the data, or declare the elements nullable.")]
    public static partial void NullListElement(this ILogger logger, string field, string path, string traceId);

    [LoggerMessage(12, LogLevel.Warning, "The list '{Field}' streamed from its upstream service failed after part of the response was sent, so the connection was cut: {Reason}")]
    public static partial void GatewayStreamCut(this ILogger logger, string field, string reason);

    [LoggerMessage(67, LogLevel.Error, "The batch resolver '{Resolver}' of the field '{Field}' failed; the field's root is answered as unavailable.")]
    public static partial void BatchResolverFailed(this ILogger logger, Exception exception, string field, string resolver);
}
