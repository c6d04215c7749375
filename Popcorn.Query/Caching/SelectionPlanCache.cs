using System.Diagnostics;

namespace Popcorn.Query;

/// <summary>
/// Parses and compiles selections once. A hit on the exact query text costs one dictionary lookup and
/// no allocation; a miss parses, then looks the tree up by its canonical print, so equivalent queries
/// (<c>[a,b]</c>, <c>{ a b }</c>, <c>[ a , b ]</c>) share one compiled plan. Both levels are bounded.
/// Thread-safe; one instance per application.
/// </summary>
public sealed class SelectionPlanCache
{
    /// <summary>The default number of entries each level holds.</summary>
    public const int DefaultCapacity = 1024;

    private readonly BoundedMap<string, TypeIdentity, SelectionPlan> _byText;
    private readonly BoundedMap<string, TypeIdentity, SelectionPlan> _byCanonicalForm;
    private readonly ISelectionPlanCacheObserver? _observer;

    /// <summary>Creates a cache.</summary>
    /// <param name="capacity">Most entries per level (raw text, canonical form).</param>
    /// <param name="parserOptions">Limits for parsing; the defaults when null.</param>
    /// <param name="compilerOptions">Semantics choices; the defaults when null.</param>
    /// <param name="observer">Told of every lookup, eviction, parse and compile (for metrics and traces); none when null.</param>
    public SelectionPlanCache(int capacity = DefaultCapacity, SelectionParserOptions? parserOptions = null, PlanCompilerOptions? compilerOptions = null, ISelectionPlanCacheObserver? observer = null)
    {
        _observer = observer;
        _byText = new(capacity, observer is null ? null : () => observer.OnEvicted(SelectionPlanCacheLevel.Text), StringComparer.Ordinal);
        _byCanonicalForm = new(capacity, observer is null ? null : () => observer.OnEvicted(SelectionPlanCacheLevel.CanonicalForm), StringComparer.Ordinal);
        ParserOptions = parserOptions ?? SelectionParserOptions.Default;
        CompilerOptions = compilerOptions ?? PlanCompilerOptions.Default;
    }

    /// <summary>The limits queries are parsed with.</summary>
    public SelectionParserOptions ParserOptions { get; }

    /// <summary>The options plans are compiled with.</summary>
    public PlanCompilerOptions CompilerOptions { get; }

    /// <summary>Most entries per level.</summary>
    public int Capacity => _byText.Capacity;

    /// <summary>Entries held now, both levels together (never more than twice <see cref="Capacity"/>).</summary>
    public int Count => _byText.Count + _byCanonicalForm.Count;

    /// <summary>The plan for <paramref name="query"/> (either syntax; null or blank = defaults) against <paramref name="type"/>.</summary>
    /// <exception cref="PopcornQueryException">The query is malformed, exceeds a limit or does not fit the type.</exception>
    public SelectionPlan GetOrCompile(TypeMetadata type, string? query)
    {
        ArgumentNullException.ThrowIfNull(type);
        string text = query ?? string.Empty;
        bool hit = _byText.TryGetValue(text, new TypeIdentity(type), out var plan);
        _observer?.OnLookup(SelectionPlanCacheLevel.Text, hit);
        if (hit)
        {
            return plan!;
        }

        plan = GetOrCompile(type, Parse(query));
        return _byText.GetOrAdd(text, new TypeIdentity(type), plan);
    }

    /// <summary>
    /// The plan for an already parsed tree, shared with every equivalent query. A tree whose canonical print is longer
    /// than <see cref="SelectionParserOptions.MaxLength"/> (fragments and variables can expand a short query that far)
    /// is compiled without being shared, so no key is ever longer than the longest accepted query.
    /// </summary>
    /// <exception cref="PopcornQueryException">The tree does not fit the type.</exception>
    public SelectionPlan GetOrCompile(TypeMetadata type, SelectionTree tree)
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(tree);
        // Fragments on the type itself add a condition to the print but change nothing in the plan: key without them.
        if (SelectionPrinter.PrintIncludeWithin(TypeConditionResolver.MergeApplying(type, tree), ParserOptions.MaxLength) is not { } canonical)
        {
            return Compile(type, tree);
        }

        bool hit = _byCanonicalForm.TryGetValue(canonical, new TypeIdentity(type), out var plan);
        _observer?.OnLookup(SelectionPlanCacheLevel.CanonicalForm, hit);
        if (hit)
        {
            return plan!;
        }

        return _byCanonicalForm.GetOrAdd(canonical, new TypeIdentity(type), Compile(type, tree));
    }

    private SelectionTree Parse(string? query)
    {
        using var span = query is null ? null : _observer?.StartParse(query);
        try
        {
            return SelectionParser.Parse(query, ParserOptions);
        }
        catch (PopcornQueryException e) when (Failed(span, e))
        {
            throw;
        }
    }

    private SelectionPlan Compile(TypeMetadata type, SelectionTree tree)
    {
        using var span = _observer?.StartCompile(type);
        try
        {
            return PlanCompiler.Compile(type, tree, CompilerOptions);
        }
        catch (PopcornQueryException e) when (Failed(span, e))
        {
            throw;
        }
    }

    /// <summary>Marks the span as failed from an exception filter, so the exception is neither caught nor rethrown.</summary>
    private static bool Failed(Activity? span, PopcornQueryException error)
    {
        span?.SetStatus(ActivityStatusCode.Error, error.Kind.ToString());
        return false;
    }

    /// <summary>Drops every entry.</summary>
    public void Clear()
    {
        _byText.Clear();
        _byCanonicalForm.Clear();
    }
}
