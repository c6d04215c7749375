using System.Runtime.CompilerServices;
using Microsoft.Extensions.Options;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>The names under <c>Popcorn:Upstreams</c>, as <c>AddPopcornUpstreams</c> found them.</summary>
internal sealed class UpstreamCatalogOptions
{
    public HashSet<string> Names { get; } = new(StringComparer.Ordinal);
}

/// <summary>
/// The upstream services the app knows: the configured names and, once their schemas are read, each upstream type's
/// writer by its metadata (what the transcoder checks scalars against) and each join by its field. A singleton. When a
/// schema is read again the served types and joins are replaced as a whole (<see cref="Serve"/>); a request still
/// running on the types it was planned with finds them among the retired ones, which go with the last plan holding them.
/// </summary>
internal sealed class UpstreamCatalog(IOptions<UpstreamCatalogOptions> options)
{
    private volatile Served _served = new(new(ReferenceEqualityComparer.Instance), new(ReferenceEqualityComparer.Instance));
    private readonly ConditionalWeakTable<TypeMetadata, UpstreamTypeWriter> _retiredWriters = new();
    private readonly ConditionalWeakTable<FieldMetadata, UpstreamJoin> _retiredJoins = new();

    public IReadOnlySet<string> Names { get; } = options.Value.Names;

    /// <summary>Serves <paramref name="writers"/> and <paramref name="joins"/> from now on, in place of those served before.</summary>
    public void Serve(IEnumerable<UpstreamTypeWriter> writers, IEnumerable<UpstreamJoin> joins)
    {
        var before = _served;
        var served = new Served(new(ReferenceEqualityComparer.Instance), new(ReferenceEqualityComparer.Instance));
        foreach (var writer in writers)
        {
            served.Writers.Add(writer.Metadata, writer);
        }

        foreach (var join in joins)
        {
            served.Joins.Add(join.Field, join);
        }

        foreach (var (type, writer) in before.Writers)
        {
            _retiredWriters.AddOrUpdate(type, writer);
        }

        foreach (var (field, join) in before.Joins)
        {
            _retiredJoins.AddOrUpdate(field, join);
        }

        _served = served;
    }

    public UpstreamTypeWriter WriterOf(TypeMetadata type) =>
        _served.Writers.TryGetValue(type, out var writer) || _retiredWriters.TryGetValue(type, out writer)
            ? writer
            : throw new KeyNotFoundException($"'{type.Name}' is no upstream type the gateway has served.");

    /// <summary>Whether the gateway declared any join (else a plan's joins need no walk).</summary>
    public bool HasJoins => _served.Joins.Count > 0;

    /// <summary>The join that <paramref name="field"/> is, or null for a field the service itself answers.</summary>
    public UpstreamJoin? JoinOf(FieldMetadata field)
    {
        var joins = _served.Joins;
        if (joins.Count == 0)
        {
            return null;
        }

        return joins.TryGetValue(field, out var join) || _retiredJoins.TryGetValue(field, out join) ? join : null;
    }

    private sealed record Served(Dictionary<TypeMetadata, UpstreamTypeWriter> Writers, Dictionary<FieldMetadata, UpstreamJoin> Joins);
}
