using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// The two lines of an outage episode (<see cref="OutageEpisode"/>): its start, with the error, and its end, with the
/// count. Event ids 20 and 21, documented in docs/configuration.md.
/// </summary>
internal static partial class OutageLog
{
    [LoggerMessage(20, LogLevel.Warning, "{Dependency} unavailable since {Since:O} ({Exception}: {Message}); requests go on without it, and this is logged once until it answers again.")]
    public static partial void OutageStarted(this ILogger logger, Exception? error, string dependency, DateTimeOffset since, string exception, string message);

    [LoggerMessage(21, LogLevel.Warning, "{Dependency} available again: it was unavailable from {Since:O} for {Seconds} s, and {Affected} requests went without it meanwhile.")]
    public static partial void OutageEnded(this ILogger logger, string dependency, DateTimeOffset since, double seconds, long affected);
}
