using System.Collections;
using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// The numbers of the aggregate keys (<c>ordersAggregate[count]</c>) of projected rows. A projected row is the model
/// type itself, which has no member to hold a count, so the count cannot be a column of the row's own statement.
/// Instead, once the rows are read (their keys known), each aggregate key of the plan is one statement over all the
/// rows that write it, at whatever depth: <c>SELECT fk, COUNT(*) FROM orders WHERE fk IN (@keys) AND &lt;where&gt;
/// GROUP BY fk</c>; the counts are handed to the writers by row (<c>PopcornAggregates.Store</c>). So a request
/// is one statement for its rows plus one per aggregate key, never one per parent row (docs/data.md, "Aggregates").
/// </summary>
internal static partial class AggregateStatements
{
    private static readonly ConditionalWeakTable<SelectionPlan, StrongBox<bool>> s_hasAggregates = new();
    private static readonly ConcurrentDictionary<(Type, string), Func<object, object?>> s_readers = new();
    private static readonly MethodInfo s_count = typeof(AggregateStatements).GetMethod(nameof(CountAsync), BindingFlags.NonPublic | BindingFlags.Static)!;

    // The element path's projection per element type, key and measured members, built once (see s_totalsRows).
    private static readonly ConcurrentDictionary<(Type, Type, string), LambdaExpression> s_measuredColumns = new();

    // The grouped statement needs `new TElement()`, which CountAsync's constraints do not promise: called through a
    // delegate made once per element and key type, after GroupedColumns found the constructor.
    private delegate Task GroupTotalCall(object kept, string foreignKey, PropertyInfo principal, List<object> parents, PlannedField field, GroupStatement statement, CancellationToken cancellationToken);

    private static readonly MethodInfo s_groupTotal = typeof(AggregateStatements).GetMethod(nameof(GroupTotalUntyped), BindingFlags.NonPublic | BindingFlags.Static)!;
    private static readonly ConcurrentDictionary<(Type, Type), GroupTotalCall> s_groupTotals = new();

    // The statement of each element and key type, made once: MethodInfo.Invoke on every request cost reflection.
    private static readonly ConcurrentDictionary<(Type, Type), Func<IAsyncQueryProvider, INavigation, List<object>, PlannedField, CancellationToken, Task>> s_counters = new();

    /// <summary>Whether a key anywhere in <paramref name="plan"/>'s graph is an aggregate; computed once per plan.</summary>
    public static bool Any(SelectionPlan plan) =>
        s_hasAggregates.GetValue(plan, static plan => new StrongBox<bool>(Reaches(plan, new HashSet<SelectionPlan>(ReferenceEqualityComparer.Instance)))).Value;

    /// <summary>
    /// Refuses (the handler's query then runs unprojected) an aggregate of <paramref name="plan"/>'s level that one
    /// grouped statement cannot count: its list must be a collection navigation of <paramref name="parent"/> with a
    /// one-column foreign key to the parent's primary key, which the projection reads.
    /// </summary>
    public static void CheckLevel(IEntityType parent, SelectionPlan plan)
    {
        foreach (var planned in plan.Fields)
        {
            if (planned.Aggregate is not { } aggregate)
            {
                continue;
            }

            _ = Navigation(parent, aggregate.List, planned.OutputName);
        }
    }

    /// <summary>
    /// Counts every aggregate key of <paramref name="plan"/> for <paramref name="rows"/> (projected by that plan) and
    /// stores the counts for the writers: one statement per key, each started through <paramref name="run"/>.
    /// </summary>
    public static async Task CountAsync<T>(IReadOnlyList<T> rows, SelectionPlan plan, IModel model, IAsyncQueryProvider provider, Func<Func<CancellationToken, Task>, Task> run)
    {
        var sites = new Dictionary<PlannedField, (IEntityType Parent, List<object> Rows)>(ReferenceEqualityComparer.Instance);
        var visited = new HashSet<(object, SelectionPlan)>(PairComparer.Instance);
        foreach (var row in rows)
        {
            if (row is not null)
            {
                Collect(row, plan, model, sites, visited);
            }
        }

        foreach (var (field, site) in sites)
        {
            var navigation = Navigation(site.Parent, field.Aggregate!.List, field.OutputName);
            var foreignKey = navigation.ForeignKey;
            var count = s_counters.GetOrAdd((navigation.TargetEntityType.ClrType, foreignKey.Properties[0].ClrType), static types =>
                s_count.MakeGenericMethod(types.Item1, types.Item2).CreateDelegate<Func<IAsyncQueryProvider, INavigation, List<object>, PlannedField, CancellationToken, Task>>());
            await run(token => count(provider, navigation, site.Rows, field, token));
        }
    }

