using Microsoft.Extensions.Logging;

namespace Popcorn.EntityFrameworkCore;

/// <summary>Popcorn.EntityFrameworkCore's log messages, source-generated.</summary>
internal static partial class EntityFrameworkLog
{
    [LoggerMessage(101, LogLevel.Warning, "The selection on {Model} cannot be pushed down to the database, so the handler's query runs unprojected: {Reason}")]
    public static partial void ProjectionRefused(this ILogger logger, string model, string reason);

    // Debug: Popcorn.Server logs a database outage once per episode, with a count (event 20, then 21 when it is back).
    [LoggerMessage(102, LogLevel.Debug, "The database query for {Model} failed before any row was read; answering 503.")]
    public static partial void SourceUnavailable(this ILogger logger, Exception? exception, string model);

    [LoggerMessage(103, LogLevel.Warning, "Refused {Count} queries of shapes EF Core had not compiled yet (503 with Retry-After; at most one such line per 10 s): {Why}. Known shapes are still served; raise MaxConcurrentCompilations or MaxQueuedCompilations if these are your own clients.")]
    public static partial void CompilationsRefused(this ILogger logger, long count, string why);
}
