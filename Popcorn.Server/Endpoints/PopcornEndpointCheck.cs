using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// At startup, warns about every Popcorn endpoint whose model type cannot be known before its handler runs (see
/// <see cref="EndpointModels"/>), naming it, so the gap is found when the app starts rather than by a client.
/// </summary>
/// <remarks>
/// Runs once the app has started: a <see cref="WebApplication"/> hands its endpoints to routing only when it builds its
/// request pipeline, which happens after hosted services start.
/// </remarks>
internal sealed class PopcornEndpointCheck(IServiceProvider services, IHostApplicationLifetime lifetime, EndpointModels models, ILogger<PopcornEndpointCheck> logger) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (logger.IsEnabled(LogLevel.Warning))
        {
            lifetime.ApplicationStarted.Register(static state => ((PopcornEndpointCheck)state!).Check(), this);
        }

        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    private void Check()
    {
        if (services.GetService<EndpointDataSource>() is not { } dataSource)
        {
            return;
        }

        foreach (var endpoint in dataSource.Endpoints)
        {
            if (endpoint.Metadata.GetMetadata<IPopcornEndpointMetadata>() is not null && models.ShapeOf(endpoint) is null)
            {
                string returnType = EndpointModels.HandlerMethod(endpoint.Metadata)?.ReturnType.ToString() ?? "an unknown type";
                logger.EndpointModelUnknown(endpoint.DisplayName ?? endpoint.ToString() ?? "(unnamed)", returnType);
            }
        }
    }
}