    private static async Task CountAsync<TElement, TKey>(IAsyncQueryProvider provider, INavigation navigation, List<object> parents, PlannedField field, CancellationToken cancellationToken)
        where TElement : class
        where TKey : notnull
    {
        var principal = navigation.ForeignKey.PrincipalKey.Properties[0].PropertyInfo!;
        string foreignKey = navigation.ForeignKey.Properties[0].Name;
        var keys = new HashSet<TKey>();
        foreach (var parent in parents)
        {
            if (principal.GetValue(parent) is { } key)
            {
                keys.Add((TKey)key);
            }
        }

        var elements = provider.CreateQuery<TElement>(new EntityQueryRootExpression(provider, navigation.TargetEntityType));
        var values = keys.ToArray();

        // The keys are one array parameter (SQLite reads it with json_each, PostgreSQL with = ANY), not one per key.
        var kept = elements.Where(e => EF.Parameter(values).Contains(EF.Property<TKey>(e!, foreignKey)));
        kept = ArgumentExpressions.FilterRoot(kept, field.Aggregate!.Filter?.Where);
        if (field.Aggregate.Measures.Any(m => m.Operands.Count > 0 || m.Groups is not null))
        {
            if (GroupedColumns(navigation.TargetEntityType, field.Aggregate) is { } statement)
            {
                await s_groupTotals.GetOrAdd((typeof(TElement), typeof(TKey)), static types =>
                    s_groupTotal.MakeGenericMethod(types.Item1, types.Item2).CreateDelegate<GroupTotalCall>())(kept, foreignKey, principal, parents, field, statement, cancellationToken);
                return;
            }

            // Groups are formed from the kept elements (their grouped and measured columns, nothing else), as measures are.
            if (!field.Aggregate.Measures.Any(m => m.Groups is not null) && TotalsColumns(navigation.TargetEntityType, field.Aggregate) is { } columns)
            {
                await TotalAsync<TElement, TKey>(kept, foreignKey, principal, parents, field, columns, cancellationToken);
                return;
            }

            await MeasureAsync<TElement, TKey>(kept, foreignKey, principal, parents, field, cancellationToken);
            return;
        }

        var counts = await kept
            .GroupBy(e => EF.Property<TKey>(e!, foreignKey))
            .Select(group => new { group.Key, Count = group.LongCount() })
            .ToDictionaryAsync(group => group.Key, group => group.Count, cancellationToken);
        foreach (var parent in parents)
        {
            // A parent without a matching element is not in the groups: its count is 0.
            long count = principal.GetValue(parent) is { } key && counts.TryGetValue((TKey)key, out long found) ? found : 0;
            PopcornAggregates.Store(parent, field, count);
        }
    }

    /// <summary>
    /// An aggregate with <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> over a field that is not a small integer: still one
    /// statement, but it reads the kept elements with their parent's key (not grouped numbers: SQLite cannot SUM a
    /// decimal, a floating-point SUM's order and a text MIN's collation differ by provider, and the in-memory measures
    /// then give the same numbers on every provider); they are grouped by parent here and measured by the writer.
    /// </summary>
    private static async Task MeasureAsync<TElement, TKey>(IQueryable<TElement> kept, string foreignKey, PropertyInfo principal, List<object> parents, PlannedField field, CancellationToken cancellationToken)
        where TElement : class
        where TKey : notnull
    {
        var rows = await kept.AsNoTracking()
            .Select((Expression<Func<TElement, KeyValuePair<TKey, TElement>>>)s_measuredColumns.GetOrAdd(
                (typeof(TElement), typeof(TKey), foreignKey + ":" + string.Join(",", MeasuredMembers(field.Aggregate!))),
                static (_, state) => MeasuredColumns<TElement, TKey>(state.ForeignKey, state.Aggregate),
                (ForeignKey: foreignKey, Aggregate: field.Aggregate!)))
            .ToListAsync(cancellationToken);
        var groups = new Dictionary<TKey, List<object>>();
        foreach (var row in rows)
        {
            var key = row.Key;
            var element = row.Value;
            if (element is null)
            {
                continue;
            }

            if (!groups.TryGetValue(key, out var group))
            {
                groups.Add(key, group = []);
            }

            group.Add(element);
        }

        foreach (var parent in parents)
        {
            // A parent without a kept element measures an empty list: count 0, every other measure null.
            var elements = principal.GetValue(parent) is { } key && groups.TryGetValue((TKey)key, out var found) ? found : [];
            PopcornAggregates.Store(parent, field, elements);
        }
    }

    /// <summary>
    /// <c>e =&gt; new KeyValuePair(fk, new TElement { M1 = e.M1, ... })</c>: each kept element with only the members its
    /// measures read, so the statement reads those columns and the parent's key, never a <c>[Never]</c> or unmeasured
    /// one. An element type that cannot be created so (no public parameterless constructor, a member without a setter)
    /// is read whole, as EF Core materializes it.
    /// </summary>
    private static Expression<Func<TElement, KeyValuePair<TKey, TElement>>> MeasuredColumns<TElement, TKey>(string foreignKey, ListAggregate aggregate)
    {
        var element = Expression.Parameter(typeof(TElement), "e");
        var key = Expression.Call(typeof(EF), nameof(EF.Property), [typeof(TKey)], element, Expression.Constant(foreignKey));
        Expression value = element;
        var members = MeasuredMembers(aggregate).Select(name => typeof(TElement).GetProperty(name, BindingFlags.Public | BindingFlags.Instance)).ToList();
        if (typeof(TElement).GetConstructor(Type.EmptyTypes) is { } create && members.All(p => p is { CanRead: true, SetMethod.IsPublic: true }))
        {
            value = Expression.MemberInit(Expression.New(create), members.Select(p => Expression.Bind(p!, Expression.Property(element, p!))));
        }

        var pair = typeof(KeyValuePair<TKey, TElement>).GetConstructor([typeof(TKey), typeof(TElement)])!;
        return Expression.Lambda<Func<TElement, KeyValuePair<TKey, TElement>>>(Expression.New(pair, key, value), element);
    }

