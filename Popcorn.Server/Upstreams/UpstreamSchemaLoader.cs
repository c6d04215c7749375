using Microsoft.Extensions.Hosting;

namespace Popcorn.Server;

/// <summary>
/// Reads the schema of every upstream service a mapped gateway serves (<c>gateway.Upstream("orders")</c>) while the app
/// starts, before the server listens, and serves them (<see cref="UpstreamSchemaComposer"/>): their types join the
/// gateway's schema and their root fields become the gateway's. A service that is not configured or cannot be read, or
/// a name that clashes with one the gateway already has, stops the app with a message that says which and how to fix it.
/// </summary>
internal sealed class UpstreamSchemaLoader(
    PopcornGateway gateway,
    UpstreamCatalog catalog,
    UpstreamClient client,
    UpstreamSchemaComposer composer,
    UpstreamSchemaWatch watch) : IHostedLifecycleService
{
    public async Task StartingAsync(CancellationToken cancellationToken)
    {
        var documents = new Dictionary<string, byte[]>(StringComparer.Ordinal);
        foreach (string service in gateway.UpstreamServices)
        {
            if (!catalog.Names.Contains(service))
            {
                throw new InvalidOperationException(
                    $"The gateway serves upstream '{service}', but Popcorn:Upstreams has no '{service}' (it has: {string.Join(", ", catalog.Names.Order(StringComparer.Ordinal))}). Add Popcorn:Upstreams:{service}:BaseAddress.");
            }

            var settings = client.OptionsOf(service);
            string path = UpstreamDescription.PathOf(settings);
            try
            {
                documents[service] = await client.GetCopyAsync(service, path, cancellationToken);
            }
            catch (UpstreamUnavailableException e)
            {
                bool openApi = settings.Kind == PopcornUpstreamKind.OpenApi;
                throw new InvalidOperationException($"The {UpstreamDescription.NameOf(settings)} of upstream '{service}' could not be read from {settings.BaseAddress}{path.TrimStart('/')}: {e.Message} Start the service first, or check its BaseAddress{(openApi ? " and OpenApiPath" : string.Empty)}.", e);
            }
        }

        if (documents.Count == 0)
        {
            return;
        }

        composer.Serve(documents);
        foreach (var (service, document) in documents)
        {
            watch.Served(service, document);
        }
    }

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartedAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
