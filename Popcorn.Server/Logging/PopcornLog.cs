using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>Popcorn's log messages, source-generated so logging costs nothing when disabled.</summary>
internal static partial class PopcornLog
{
    [LoggerMessage(1, LogLevel.Debug, "Endpoint '{Method}' returns {ReturnType}, which no registered Popcorn context models; its result is checked at run time.")]
    public static partial void ReturnTypeNotModeled(this ILogger logger, string returnType, string method);

    [LoggerMessage(2, LogLevel.Debug, "Rejected a selection: {Detail} (line {Line}, column {Column}).")]
    public static partial void SelectionRejected(this ILogger logger, string detail, int line, int column);

    [LoggerMessage(3, LogLevel.Error, "Gateway field '{Field}' failed.")]
    public static partial void GatewayFieldFailed(this ILogger logger, Exception exception, string field);
}
