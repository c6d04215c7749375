namespace Popcorn.Server;

/// <summary>The gateway's root fields, shared by the request handler and the schema endpoints. A singleton.</summary>
internal sealed class PopcornGateway(PopcornRegistry registry)
{
    private readonly Dictionary<string, GatewayField> _byName = new(StringComparer.Ordinal);
    private readonly List<GatewayField> _fields = new();
    private SchemaModel? _schema;

    public IReadOnlyList<GatewayField> Fields => _fields;

    /// <summary>Where the gateway is mapped (the first map, if there are several), for the playground; null when unmapped.</summary>
    public string? Path { get; set; }

    public void Add(IEnumerable<GatewayField> fields)
    {
        foreach (var field in fields)
        {
            if (!_byName.TryAdd(field.Name, field))
            {
                throw new InvalidOperationException($"The gateway already has a root field '{field.Name}'.");
            }

            _fields.Add(field);
        }
    }

    public GatewayField? Find(string name) => _byName.GetValueOrDefault(name);

    /// <summary>
    /// The schema the SDL and introspection describe, built on first use: root fields are all added while endpoints
    /// are mapped, before any request (a race only builds the same immutable model twice).
    /// </summary>
    public SchemaModel Schema => _schema ??= SchemaModelBuilder.Build(registry, _fields);
}
