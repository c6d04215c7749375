using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

// Measures over small integers in the grouped statement itself: one row per parent (its key, COUNT(*), and per measured
// field COUNT(x), SUM(x), MIN(x), MAX(x)) instead of one row per kept element. Exact on every provider: integer sums
// and extremes do not depend on order or collation, and the writer turns them into the numbers the in-memory path
// writes (docs/data.md, "Aggregates").
internal static partial class AggregateStatements
{
    // One expression per element type and measured columns: built once, and the same tree each time is what EF Core's
    // query cache finds fastest (a request built its own before: reflection to find Sum/Min/Max, then a cache-key walk).
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<(Type, Type, string), LambdaExpression> s_totalsRows = new();

    /// <summary>
    /// The measured fields of <paramref name="aggregate"/> with their mapped properties when every one is an integer of
    /// 32 bits or fewer mapped to a column of <paramref name="element"/> (no sum can overflow a 64-bit SUM); null when
    /// any is not, and the kept elements are read instead.
    /// </summary>
    private static List<(FieldMetadata Field, PropertyInfo Member)>? TotalsColumns(IEntityType element, ListAggregate aggregate) =>
        TotalsColumns(element, aggregate.Measures);

    /// <summary>The measured fields of <paramref name="measures"/>' operands with their properties, when all are small integer columns.</summary>
    private static List<(FieldMetadata Field, PropertyInfo Member)>? TotalsColumns(IEntityType element, IEnumerable<AggregateMeasure> measures)
    {
        var columns = new List<(FieldMetadata, PropertyInfo)>();
        foreach (var field in measures.SelectMany(m => m.Operands).Select(o => o.Field).OfType<FieldMetadata>().Distinct())
        {
            if (field.ValueType is not { } type || !IntegerTotals.CanStandFor(type) || field.MemberName is not { } name
                || element.FindProperty(name) is not { PropertyInfo: { } member } property || property.ClrType != type)
            {
                return null;
            }

            columns.Add((field, member));
        }

        return columns;
    }

    private static async Task TotalAsync<TElement, TKey>(IQueryable<TElement> kept, string foreignKey, PropertyInfo principal, List<object> parents, PlannedField field, List<(FieldMetadata Field, PropertyInfo Member)> columns, CancellationToken cancellationToken)
        where TElement : class
        where TKey : notnull
    {
        var rows = await kept
            .GroupBy(e => EF.Property<TKey>(e!, foreignKey))
            .Select((Expression<Func<IGrouping<TKey, TElement>, object?[]>>)s_totalsRows.GetOrAdd(
                (typeof(TElement), typeof(TKey), string.Join(",", columns.Select(static c => c.Member.Name))),
                static (_, columns) => TotalsRow<TElement, TKey>(columns),
                columns))
            .ToListAsync(cancellationToken);
        var byKey = new Dictionary<TKey, object?[]>(rows.Count);
        foreach (var row in rows)
        {
            byKey[(TKey)row[0]!] = row;
        }

        foreach (var parent in parents)
        {
            // A parent without a kept element is not in the groups: count 0, and every measure null (no values).
            var row = principal.GetValue(parent) is { } key && byKey.TryGetValue((TKey)key, out var found) ? found : null;
            PopcornAggregates.Store(parent, field, row is null ? 0 : Number(row[1]), ReadTotals(row, countAt: 1, columns));
        }
    }

    /// <summary>
    /// The totals of <paramref name="columns"/> from a row of <see cref="TotalsRow{TElement, TKey}"/>'s layout whose count is at
    /// <paramref name="countAt"/> and whose totals follow it; a missing row (no kept element) has none.
    /// </summary>
    private static IntegerTotals[] ReadTotals(object?[]? row, int countAt, List<(FieldMetadata Field, PropertyInfo Member)> columns)
    {
        var totals = new IntegerTotals[columns.Count];
        int at = countAt + 1;
        for (int i = 0; i < totals.Length; i++)
        {
            // A non-nullable field's value count is the group's count, which the row does not repeat.
            bool nullable = IsNullable(columns[i].Member);
            totals[i] = row is null
                ? new IntegerTotals(columns[i].Field, 0, 0, 0, 0)
                : nullable
                    ? new IntegerTotals(columns[i].Field, Number(row[at]), Number(row[at + 1]), Number(row[at + 2]), Number(row[at + 3]))
                    : new IntegerTotals(columns[i].Field, Number(row[countAt]), Number(row[at]), Number(row[at + 1]), Number(row[at + 2]));
            at += nullable ? 4 : 3;
        }

        return totals;
    }

