using System.Diagnostics.CodeAnalysis;
using System.Collections.Concurrent;
using Microsoft.Extensions.Options;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The application's Popcorn state: the writers of every registered context, by model type, and the plan caches
/// (REST's, and the gateway's, whose plans follow the GraphQL specification's response shape). A singleton.
/// </summary>
internal sealed class PopcornRegistry
{
    private readonly Dictionary<Type, PopcornTypeWriter> _writers = new();
    private readonly Dictionary<string, PopcornTypeWriter> _writersByName = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<Type, ResultShape?> _shapes = new();

    public PopcornRegistry(IOptions<PopcornOptions> options, PopcornMetrics metrics)
    {
        Options = options.Value;
        Envelope = EnvelopeWriter.For(Options);
        foreach (var context in Options.Contexts)
        {
            foreach (var writer in context.Writers)
            {
                _writers.TryAdd(writer.Type, writer);
                _writersByName.TryAdd(writer.Metadata.Name, writer);
            }
        }

        _telemetry = new PlanCacheTelemetry(metrics);
        var restOptions = new PlanCompilerOptions
        {
            UnknownFields = Options.UnknownFields,
            MaxPageSize = Options.MaxPageSize,
            MaxFilterInValues = Options.MaxFilterInValues,
            MaxFilterOperands = Options.MaxFilterOperands,
            MaxFilterNodes = Options.MaxFilterNodes,
            MaxFilterNavigationDepth = Options.MaxFilterNavigationDepth,
            Cursors = CursorKeys.CodecFor(Options.CursorKey),
        };
        Plans = CreatePlanCache(restOptions);

        // A cache per semantics, so a REST plan and a gateway plan of the same text never mix and REST's hit stays one
        // lookup on the text alone; with Popcorn semantics at the gateway too, both share REST's cache.
        GatewayPlans = Options.GatewayUsesPopcornSemantics
            ? Plans
            : CreatePlanCache(restOptions with { Semantics = SelectionSemantics.GraphQL });
        Metrics = metrics;
    }

    private readonly PlanCacheTelemetry _telemetry;

    /// <summary>A plan cache with the app's capacity, limits and telemetry, compiling with <paramref name="options"/>.</summary>
    public SelectionPlanCache CreatePlanCache(PlanCompilerOptions options) =>
        new(Options.PlanCacheCapacity, Options.Limits, options, _telemetry);

    public PopcornOptions Options { get; }

    /// <summary>What goes around every JSON response and problem, decided once from <see cref="PopcornOptions.Envelope"/>.</summary>
    public EnvelopeWriter Envelope { get; }

    /// <summary>REST's plans: Popcorn's semantics.</summary>
    public SelectionPlanCache Plans { get; }

    /// <summary>The gateway's plans: GraphQL's semantics, or <see cref="Plans"/> itself under <see cref="PopcornOptions.GatewayUsesPopcornSemantics"/>.</summary>
    public SelectionPlanCache GatewayPlans { get; }

    public PopcornMetrics Metrics { get; }

    /// <summary>Every model type's writer.</summary>
    public IEnumerable<PopcornTypeWriter> Writers => _writers.Values;

    /// <summary>Every model type once (a type registered by two contexts is one type), then the upstream services' types.</summary>
    public IEnumerable<TypeMetadata> ModelTypes => LocalModelTypes.Concat(_upstreamTypes);

    /// <summary>The app's own model types, once each.</summary>
    public IEnumerable<TypeMetadata> LocalModelTypes => _writers.Values.Select(w => w.Metadata).Distinct();

    private volatile IReadOnlyList<TypeMetadata> _upstreamTypes = [];
    private volatile Dictionary<string, PopcornTypeWriter> _upstreamWritersByName = new(StringComparer.Ordinal);

    /// <summary>
    /// Serves <paramref name="writers"/> as the upstream services' types from now on, in place of those served before
    /// (read from their schemas at startup, and again when one changes).
    /// </summary>
    public void ServeUpstreamTypes(IReadOnlyList<PopcornTypeWriter> writers)
    {
        var byName = new Dictionary<string, PopcornTypeWriter>(StringComparer.Ordinal);
        foreach (var writer in writers)
        {
            byName.TryAdd(writer.Metadata.Name, writer);
        }

        _upstreamWritersByName = byName;
        _upstreamTypes = writers.Select(w => w.Metadata).ToArray();
    }

