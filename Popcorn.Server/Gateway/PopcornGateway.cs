using System.Collections.Concurrent;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>The gateway's root fields (queries and mutations) and input types, shared by the request handler and the schema endpoints. A singleton.</summary>
internal sealed class PopcornGateway(PopcornRegistry registry)
{
    private readonly Dictionary<string, GatewayField> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<string, GatewayField> _mutationsByName = new(StringComparer.Ordinal);
    private readonly List<GatewayField> _fields = new();
    private readonly List<GatewayField> _mutations = new();
    private SchemaModel? _schema;

    /// <summary>The fields of the <c>Query</c> type.</summary>
    public IReadOnlyList<GatewayField> Fields => _fields;

    /// <summary>The fields of the <c>Mutation</c> type, in declaration order.</summary>
    public IReadOnlyList<GatewayField> Mutations => _mutations;

    /// <summary>The input types the fields' arguments use; set when the gateway is first mapped.</summary>
    public GatewayInputTypes? Inputs { get; set; }

    /// <summary>Where the gateway is mapped (the first map, if there are several), for the playground; null when unmapped.</summary>
    public string? Path { get; set; }

    /// <summary>The upstream services whose root fields a mapped gateway serves, read when the app starts (docs/gateway.md).</summary>
    public IReadOnlyList<string> UpstreamServices => _upstreamServices;

    private readonly List<string> _upstreamServices = new();

    /// <summary>Notes that a mapped gateway serves <paramref name="services"/>' root fields, once each.</summary>
    public void AddUpstreams(IEnumerable<string> services)
    {
        foreach (string service in services)
        {
            if (!_upstreamServices.Contains(service))
            {
                _upstreamServices.Add(service);
            }
        }
    }

    /// <summary>The joins a mapped gateway declares (<c>gateway.Join(...)</c>), applied when the upstreams' schemas are read.</summary>
    public IReadOnlyList<UpstreamJoinDeclaration> JoinDeclarations => _joins;

    private readonly List<UpstreamJoinDeclaration> _joins = new();

    /// <summary>The upstream root fields REST resources serve (<c>MapPopcornUpstream</c>), checked when the schemas are read.</summary>
    public IReadOnlyList<string> UpstreamResources => _upstreamResources;

    private readonly List<string> _upstreamResources = new();

    public void AddUpstreamResource(string rootField) => _upstreamResources.Add(rootField);

    /// <summary>Notes the joins a mapped gateway declares.</summary>
    public void AddJoins(IEnumerable<UpstreamJoinDeclaration> joins) => _joins.AddRange(joins);

    public void Add(IEnumerable<GatewayField> fields)
    {
        // Upstream fields join while the app starts; a schema built before (by a mapping step) is built again.
        _schema = null;
        _restrictedSchemas.Clear();
        foreach (var field in fields)
        {
            if (!(field.IsMutation ? _mutationsByName : _byName).TryAdd(field.Name, field))
            {
                throw new InvalidOperationException($"The gateway already has a {(field.IsMutation ? "mutation" : "root")} field '{field.Name}'.");
            }

            (field.IsMutation ? _mutations : _fields).Add(field);
        }
    }

    public GatewayField? Find(string name) => _byName.GetValueOrDefault(name);

    public GatewayField? FindMutation(string name) => _mutationsByName.GetValueOrDefault(name);

    /// <summary>
    /// The schema the SDL and introspection describe to a caller who may see every field, built on first use: root
    /// fields are all added while endpoints are mapped, before any request (a race only builds the same immutable model
    /// twice).
    /// </summary>
    public SchemaModel Schema => _schema ??= SchemaModelBuilder.Build(registry, this, FieldAccess.Unrestricted);

    private readonly ConcurrentDictionary<FieldAccess, SchemaModel> _restrictedSchemas = new();

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

        schema = SchemaModelBuilder.Build(registry, this, access);
        return _restrictedSchemas.Count < FieldAuthorization.MaxCachedAccessSets ? _restrictedSchemas.GetOrAdd(access, schema) : schema;
    }
}
