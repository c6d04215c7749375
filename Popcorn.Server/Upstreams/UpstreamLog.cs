using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>What the gateway logs about its upstream services.</summary>
internal static partial class UpstreamLog
{
    // Debug: an outage of the service is one Warning when it starts and one when it ends (OutageEpisode, events 20 and 21).
    [LoggerMessage(EventId = 60, Level = LogLevel.Debug, Message = "Upstream '{Service}' failed: {Reason}.")]
    public static partial void UpstreamFailed(this ILogger logger, string service, string reason, Exception? exception);

    [LoggerMessage(EventId = 61, Level = LogLevel.Information, Message = "Upstream '{Service}': read its schema, {Types} types and {Fields} root fields served as {Names}.")]
    public static partial void UpstreamSchemaRead(this ILogger logger, string service, int types, int fields, string names);

    [LoggerMessage(EventId = 62, Level = LogLevel.Information, Message = "Upstream '{Service}': {Count} GET operations of its OpenAPI document are not served: {Operations}.")]
    public static partial void OpenApiOperationsLeftOut(this ILogger logger, string service, int count, string operations);

    [LoggerMessage(EventId = 63, Level = LogLevel.Warning, Message = "Upstream '{Service}': its {Description} changed in {Count} breaking ways, and the gateway now serves the new schema: {Changes}. Queries on what was removed or retyped are refused from now on.")]
    public static partial void UpstreamSchemaBroken(this ILogger logger, string service, string description, int count, string changes);

    [LoggerMessage(EventId = 64, Level = LogLevel.Information, Message = "Upstream '{Service}': its {Description} changed without breaking anything, and the gateway now serves the new schema: {Changes}.")]
    public static partial void UpstreamSchemaGrew(this ILogger logger, string service, string description, string changes);

    [LoggerMessage(EventId = 65, Level = LogLevel.Warning, Message = "Upstream '{Service}': its {Description} could not be read again ({Reason}); the gateway keeps serving the schema it read.")]
    public static partial void UpstreamSchemaUnreadable(this ILogger logger, string service, string description, string reason);

    [LoggerMessage(EventId = 66, Level = LogLevel.Error, Message = "Upstream '{Service}': its {Description} changed, and the gateway cannot serve the new one, so it keeps serving the schema it had: {Reason} The change: {Changes}.")]
    public static partial void UpstreamSchemaRefused(this ILogger logger, string service, string description, string reason, string changes);

    [LoggerMessage(EventId = 68, Level = LogLevel.Warning, Message = "Upstream '{Service}' issued a cursor for '{Field}' that this gateway would refuse as 'after' (set the same Popcorn:CursorKey on both; a Prefix on the service also changes the order a cursor names), so its pages are sent without a Link: rel=\"next\". Logged once per field.")]
    public static partial void UpstreamCursorNotHonoured(this ILogger logger, string service, string field);

    [LoggerMessage(EventId = 69, Level = LogLevel.Error, Message = "Upstream '{Service}': checking its description again failed unexpectedly; the gateway keeps serving the schema it has and checks again at the next interval.")]
    public static partial void UpstreamSchemaCheckFailed(this ILogger logger, string service, Exception exception);
}