    /// <summary>What a gateway field's value is: its declared shape (an upstream's), or what its resolver returns.</summary>
    public ResultShape? ShapeOf(GatewayField field) => field.Shape ?? ShapeOf(field.ReturnType);

    /// <summary>Every <c>[PopcornAuthorize]</c> policy of every model type, in ordinal order: what a schema depends on.</summary>
    public IReadOnlyList<string> AllPolicies => _allPolicies ??= ModelTypes.SelectMany(t => t.ReachablePolicies).Concat(_gatewayPolicies).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToArray();

    private string[]? _allPolicies;
    private readonly List<string> _gatewayPolicies = [];

    /// <summary>The names of gateway fields a policy protects (<see cref="ProtectedFieldNames"/>).</summary>
    public IReadOnlyList<string> ProtectedGatewayFieldNames => _protectedGatewayFieldNames;

    private readonly List<string> _protectedGatewayFieldNames = [];

    /// <summary>Adds the names of gateway fields a policy protects, while endpoints are mapped, before any request.</summary>
    public void AddProtectedGatewayFieldNames(IEnumerable<string> names) => _protectedGatewayFieldNames.AddRange(names);

    /// <summary>Adds the policies of gateway fields (a mutation's own), while endpoints are mapped, before any request.</summary>
    public void AddGatewayPolicies(IEnumerable<string> policies)
    {
        _gatewayPolicies.AddRange(policies);
        _allPolicies = null;
    }

    public PopcornTypeWriter? FindWriter(Type type) => _writers.GetValueOrDefault(type);

    public PopcornTypeWriter? FindWriter(string typeName) =>
        _writersByName.GetValueOrDefault(typeName) ?? _upstreamWritersByName.GetValueOrDefault(typeName);

    /// <summary>
    /// What a value of <paramref name="type"/> is to Popcorn: a model, a sequence of models, or nothing it writes.
    /// Unwraps <c>Task&lt;T&gt;</c>, <c>ValueTask&lt;T&gt;</c> and typed results (<c>Ok&lt;T&gt;</c>, <c>Results&lt;…&gt;</c>)
    /// by looking for the first modeled type among the generic arguments. Cached per type.
    /// </summary>
    public ResultShape? ShapeOf(Type type) => _shapes.GetOrAdd(type, static (t, self) => self.FindShape(t, depth: 0), this);

    private ResultShape? FindShape(Type type, int depth)
    {
        if (depth > 4)
        {
            return null;
        }

        if (FindWriter(type) is { } writer)
        {
            return new ResultShape(writer, IsSequence: false);
        }

        if (type.IsArray && type.GetElementType() is { } arrayElement && FindWriter(arrayElement) is { } arrayWriter)
        {
            return new ResultShape(arrayWriter, IsSequence: true);
        }

        foreach (var candidate in SequenceElementTypes(type))
        {
            if (FindWriter(candidate) is { } elementWriter)
            {
                return new ResultShape(elementWriter, IsSequence: true);
            }
        }

        if (type.IsGenericType)
        {
            foreach (var argument in type.GetGenericArguments())
            {
                if (FindShape(argument, depth + 1) is { } shape)
                {
                    return shape;
                }
            }
        }

        return null;
    }

    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Only IEnumerable<T> and IAsyncEnumerable<T> are looked for; a returned value that implements them is enumerated through them, so the trimmer keeps those interface implementations.")]
    private static IEnumerable<Type> SequenceElementTypes(Type type)
    {
        var interfaces = type.IsInterface ? type.GetInterfaces().Prepend(type) : type.GetInterfaces();
        foreach (var candidate in interfaces)
        {
            if (candidate.IsGenericType
                && (candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>) || candidate.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>)))
            {
                yield return candidate.GetGenericArguments()[0];
            }
        }
    }
}
