using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Runs <see cref="UpstreamSchemaWatch.CheckAsync"/> for every service with a
/// <see cref="PopcornUpstreamOptions.SchemaCheckInterval"/>, each on its own timer, until the app stops. A check that
/// fails in a way the watch does not expect is logged and the next one runs: an exception out of a background service
/// stops the host by default, and no service's description may stop the gateway.
/// </summary>
internal sealed class UpstreamSchemaChecks(UpstreamSchemaWatch watch, ILogger<UpstreamSchemaChecks> logger) : BackgroundService
{
    protected override Task ExecuteAsync(CancellationToken stoppingToken) =>
        Task.WhenAll(watch.Checked.Select(s => CheckEveryAsync(s.Service, s.Interval, stoppingToken)));

    private async Task CheckEveryAsync(string service, TimeSpan interval, CancellationToken stoppingToken)
    {
        using var timer = new PeriodicTimer(interval);
        try
        {
            while (await timer.WaitForNextTickAsync(stoppingToken))
            {
                try
                {
                    await watch.CheckAsync(service, stoppingToken);
                }
                catch (Exception e) when (e is not OperationCanceledException || !stoppingToken.IsCancellationRequested)
                {
                    logger.UpstreamSchemaCheckFailed(service, e);
                }
            }
        }
        catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
        {
            // the app stops
        }
    }
}
