using Microsoft.Extensions.Options;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>The names under <c>Popcorn:Upstreams</c>, as <c>AddPopcornUpstreams</c> found them.</summary>
internal sealed class UpstreamCatalogOptions
{
    public HashSet<string> Names { get; } = new(StringComparer.Ordinal);
}

/// <summary>
/// The upstream services the app knows: the configured names and, once their schemas are read at startup, each
/// upstream type's writer by its metadata (what the transcoder checks scalars against). A singleton.
/// </summary>
internal sealed class UpstreamCatalog(IOptions<UpstreamCatalogOptions> options)
{
    private readonly Dictionary<TypeMetadata, UpstreamTypeWriter> _writers = new(ReferenceEqualityComparer.Instance);

    public IReadOnlySet<string> Names { get; } = options.Value.Names;

    /// <summary>Adds a service's types while the app starts, before any request.</summary>
    public void Add(IEnumerable<UpstreamTypeWriter> writers)
    {
        foreach (var writer in writers)
        {
            _writers.Add(writer.Metadata, writer);
        }
    }

    public UpstreamTypeWriter WriterOf(TypeMetadata type) => _writers[type];

    private readonly Dictionary<FieldMetadata, UpstreamJoin> _joins = new(ReferenceEqualityComparer.Instance);

    /// <summary>Adds the gateway's joins while the app starts, before any request.</summary>
    public void Add(IEnumerable<UpstreamJoin> joins)
    {
        foreach (var join in joins)
        {
            _joins.Add(join.Field, join);
        }
    }

    /// <summary>Whether the gateway declared any join (else a plan's joins need no walk).</summary>
    public bool HasJoins => _joins.Count > 0;

    /// <summary>The join that <paramref name="field"/> is, or null for a field the service itself answers.</summary>
    public UpstreamJoin? JoinOf(FieldMetadata field) => _joins.Count == 0 ? null : _joins.GetValueOrDefault(field);
}
