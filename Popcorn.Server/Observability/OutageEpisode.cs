using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Turns the failures of one dependency (the database behind a source, the persisted-query store) into two log lines
/// per outage instead of one per request: a warning at the first failure, naming when it started and why, and one line
/// when a call succeeds again, with how long it lasted and how many requests went without the dependency meanwhile.
/// Thread-safe and allocation-free on the healthy path (one volatile read per success).
/// </summary>
internal sealed class OutageEpisode(string dependency, ILogger logger, TimeProvider time)
{
    private readonly Lock _gate = new();
    private volatile bool _down;
    private DateTimeOffset _since;
    private long _affected;

    /// <summary>Whether an outage is going on (the last call failed and none has succeeded since).</summary>
    public bool IsDown => _down;

    /// <summary>
    /// A call failed, or a request went without the dependency: the first one of an episode logs the warning, every one
    /// is counted. <paramref name="error"/> is null when the request was not even tried (a breaker is open).
    /// </summary>
    public void Failed(Exception? error)
    {
        lock (_gate)
        {
            _affected++;
            if (_down)
            {
                return;
            }

            _down = true;
            _since = time.GetUtcNow();
        }

        logger.OutageStarted(error, dependency, _since, error?.GetType().Name ?? "not tried", error?.Message ?? string.Empty);
    }

    /// <summary>A call succeeded: ends the episode, if there is one, with one line saying how long and how many.</summary>
    public void Succeeded()
    {
        if (!_down)
        {
            return;
        }

        DateTimeOffset since;
        long affected;
        lock (_gate)
        {
            if (!_down)
            {
                return;
            }

            _down = false;
            since = _since;
            affected = _affected;
            _affected = 0;
        }

        var lasted = time.GetUtcNow() - since;
        logger.OutageEnded(dependency, since, Math.Round(lasted.TotalSeconds, 1), affected);
    }
}
