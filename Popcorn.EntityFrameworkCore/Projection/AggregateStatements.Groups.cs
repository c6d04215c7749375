using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

// Groups computed by the database (docs/data.md, "Groups"): when an aggregate's only measures are its count and one
// `groups` key whose own measures read small integer columns, one `GROUP BY parent key, grouped columns` statement
// gives one row per group with its count and totals, instead of one row per kept element.
internal static partial class AggregateStatements
{
    // The most grouped fields one statement takes (the composite key's arity); more are formed from the kept elements.
    private const int MaxGroupedColumns = 3;

    // One key selector and row per element type, key type, grouped and totalled columns: built once (see s_totalsRows).
    private static readonly ConcurrentDictionary<(Type, Type, string), (LambdaExpression Key, LambdaExpression Row)> s_groupStatements = new();

    /// <summary>
    /// The <c>groups</c> key of <paramref name="aggregate"/>, its grouped columns and its totalled ones, when one grouped
    /// statement can compute it: the aggregate measures nothing else but its count; at most three grouped fields, each a
    /// mapped column of the field's own type with a public setter (the key is written from an element holding them);
    /// and the groups' measures read small integer columns only. Null otherwise: the kept elements are read.
    /// </summary>
    private static GroupStatement? GroupedColumns(IEntityType element, ListAggregate aggregate)
    {
        AggregateMeasure? groups = null;
        foreach (var measure in aggregate.Measures)
        {
            if (measure.Kind == AggregateMeasureKind.Groups && groups is null)
            {
                groups = measure;
            }
            else if (measure.Kind is not (AggregateMeasureKind.Count or AggregateMeasureKind.TypeName))
            {
                return null;
            }
        }

        if (groups?.Groups is not { } grouping || grouping.By.Count > MaxGroupedColumns
            || element.ClrType.IsAbstract || element.ClrType.GetConstructor(Type.EmptyTypes) is null)
        {
            return null;
        }

        var by = new List<PropertyInfo>();
        foreach (var field in grouping.By)
        {
            if (field.MemberName is not { } name || element.FindProperty(name) is not { PropertyInfo: { SetMethod.IsPublic: true } member } property
                || property.ClrType != field.ValueType)
            {
                return null;
            }

            by.Add(member);
        }

        // The key's operands are the grouped columns themselves, not totals.
        return TotalsColumns(element, grouping.Measures.Where(static m => m.Kind != AggregateMeasureKind.Key)) is { } totals ? new GroupStatement(groups, by, totals) : null;
    }

    private static Task GroupTotalUntyped<TElement, TKey>(object kept, string foreignKey, PropertyInfo principal, List<object> parents, PlannedField field, GroupStatement statement, CancellationToken cancellationToken)
        where TElement : class, new()
        where TKey : notnull =>
        GroupTotalAsync<TElement, TKey>((IQueryable<TElement>)kept, foreignKey, principal, parents, field, statement, cancellationToken);

