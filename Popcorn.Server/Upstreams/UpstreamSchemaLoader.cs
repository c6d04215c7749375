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
    UpstreamSchemaWatch watch,
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
            bool openApi = settings.Kind == PopcornUpstreamKind.OpenApi;
            string schemaPath = openApi ? settings.OpenApiPath : settings.SchemaPath;
            (byte[] Buffer, int Length) body;
            try
            {
                body = await client.GetAsync(service, schemaPath, context: null, cancellationToken);
            }
            catch (UpstreamUnavailableException e)
            {
                throw new InvalidOperationException($"The {(openApi ? "OpenAPI document" : "schema")} of upstream '{service}' could not be read from {settings.BaseAddress}{schemaPath.TrimStart('/')}: {e.Message} Start the service first, or check its BaseAddress{(openApi ? " and OpenApiPath" : string.Empty)}.", e);
            }

            UpstreamSchema schema;
            try
            {
                var leftOut = new List<string>();
                schema = openApi
                    ? OpenApiSchemaReader.Read(service, body.Buffer.AsMemory(0, body.Length), settings, leftOut)
                    : UpstreamSchemaReader.Read(service, body.Buffer.AsMemory(0, body.Length), settings.Prefix);
                if (!openApi)
                {
                    watch.Served(service, body.Buffer.AsMemory(0, body.Length));
                }
                if (leftOut.Count > 0)
                {
                    logger.OpenApiOperationsLeftOut(service, leftOut.Count, string.Join("; ", leftOut));
                }
            }
            finally
            {
                UpstreamClient.Return(body.Buffer);
            }

            schemas.Add((service, schema, settings.Prefix));
        }

        // Joins add fields to the services' types, so they are bound after every schema is read and before any type's
        // metadata is initialized.
        RefuseOpenApiJoins(schemas.Where(s => s.Schema.IsOpenApi).Select(s => s.Schema).ToArray());
        var joins = UpstreamJoinBinder.Bind(gateway.JoinDeclarations, schemas.Select(s => s.Schema).ToArray());
        foreach (var (service, schema, prefix) in schemas)
        {
            schema.Complete();
            Register(service, schema, prefix);
        }

        catalog.Add(joins);
        foreach (string rootField in gateway.UpstreamResources)
        {
            if (gateway.Find(rootField) is { Source: OpenApiRootField })
            {
                throw new InvalidOperationException($"A REST resource is mapped to upstream root field '{rootField}', which a service described by OpenAPI answers; REST resources over such services are not built yet (serve it through /graphql).");
            }

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

            IRootFieldSource source = spec.Request is null
                ? new UpstreamRootField(spec, client, _joins, catalog, registry.Options.WriterOptions)
                : new OpenApiRootField(spec, client, catalog, registry.Options.WriterOptions);
            fields.Add(new GatewayField(spec, source));
        }

        catalog.Add(schema.Types);
        registry.AddUpstreamTypes(schema.Types);
        gateway.Add(fields);
        logger.UpstreamSchemaRead(service, schema.Types.Count, fields.Count, string.Join(", ", fields.Select(f => f.Name)));
    }

    /// <summary>
    /// Joins neither start nor end at a plain JSON service's types yet: its lists cannot be filtered by a list of keys,
    /// and its answers are projected by another copier than the one that leaves holes for joins.
    /// </summary>
    private void RefuseOpenApiJoins(IReadOnlyList<UpstreamSchema> plain)
    {
        foreach (var declaration in gateway.JoinDeclarations)
        {
            string name = declaration.TypeName + "." + declaration.FieldName;
            if (plain.FirstOrDefault(s => s.Types.Any(t => t.Metadata.Name == declaration.TypeName)) is { } parent)
            {
                throw new InvalidOperationException($"The gateway's join '{name}' cannot be made: '{declaration.TypeName}' is a type of upstream '{parent.RootFields[0].Service}', a service described by OpenAPI, and joins from such types are not built yet.");
            }

            if (plain.FirstOrDefault(s => s.RootFields.Any(f => f.Name == declaration.From)) is { } target)
            {
                throw new InvalidOperationException($"The gateway's join '{name}' cannot be made: '{declaration.From}' is an operation of upstream '{target.RootFields[0].Service}', a service described by OpenAPI, which cannot be asked for all keys of a level in one call (a Popcorn service's 'where: {{id: {{in: [...]}}}}'); joins to such services are not built yet.");
            }
        }
    }

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartedAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