    private static IEnumerable<string> MeasuredMembers(ListAggregate aggregate) =>
        MeasuredFields(aggregate.Measures).Select(f => f.MemberName).OfType<string>().Distinct();

    /// <summary>Every element field the measures read: their operands, and a group's fields and its own measures' operands.</summary>
    private static IEnumerable<FieldMetadata> MeasuredFields(IEnumerable<AggregateMeasure> measures)
    {
        foreach (var measure in measures)
        {
            foreach (var operand in measure.Operands)
            {
                if (operand.Field is { } field)
                {
                    yield return field;
                }
            }

            if (measure.Groups is { } groups)
            {
                foreach (var field in groups.By.Concat(MeasuredFields(groups.Measures)))
                {
                    yield return field;
                }
            }
        }
    }

    private static INavigation Navigation(IEntityType parent, FieldMetadata list, string key)
    {
        var navigation = list.MemberName is { } member ? parent.FindNavigation(member) : null;
        if (navigation is not { IsCollection: true } || navigation.ForeignKey.Properties.Count != 1
            || !navigation.ForeignKey.PrincipalKey.IsPrimaryKey() || navigation.ForeignKey.PrincipalKey.Properties[0].PropertyInfo is null
            || IsNever(list.DeclaringType, navigation.ForeignKey.PrincipalKey.Properties[0].Name))
        {
            throw new ProjectionNotSupportedException(
                $"'{key}' aggregates '{list}', which is not a collection navigation with a one-column foreign key to the readable primary key of '{parent.ClrType.Name}', so one grouped statement cannot count it.");
        }

        return navigation;
    }

    private static bool IsNever(TypeMetadata type, string memberName) =>
        type.Fields.Any(field => field.IsNever && field.MemberName == memberName);

    /// <summary>The rows that write each aggregate key, walking the projected graph as the plan does.</summary>
    private static void Collect(object row, SelectionPlan plan, IModel model, Dictionary<PlannedField, (IEntityType, List<object>)> sites, HashSet<(object, SelectionPlan)> visited)
    {
        if (!visited.Add((row, plan)))
        {
            return;
        }

        foreach (var planned in plan.Fields)
        {
            if (planned.Aggregate is not null)
            {
                if (!sites.TryGetValue(planned, out var site))
                {
                    site = (model.FindEntityType(row.GetType())!, new List<object>());
                    sites.Add(planned, site);
                }

                site.Item2.Add(row);
                continue;
            }

            if (planned.Child is not { } child || planned.Field is not { } field || !Any(child))
            {
                continue;
            }

            var value = Read(row, field);
            if (value is IEnumerable elements && field.Kind == FieldKind.List)
            {
                foreach (object? element in elements)
                {
                    if (element is not null)
                    {
                        Collect(element, child, model, sites, visited);
                    }
                }
            }
            else if (value is not null && field.Kind == FieldKind.Object)
            {
                Collect(value, child, model, sites, visited);
            }
        }
    }

    private static object? Read(object row, FieldMetadata field)
    {
        if (field.GetValue is { } get)
        {
            return get(row);
        }

        var read = s_readers.GetOrAdd((row.GetType(), field.MemberName ?? field.WireName), static key =>
        {
            const BindingFlags Flags = BindingFlags.Public | BindingFlags.Instance;
            return key.Item1.GetProperty(key.Item2, Flags) is { } property ? property.GetValue
                : key.Item1.GetField(key.Item2, Flags) is { } member ? member.GetValue
                : static _ => null;
        });
        return read(row);
    }

    private static bool Reaches(SelectionPlan plan, HashSet<SelectionPlan> visited)
    {
        if (!visited.Add(plan))
        {
            return false;
        }

        foreach (var planned in plan.Fields)
        {
            if (planned.Aggregate is not null || (planned.Child is { } child && Reaches(child, visited)))
            {
                return true;
            }
        }

        return false;
    }

    private sealed class PairComparer : IEqualityComparer<(object Row, SelectionPlan Plan)>
    {
        public static readonly PairComparer Instance = new();

        public bool Equals((object Row, SelectionPlan Plan) x, (object Row, SelectionPlan Plan) y) =>
            ReferenceEquals(x.Row, y.Row) && ReferenceEquals(x.Plan, y.Plan);

        public int GetHashCode((object Row, SelectionPlan Plan) pair) =>
            HashCode.Combine(RuntimeHelpers.GetHashCode(pair.Row), RuntimeHelpers.GetHashCode(pair.Plan));
    }
}