    private static bool IsNullable(PropertyInfo member) => Nullable.GetUnderlyingType(member.PropertyType) is not null;

    /// <summary>A SQL aggregate's value: null (MIN over only nulls) reads as 0, which a value count of 0 makes unused.</summary>
    private static long Number(object? value) => value is null ? 0 : Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>
    /// <c>g =&gt; new object[] { g.Key, g.LongCount(), g.LongCount(e =&gt; e.M != null), g.Sum(e =&gt; (long?)e.M),
    /// g.Min(e =&gt; (long?)e.M), g.Max(e =&gt; (long?)e.M), ... }</c> (the non-null count only for a nullable member): one
    /// row per parent, which EF Core translates into one <c>GROUP BY</c> with an aggregate per column.
    /// </summary>
    private static Expression<Func<IGrouping<TKey, TElement>, object?[]>> TotalsRow<TElement, TKey>(List<(FieldMetadata Field, PropertyInfo Member)> columns) =>
        (Expression<Func<IGrouping<TKey, TElement>, object?[]>>)TotalsRow<TElement>(typeof(TKey), static key => [key], columns);

    /// <summary>
    /// <see cref="TotalsRow{TElement, TKey}"/> over a group key of <paramref name="keyType"/>, whose row begins with the
    /// items <paramref name="keyItems"/> reads from the key (the key itself, or each member of a composite key).
    /// </summary>
    private static LambdaExpression TotalsRow<TElement>(Type keyType, Func<Expression, IEnumerable<Expression>> keyItems, List<(FieldMetadata Field, PropertyInfo Member)> columns)
    {
        var groupingType = typeof(IGrouping<,>).MakeGenericType(keyType, typeof(TElement));
        var group = Expression.Parameter(groupingType, "g");
        var items = keyItems(Expression.Property(group, "Key")).Select(static item => (Expression)Expression.Convert(item, typeof(object))).ToList();
        items.Add(Expression.Convert(Expression.Call(typeof(Enumerable), nameof(Enumerable.LongCount), [typeof(TElement)], group), typeof(object)));
        foreach (var (_, member) in columns)
        {
            var element = Expression.Parameter(typeof(TElement), "e");
            var value = Expression.Convert(Expression.Property(element, member), typeof(long?));
            var read = Expression.Lambda(value, element);
            if (IsNullable(member))
            {
                var hasValue = Expression.Lambda(Expression.NotEqual(value, Expression.Constant(null, typeof(long?))), element);
                items.Add(Expression.Convert(Expression.Call(typeof(Enumerable), nameof(Enumerable.LongCount), [typeof(TElement)], group, hasValue), typeof(object)));
            }

            items.Add(Expression.Convert(Expression.Call(typeof(Enumerable), nameof(Enumerable.Sum), [typeof(TElement)], group, read), typeof(object)));

            // The extremes in the column's own type: no CAST in the SQL, and they cannot overflow.
            var own = Expression.Lambda(Expression.Convert(Expression.Property(element, member), typeof(Nullable<>).MakeGenericType(Nullable.GetUnderlyingType(member.PropertyType) ?? member.PropertyType)), element);
            foreach (string extreme in new[] { nameof(Enumerable.Min), nameof(Enumerable.Max) })
            {
                items.Add(Expression.Convert(Expression.Call(typeof(Enumerable), extreme, [typeof(TElement), own.ReturnType], group, own), typeof(object)));
            }
        }

        return Expression.Lambda(Expression.NewArrayInit(typeof(object), items), group);
    }
}
