using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Each plan's projection, built once and kept for as long as the plan lives (the plan cache owns plans; when it
/// evicts one, its projection goes with it). Keyed inside by the EF model, which is in practice one per context type.
/// </summary>
internal static class ProjectionCache
{
    private static readonly ConditionalWeakTable<SelectionPlan, ConcurrentDictionary<IModel, Projection>> s_projections = new();

    public static Projection Get(SelectionPlan plan, IEntityType entityType)
    {
        var byModel = s_projections.GetValue(plan, static _ => new ConcurrentDictionary<IModel, Projection>(ReferenceEqualityComparer.Instance));
        if (byModel.TryGetValue(entityType.Model, out var projection))
        {
            return projection;
        }

        try
        {
            var selector = ProjectionBuilder.Build(plan, entityType);
            projection = new Projection(selector, Refusal: null, QueryRoots.AnyUnbound(selector));
        }
        catch (ProjectionNotSupportedException refusal)
        {
            projection = new Projection(Selector: null, refusal.Message, BindsRoots: false);
        }

        return byModel.GetOrAdd(entityType.Model, projection);
    }
}

/// <summary>A plan's projection, or why there is none; <paramref name="BindsRoots"/>: it holds query roots to bind to each query's provider (<see cref="QueryRoots"/>).</summary>
internal sealed record Projection(LambdaExpression? Selector, string? Refusal, bool BindsRoots);
