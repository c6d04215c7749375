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
}
