using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// What a refused projection's fallback loads so its aggregates stay right. Without a projection the handler's own
/// query runs, and an aggregate is then computed from the list in memory: a navigation the handler did not
/// <c>Include</c> is an empty list there, and <c>ordersAggregate[count]</c> would say 0 for every row. So the fallback
/// includes each aggregated list (a skip navigation too), the navigations that lead to it, and the references and
/// lists its <c>where</c> tests (docs/data.md, "Aggregates").
/// </summary>
internal static class AggregateIncludes
{
    /// <summary>
    /// The deepest paths worth including; deeper aggregates are counted from what is loaded. A plan is checked
    /// against the selection depth limit before it gets here, so this only bounds a cyclic model's walk.
    /// </summary>
    private const int MaxDepth = 8;

    private static readonly System.Reflection.MethodInfo s_include = typeof(EntityFrameworkQueryableExtensions).GetMethods()
        .Single(static m => m.Name == nameof(EntityFrameworkQueryableExtensions.Include) && m.GetParameters() is [_, { ParameterType: var type }] && type == typeof(string));

    /// <summary><paramref name="source"/> with an <c>Include</c> per path the plan's aggregates read; unchanged when they read none.</summary>
    public static IQueryable<T> Apply<T>(IQueryable<T> source, SelectionPlan plan)
    {
        if (typeof(T).IsValueType || !AggregateStatements.Any(plan) || PopcornProjection.FindModel(source.Expression)?.FindEntityType(typeof(T)) is not { } entityType)
        {
            return source;
        }

        var paths = new SortedSet<string>(StringComparer.Ordinal);
        Collect(plan, entityType, string.Empty, paths, depth: 0);
        if (paths.Count == 0)
        {
            return source;
        }

        // Include<T> wants a class, which every entity type is; the refused path is rare, so reflection here is fine.
        var include = s_include.MakeGenericMethod(typeof(T));
        foreach (string path in paths)
        {
            source = (IQueryable<T>)include.Invoke(null, [source, path])!;
        }

        return source;
    }

    private static void Collect(SelectionPlan plan, IEntityType type, string prefix, ISet<string> paths, int depth)
    {
        if (depth >= MaxDepth)
        {
            return;
        }

        foreach (var planned in plan.Fields)
        {
            if (planned.Aggregate is { } aggregate)
            {
                if (Navigation(type, aggregate.List) is { } list)
                {
                    string path = prefix + list.Name;
                    paths.Add(path);
                    if (aggregate.Filter?.Where is { } where)
                    {
                        CollectFilter(where, list.TargetEntityType, path + ".", paths, depth + 1);
                    }
                }

                continue;
            }

            if (planned.Child is { } child && planned.Field is { } field && AggregateStatements.Any(child) && Navigation(type, field) is { } navigation)
            {
                Collect(child, navigation.TargetEntityType, prefix + navigation.Name + ".", paths, depth + 1);
            }
        }
    }

    /// <summary>The references and lists an aggregate's <c>where</c> tests in memory (<c>{product: {sku: ...}}</c>).</summary>
    private static void CollectFilter(Filter filter, IEntityType type, string prefix, ISet<string> paths, int depth)
    {
        if (depth >= MaxDepth)
        {
            return;
        }

        switch (filter)
        {
            case FilterGroup group:
                foreach (var operand in group.Operands)
                {
                    CollectFilter(operand, type, prefix, paths, depth);
                }

                break;
            case FilterNot not:
                CollectFilter(not.Operand, type, prefix, paths, depth);
                break;
            case FilterReference reference when Navigation(type, reference.Field) is { } navigation:
                paths.Add(prefix + navigation.Name);
                if (reference.Operand is { } inner)
                {
                    CollectFilter(inner, navigation.TargetEntityType, prefix + navigation.Name + ".", paths, depth + 1);
                }

                break;
            case FilterCollection collection when Navigation(type, collection.Field) is { } navigation:
                paths.Add(prefix + navigation.Name);
                if (collection.Operand is { } each)
                {
                    CollectFilter(each, navigation.TargetEntityType, prefix + navigation.Name + ".", paths, depth + 1);
                }

                break;
        }
    }

    private static INavigationBase? Navigation(IEntityType type, FieldMetadata field) =>
        field.MemberName is { } member ? (INavigationBase?)type.FindNavigation(member) ?? type.FindSkipNavigation(member) : null;
}
