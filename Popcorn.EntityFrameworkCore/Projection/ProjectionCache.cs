using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Each plan's projection, built once and kept for as long as the plan lives (the plan cache owns plans; when it
/// evicts one, its projection goes with it). Keyed inside by the EF model, which is in practice one per context type,
/// and by who reads the rows: a caller of <see cref="PopcornProjection.Project{T}"/>, or only Popcorn's writers
/// (<see cref="ProjectionBuilder.Build"/>'s nested keys).
/// </summary>
internal static class ProjectionCache
{
    private static readonly ConditionalWeakTable<SelectionPlan, ConcurrentDictionary<(IModel Model, bool WrittenOnly), Projection>> s_projections = new();

    /// <summary>The projection of <paramref name="plan"/> over <paramref name="entityType"/>; <paramref name="writtenOnly"/>: only Popcorn's writers read the rows.</summary>
    public static Projection Get(SelectionPlan plan, IEntityType entityType, bool writtenOnly = false)
    {
        var byModel = s_projections.GetValue(plan, static _ => new ConcurrentDictionary<(IModel Model, bool WrittenOnly), Projection>(ModelComparer.Instance));
        if (byModel.TryGetValue((entityType.Model, writtenOnly), out var projection))
        {
            return projection;
        }

        try
        {
            var selector = ProjectionBuilder.Build(plan, entityType, nestedKeys: !writtenOnly || ProjectionBuilder.NeedsNestedKeys(plan));
            projection = new Projection(selector, Refusal: null, QueryRoots.AnyUnbound(selector));
        }
        catch (ProjectionNotSupportedException refusal)
        {
            projection = new Projection(Selector: null, refusal.Message, BindsRoots: false);
        }

        return byModel.GetOrAdd((entityType.Model, writtenOnly), projection);
    }

    /// <summary>Models by reference, as EF Core caches by them.</summary>
    private sealed class ModelComparer : IEqualityComparer<(IModel Model, bool WrittenOnly)>
    {
        public static readonly ModelComparer Instance = new();

        public bool Equals((IModel Model, bool WrittenOnly) x, (IModel Model, bool WrittenOnly) y) => ReferenceEquals(x.Model, y.Model) && x.WrittenOnly == y.WrittenOnly;

        public int GetHashCode((IModel Model, bool WrittenOnly) obj) => HashCode.Combine(RuntimeHelpers.GetHashCode(obj.Model), obj.WrittenOnly);
    }
}

/// <summary>A plan's projection, or why there is none; <paramref name="BindsRoots"/>: it holds query roots to bind to each query's provider (<see cref="QueryRoots"/>).</summary>
internal sealed record Projection(LambdaExpression? Selector, string? Refusal, bool BindsRoots);