    private static async Task GroupTotalAsync<TElement, TKey>(IQueryable<TElement> kept, string foreignKey, PropertyInfo principal, List<object> parents, PlannedField field, GroupStatement statement, CancellationToken cancellationToken)
        where TElement : class, new()
        where TKey : notnull
    {
        var (keySelector, row) = s_groupStatements.GetOrAdd(
            (typeof(TElement), typeof(TKey), foreignKey + "|" + string.Join(",", statement.By.Select(static p => p.Name)) + "|" + string.Join(",", statement.Totals.Select(static c => c.Member.Name))),
            static (_, state) => GroupStatementOf<TElement, TKey>(state.ForeignKey, state.Statement),
            (ForeignKey: foreignKey, Statement: statement));
        var grouped = Expression.Call(typeof(Queryable), nameof(Queryable.GroupBy), [typeof(TElement), keySelector.ReturnType], kept.Expression, Expression.Quote(keySelector));
        var rows = Expression.Call(typeof(Queryable), nameof(Queryable.Select), [row.Parameters[0].Type, typeof(object?[])], grouped, Expression.Quote(row));
        var read = await kept.Provider.CreateQuery<object?[]>(rows).ToListAsync(cancellationToken);

        int countAt = 1 + statement.By.Count;
        var byParent = new Dictionary<TKey, List<GroupTotals>>();
        foreach (var values in read)
        {
            // The key is written from an element holding the group's values, through the fields' generated writers.
            var keyElement = new TElement();
            for (int i = 0; i < statement.By.Count; i++)
            {
                statement.By[i].SetValue(keyElement, values[1 + i]);
            }

            var parentKey = (TKey)values[0]!;
            if (!byParent.TryGetValue(parentKey, out var groups))
            {
                byParent.Add(parentKey, groups = []);
            }

            groups.Add(new GroupTotals(keyElement, Number(values[countAt]), ReadTotals(values, countAt, statement.Totals)));
        }

        foreach (var parent in parents)
        {
            // A parent without a kept element has no group, and counts 0.
            var groups = principal.GetValue(parent) is { } key && byParent.TryGetValue((TKey)key, out var found) ? found : [];
            PopcornAggregates.Store(parent, field, groups.Sum(static g => g.Count), groups);
        }
    }

    /// <summary>
    /// <c>e =&gt; new GroupKey(EF.Property(e, fk), e.B1, ...)</c> (a constructor with its members named, which EF Core
    /// translates as it does an anonymous type's) and <c>g =&gt; new object[] { g.Key.Parent, g.Key.B1, ..., g.LongCount(),
    /// totals... }</c>: one <c>GROUP BY</c> of the parent's key and the grouped columns.
    /// </summary>
    private static (LambdaExpression Key, LambdaExpression Row) GroupStatementOf<TElement, TKey>(string foreignKey, GroupStatement statement)
    {
        var element = Expression.Parameter(typeof(TElement), "e");
        var types = statement.By.Select(static p => p.PropertyType).Prepend(typeof(TKey)).ToArray();
        var keyType = (types.Length switch
        {
            2 => typeof(GroupKey<,>),
            3 => typeof(GroupKey<,,>),
            _ => typeof(GroupKey<,,,>),
        }).MakeGenericType(types);
        var members = keyType.GetProperties().OrderBy(static p => p.MetadataToken).ToArray();
        var arguments = statement.By.Select(p => (Expression)Expression.Property(element, p))
            .Prepend(Expression.Call(typeof(EF), nameof(EF.Property), [typeof(TKey)], element, Expression.Constant(foreignKey)));
        var key = Expression.Lambda(Expression.New(keyType.GetConstructors()[0], arguments, members), element);
        var row = TotalsRow<TElement>(keyType, groupKey => members.Select(m => (Expression)Expression.Property(groupKey, m)), statement.Totals);
        return (key, row);
    }

    /// <summary>A <c>groups</c> key one statement computes: its grouped columns and the integer columns its measures total.</summary>
    private sealed record GroupStatement(AggregateMeasure Groups, List<PropertyInfo> By, List<(FieldMetadata Field, PropertyInfo Member)> Totals);

    // Composite group keys: a constructor whose parameters are its members, as an anonymous type's.
    private sealed class GroupKey<TParent, T1>(TParent parent, T1 first)
    {
        public TParent Parent { get; } = parent;

        public T1 First { get; } = first;
    }

    private sealed class GroupKey<TParent, T1, T2>(TParent parent, T1 first, T2 second)
    {
        public TParent Parent { get; } = parent;

        public T1 First { get; } = first;

        public T2 Second { get; } = second;
    }

    private sealed class GroupKey<TParent, T1, T2, T3>(TParent parent, T1 first, T2 second, T3 third)
    {
        public TParent Parent { get; } = parent;

        public T1 First { get; } = first;

        public T2 Second { get; } = second;

        public T3 Third { get; } = third;
    }
}
