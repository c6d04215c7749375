using Microsoft.Extensions.Hosting;

namespace Popcorn.Server;

/// <summary>
/// Runs <see cref="UpstreamSchemaWatch.CheckAsync"/> for every service with a
/// <see cref="PopcornUpstreamOptions.SchemaCheckInterval"/>, each on its own timer, until the app stops.
/// </summary>
internal sealed class UpstreamSchemaChecks(UpstreamSchemaWatch watch) : BackgroundService
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
                await watch.CheckAsync(service, stoppingToken);
            }
        }
        catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
        {
            // the app stops
        }
    }
}
