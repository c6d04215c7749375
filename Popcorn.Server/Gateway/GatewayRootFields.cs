using System.Collections.Concurrent;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// One generation of what the gateway serves: its root fields (the app's own and its upstream services'), the upstream
/// types they reach, and what is built from them (the schema, per set of refusals, and the validated documents). Never
/// changed once published: a refreshed upstream schema becomes a new generation (<see cref="PopcornGateway.ServeUpstreams"/>),
/// and a request that took this one finishes on it (docs/gateway.md, "Schema refresh").
/// </summary>
internal sealed class GatewayRootFields
{
    private readonly PopcornGateway _owner;
    private readonly PopcornRegistry _registry;
    private readonly Dictionary<string, GatewayField> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<string, GatewayField> _mutationsByName = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<FieldAccess, SchemaModel> _restrictedSchemas = new();
    private SchemaModel? _schema;

    /// <exception cref="InvalidOperationException">Two fields of one root type have the same name.</exception>
    public GatewayRootFields(PopcornGateway owner, PopcornRegistry registry, IEnumerable<GatewayField> fields, IReadOnlyList<TypeMetadata> upstreamTypes, int generation)
    {
        _owner = owner;
        _registry = registry;
        var queries = new List<GatewayField>();
        var mutations = new List<GatewayField>();
        foreach (var field in fields)
        {
            if (!(field.IsMutation ? _mutationsByName : _byName).TryAdd(field.Name, field))
            {
                throw new InvalidOperationException($"The gateway already has a {(field.IsMutation ? "mutation" : "root")} field '{field.Name}'.");
            }

            (field.IsMutation ? mutations : queries).Add(field);
        }

        Fields = queries;
        Mutations = mutations;
        UpstreamTypes = upstreamTypes;
        Generation = generation;
        Documents = new GatewayDocumentCache(registry.Options.PlanCacheCapacity, registry.Metrics);
    }

    /// <summary>Counts the schemas served since the app started: 0 until the upstreams' schemas are first read.</summary>
    public int Generation { get; }

    /// <summary>The fields of the <c>Query</c> type.</summary>
    public IReadOnlyList<GatewayField> Fields { get; }

    /// <summary>The fields of the <c>Mutation</c> type, in declaration order.</summary>
    public IReadOnlyList<GatewayField> Mutations { get; }

    /// <summary>The upstream services' types this generation serves.</summary>
    public IReadOnlyList<TypeMetadata> UpstreamTypes { get; }

    /// <summary>Every model type the schema describes: the app's own, then this generation's upstream types.</summary>
    public IEnumerable<TypeMetadata> ModelTypes => _registry.LocalModelTypes.Concat(UpstreamTypes);

    /// <summary>The input types the fields' arguments use; the app's own, the same in every generation.</summary>
    public GatewayInputTypes? Inputs => _owner.Inputs;

    /// <summary>Documents validated, and operations planned, against this generation: dropped with it.</summary>
    public GatewayDocumentCache Documents { get; }

    public GatewayField? Find(string name) => _byName.GetValueOrDefault(name);

    public GatewayField? FindMutation(string name) => _mutationsByName.GetValueOrDefault(name);

    /// <summary>
    /// The schema the SDL and introspection describe to a caller who may see every field, built on first use (a race
    /// only builds the same immutable model twice).
    /// </summary>
    public SchemaModel Schema => _schema ??= SchemaModelBuilder.Build(_registry, this, FieldAccess.Unrestricted);

    /// <summary>
    /// The schema as a caller with <paramref name="access"/> sees it: without the fields it may not see. One per set of
    /// refusals, built once (at most <see cref="FieldAuthorization.MaxCachedAccessSets"/> kept).
    /// </summary>
    public SchemaModel SchemaFor(FieldAccess access)
    {
        if (access.IsUnrestricted)
        {
            return Schema;
        }

        if (_restrictedSchemas.TryGetValue(access, out var schema))
        {
            return schema;
        }

        schema = SchemaModelBuilder.Build(_registry, this, access);
        return _restrictedSchemas.Count < FieldAuthorization.MaxCachedAccessSets ? _restrictedSchemas.GetOrAdd(access, schema) : schema;
    }
}
