using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Reads the schema of every upstream service a mapped gateway serves (<c>gateway.Upstream("orders")</c>) while the app
/// starts, before the server listens: its types join the gateway's schema and its root fields become the gateway's. A
/// service that is not configured or cannot be read, or a name that clashes with one the gateway already has, stops the
/// app with a message that says which and how to fix it.
/// </summary>
internal sealed class UpstreamSchemaLoader(
    PopcornGateway gateway,
    PopcornRegistry registry,
    UpstreamCatalog catalog,
    UpstreamClient client,
    ILogger<UpstreamSchemaLoader> logger) : IHostedLifecycleService
{
    private readonly UpstreamJoinRunner _joins = new(client, catalog, registry.Options.WriterOptions, registry.Options.MaxResponseBytes);

    public async Task StartingAsync(CancellationToken cancellationToken)
    {
        var schemas = new List<(string Service, UpstreamSchema Schema, string? Prefix)>();
        foreach (string service in gateway.UpstreamServices)
        {
            if (!catalog.Names.Contains(service))
            {
                throw new InvalidOperationException(
                    $"The gateway serves upstream '{service}', but Popcorn:Upstreams has no '{service}' (it has: {string.Join(", ", catalog.Names.Order(StringComparer.Ordinal))}). Add Popcorn:Upstreams:{service}:BaseAddress.");
            }

            var settings = client.OptionsOf(service);
            (byte[] Buffer, int Length) body;
            try
            {
                body = await client.GetAsync(service, settings.SchemaPath, context: null, cancellationToken);
            }
            catch (UpstreamUnavailableException e)
            {
                throw new InvalidOperationException($"The schema of upstream '{service}' could not be read from {settings.BaseAddress}{settings.SchemaPath.TrimStart('/')}: {e.Message} Start the service first, or check its BaseAddress.", e);
            }

            UpstreamSchema schema;
            try
            {
                schema = UpstreamSchemaReader.Read(service, body.Buffer.AsMemory(0, body.Length), settings.Prefix);
            }
            finally
            {
                UpstreamClient.Return(body.Buffer);
            }

            schemas.Add((service, schema, settings.Prefix));
        }

        // Joins add fields to the services' types, so they are bound after every schema is read and before any type's
        // metadata is initialized.
        var joins = UpstreamJoinBinder.Bind(gateway.JoinDeclarations, schemas.Select(s => s.Schema).ToArray());
        foreach (var (service, schema, prefix) in schemas)
        {
            schema.Complete();
            Register(service, schema, prefix);
        }

        catalog.Add(joins);
        foreach (string rootField in gateway.UpstreamResources)
        {
            if (gateway.Find(rootField) is not { Source: UpstreamRootField source })
            {
                throw new InvalidOperationException($"A REST resource is mapped to upstream root field '{rootField}', which no served upstream has (map the gateway with gateway.Upstream(\"service\"), and name the field as the gateway's schema does, prefix included).");
            }

            if (source.Spec.Arguments.FirstOrDefault(a => a.Type.EndsWith('!') && !UpstreamResourceArguments.CanBind(a.Type)) is { Name: not null } required)
            {
                throw new InvalidOperationException($"A REST resource is mapped to upstream root field '{rootField}', which needs the list argument '{required.Name}' ({required.Type}); a resource reads its arguments from the route and the query string, where a list cannot be written.");
            }
        }
    }

    private void Register(string service, UpstreamSchema schema, string? prefix)
    {
        var taken = registry.ModelTypes.Select(t => t.Name).ToHashSet(StringComparer.Ordinal);
        foreach (var type in schema.Types)
        {
            if (taken.Contains(type.Metadata.Name))
            {
                throw new InvalidOperationException(
                    $"Upstream '{service}' has a type '{type.Metadata.Name}', and the gateway already has one of that name. Set Popcorn:Upstreams:{service}:Prefix to put a prefix before the service's names{(prefix is null ? string.Empty : " (or another prefix than '" + prefix + "')")}.");
            }
        }

        var fields = new List<GatewayField>();
        foreach (var spec in schema.RootFields)
        {
            if (gateway.Find(spec.Name) is not null || fields.Any(f => f.Name == spec.Name))
            {
                throw new InvalidOperationException(
                    $"Upstream '{service}' has a root field '{spec.Name}', and the gateway already has one of that name. Set Popcorn:Upstreams:{service}:Prefix to put a prefix before the service's names.");
            }

            fields.Add(new GatewayField(spec, new UpstreamRootField(spec, client, _joins, catalog, registry.Options.WriterOptions)));
        }

        catalog.Add(schema.Types);
        registry.AddUpstreamTypes(schema.Types);
        gateway.Add(fields);
        logger.UpstreamSchemaRead(service, schema.Types.Count, fields.Count, string.Join(", ", fields.Select(f => f.Name)));
    }

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartedAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
