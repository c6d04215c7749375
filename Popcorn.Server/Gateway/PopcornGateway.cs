using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The gateway's root fields (queries and mutations) and input types, shared by the request handler and the schema
/// endpoints. A singleton. What it serves is one <see cref="GatewayRootFields"/> generation at a time: the app's own
/// fields, added while endpoints are mapped, and its upstream services' fields, replaced as a whole when a service's
/// schema is read again (<see cref="ServeUpstreams"/>).
/// </summary>
internal sealed class PopcornGateway
{
    private readonly PopcornRegistry _registry;
    private readonly List<GatewayField> _local = new();
    private IReadOnlyList<GatewayField> _upstream = [];
    private volatile GatewayRootFields _current;

    public PopcornGateway(PopcornRegistry registry)
    {
        _registry = registry;
        _current = new GatewayRootFields(this, registry, [], [], generation: 0);
    }

    /// <summary>What the gateway serves now. A request reads it once and keeps it, so a schema swap never mixes two generations in one answer.</summary>
    public GatewayRootFields Current => _current;

    /// <summary>The fields of the <c>Query</c> type.</summary>
    public IReadOnlyList<GatewayField> Fields => _current.Fields;

    /// <summary>The fields of the <c>Mutation</c> type, in declaration order.</summary>
    public IReadOnlyList<GatewayField> Mutations => _current.Mutations;

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

    /// <summary>Adds the app's own fields while endpoints are mapped, before any request.</summary>
    /// <exception cref="InvalidOperationException">The gateway already has a field of that name.</exception>
    public void Add(IEnumerable<GatewayField> fields)
    {
        var local = _local.Concat(fields).ToList();
        _current = new GatewayRootFields(this, _registry, local.Concat(_upstream), _current.UpstreamTypes, _current.Generation);
        _local.Clear();
        _local.AddRange(local);
    }

    /// <summary>The app's own field of the <c>Query</c> type named <paramref name="name"/>, whatever upstreams serve.</summary>
    public GatewayField? FindLocal(string name) => _local.Find(f => !f.IsMutation && f.Name == name);

    /// <summary>
    /// Serves <paramref name="fields"/> and <paramref name="types"/> as the upstream services' part from now on, in
    /// place of what was served: published at once as a new generation, with an empty document cache.
    /// </summary>
    /// <exception cref="InvalidOperationException">A field has the name of one of the app's own.</exception>
    public void ServeUpstreams(IReadOnlyList<GatewayField> fields, IReadOnlyList<TypeMetadata> types)
    {
        _current = new GatewayRootFields(this, _registry, _local.Concat(fields), types, _current.Generation + 1);
        _upstream = fields;
    }

    public GatewayField? Find(string name) => _current.Find(name);

    public GatewayField? FindMutation(string name) => _current.FindMutation(name);

    /// <summary>The schema the SDL and introspection describe to a caller who may see every field.</summary>
    public SchemaModel Schema => _current.Schema;

    /// <summary>The schema as a caller with <paramref name="access"/> sees it (<see cref="GatewayRootFields.SchemaFor"/>).</summary>
    public SchemaModel SchemaFor(FieldAccess access) => _current.SchemaFor(access);
}
