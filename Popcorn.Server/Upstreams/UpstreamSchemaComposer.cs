using Microsoft.Extensions.Logging;

namespace Popcorn.Server;

/// <summary>
/// Turns the documents the upstream services describe themselves with (a Popcorn service's <c>/popcorn/schema</c>, a
/// plain service's OpenAPI document) into what the gateway serves, and serves it: the services' types, the joins
/// declared between them and their root fields, checked against the app's own names and the REST resources mapped onto
/// them, then published as a whole (the registry's and the catalog's types, the gateway's new generation). At startup
/// with every service's document; again, with one service's new document beside the others' served ones, when that
/// service's schema changed (<see cref="UpstreamSchemaWatch"/>). Either way a document that cannot be served throws,
/// and what was served before stays served. A singleton.
/// </summary>
internal sealed class UpstreamSchemaComposer(
    PopcornGateway gateway,
    PopcornRegistry registry,
    UpstreamCatalog catalog,
    UpstreamClient client,
    ILogger<UpstreamSchemaComposer> logger)
{
    private readonly UpstreamJoinRunner _joins = new(client, catalog, registry.Options.WriterOptions, registry.Options.MaxResponseBytes);
    private readonly Lock _gate = new();
    private Dictionary<string, byte[]> _served = new(StringComparer.Ordinal);

    /// <summary>Serves every service's <paramref name="documents"/>, by service name (startup: all of <see cref="PopcornGateway.UpstreamServices"/>).</summary>
    /// <exception cref="InvalidOperationException">A document is not a schema, or its names clash, or a join or REST resource no longer fits; the message says which and how to fix it.</exception>
    public void Serve(IReadOnlyDictionary<string, byte[]> documents)
    {
        lock (_gate)
        {
            Compose(new Dictionary<string, byte[]>(documents, StringComparer.Ordinal), changed: documents.Keys.ToHashSet(StringComparer.Ordinal));
        }
    }

    /// <summary>Serves <paramref name="service"/>'s new <paramref name="document"/> beside the other services' served ones.</summary>
    /// <exception cref="InvalidOperationException">As for <see cref="Serve"/>; the schema served before stays served.</exception>
    public void ServeChanged(string service, byte[] document)
    {
        lock (_gate)
        {
            Compose(new Dictionary<string, byte[]>(_served, StringComparer.Ordinal) { [service] = document }, changed: new HashSet<string>(StringComparer.Ordinal) { service });
        }
    }

    private void Compose(Dictionary<string, byte[]> documents, IReadOnlySet<string> changed)
    {
        var schemas = new List<(string Service, UpstreamSchema Schema, string? Prefix)>();
        foreach (string service in gateway.UpstreamServices)
        {
            var settings = client.OptionsOf(service);
            var leftOut = new List<string>();
            var schema = UpstreamDescription.Read(service, documents[service], settings, leftOut);
            if (leftOut.Count > 0 && changed.Contains(service))
            {
                logger.OpenApiOperationsLeftOut(service, leftOut.Count, string.Join("; ", leftOut));
            }

            schemas.Add((service, schema, settings.Prefix));
        }

        // Joins add fields to the services' types, so they are bound after every schema is read and before any type's
        // metadata is initialized.
        var joins = UpstreamJoinBinder.Bind(gateway.JoinDeclarations, schemas.Select(s => s.Schema).ToArray());
        var taken = registry.LocalModelTypes.Select(t => t.Name).ToHashSet(StringComparer.Ordinal);
        var writers = new List<UpstreamTypeWriter>();
        var fields = new List<GatewayField>();
        foreach (var (service, schema, prefix) in schemas)
        {
            schema.Complete();
            int before = fields.Count;
            Add(service, schema, prefix, taken, writers, fields);
            if (changed.Contains(service))
            {
                var own = fields.Skip(before).Select(f => f.Name).ToArray();
                logger.UpstreamSchemaRead(service, schema.Types.Count, own.Length, string.Join(", ", own));
            }
        }

        CheckResources(fields);
        registry.ServeUpstreamTypes(writers);
        catalog.Serve(writers, joins);
        gateway.ServeUpstreams(fields, writers.Select(w => w.Metadata).ToArray());
        _served = documents;
    }

    private void Add(string service, UpstreamSchema schema, string? prefix, HashSet<string> taken, List<UpstreamTypeWriter> writers, List<GatewayField> fields)
    {
        foreach (var type in schema.Types)
        {
            if (!taken.Add(type.Metadata.Name))
            {
                throw new InvalidOperationException(
                    $"Upstream '{service}' has a type '{type.Metadata.Name}', and the gateway already has one of that name. Set Popcorn:Upstreams:{service}:Prefix to put a prefix before the service's names{(prefix is null ? string.Empty : " (or another prefix than '" + prefix + "')")}.");
            }
        }

        foreach (var spec in schema.RootFields)
        {
            if (gateway.FindLocal(spec.Name) is not null || fields.Any(f => f.Name == spec.Name))
            {
                throw new InvalidOperationException(
                    $"Upstream '{service}' has a root field '{spec.Name}', and the gateway already has one of that name. Set Popcorn:Upstreams:{service}:Prefix to put a prefix before the service's names.");
            }

            IRootFieldSource source = spec.Request is null
                ? new UpstreamRootField(spec, client, _joins, catalog, registry.Options.WriterOptions)
                : new OpenApiRootField(spec, client, _joins, catalog, registry.Options.WriterOptions);
            fields.Add(new GatewayField(spec, source));
        }

        writers.AddRange(schema.Types);
    }

    /// <summary>Every REST resource mapped onto an upstream root field (<c>MapPopcornUpstream</c>) must find one it can serve.</summary>
    private void CheckResources(List<GatewayField> fields)
    {
        foreach (string rootField in gateway.UpstreamResources)
        {
            var field = fields.Find(f => f.Name == rootField);
            if (field is not { Source: IUpstreamSource })
            {
                throw new InvalidOperationException($"A REST resource is mapped to upstream root field '{rootField}', which no served upstream has (map the gateway with gateway.Upstream(\"service\"), and name the field as the gateway's schema does, prefix included).");
            }
        }
    }
}
