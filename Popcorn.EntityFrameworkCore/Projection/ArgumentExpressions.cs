using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// A list field's <see cref="CollectionArguments"/> as LINQ operators on a collection navigation:
/// <c>Where(...).OrderBy(...).ThenBy(key).Skip(n).Take(m)</c>, which EF Core translates into the statement.
/// </summary>
/// <remarks>
/// Nothing a client sends reaches SQL as text. Member names come from metadata (the plan compiler resolved every name
/// to a <c>[Sortable]</c>/<c>[Filterable]</c> field), and every value, <c>first</c> and <c>skip</c> included, is read
/// from a box (<see cref="StrongBox{T}"/>) rather than inlined as a constant, which EF Core turns into a command
/// parameter. The semantics match <see cref="CollectionArguments.Apply{T}"/> in memory: a nullable sort key puts
/// nulls first (explicitly, since PostgreSQL would put them last), ties are broken by the primary key (the source's
/// order in memory is the key order), strings compare with <see cref="string.Compare(string, string)"/>, which the
/// providers translate to the column's collation.
/// </remarks>
internal static class ArgumentExpressions
{
    private static readonly MethodInfo s_where = Enumerable(nameof(System.Linq.Enumerable.Where), typeof(Func<,>));
    private static readonly MethodInfo s_orderBy = Enumerable(nameof(System.Linq.Enumerable.OrderBy), typeof(Func<,>));
    private static readonly MethodInfo s_orderByDescending = Enumerable(nameof(System.Linq.Enumerable.OrderByDescending), typeof(Func<,>));
    private static readonly MethodInfo s_thenBy = Enumerable(nameof(System.Linq.Enumerable.ThenBy), typeof(Func<,>));
    private static readonly MethodInfo s_thenByDescending = Enumerable(nameof(System.Linq.Enumerable.ThenByDescending), typeof(Func<,>));
    private static readonly MethodInfo s_skip = Enumerable(nameof(System.Linq.Enumerable.Skip), typeof(int));
    private static readonly MethodInfo s_take = Enumerable(nameof(System.Linq.Enumerable.Take), typeof(int));

    /// <summary>
    /// <paramref name="collection"/> filtered and ordered (by the client's keys, then by primary key); with no
    /// arguments, ordered by primary key only, as every nested collection is. <see cref="Page"/> follows the <c>Select</c>.
    /// </summary>
    public static Expression Arrange(Expression collection, IEntityType target, CollectionArguments? arguments)
    {
        var elementType = target.ClrType;
        var arranged = collection;
        if (arguments?.Where is { } where)
        {
            var row = Expression.Parameter(elementType, "w");
            arranged = Expression.Call(s_where.MakeGenericMethod(elementType), arranged, Expression.Lambda(FilterExpressions.Filter(where, row, target.Model), row));
        }

        bool first = true;
        foreach (var (key, descending) in SortKeys(elementType, PrimaryKey(target), arguments))
        {
            arranged = OrderBy(arranged, elementType, key, descending, first);
            first = false;
        }

        return arranged;
    }

    /// <summary>The root query filtered by <paramref name="where"/> alone: what a total counts (text matched as the query's provider does).</summary>
    public static IQueryable<T> FilterRoot<T>(IQueryable<T> source, Filter? where)
    {
        if (where is null)
        {
            return source;
        }

        var row = Expression.Parameter(typeof(T), "w");
        return source.Where(Expression.Lambda<Func<T, bool>>(FilterExpressions.Filter(where, row, PopcornProjection.FindModel(source.Expression)), row));
    }

    /// <summary>
    /// The root query arranged by the root list's arguments (<paramref name="model"/>: the EF model it reads, which
    /// says how the provider matches text): filtered; ordered by the client's keys then
    /// <paramref name="tieBreakers"/> (an entity's primary key), when the client sorts (otherwise the handler's own
    /// order stands, as in memory); skipped and taken. An entity root is arranged before the projection (it needs no
    /// lateral join, so it is paged before the <c>Select</c>); a DTO root after the app's own <c>Select</c>, on the DTO's
    /// members, which EF Core translates back to the columns they read.
    /// </summary>
    public static IQueryable<T> ArrangeRoot<T>(IQueryable<T> source, IModel? model, IEnumerable<PropertyInfo> tieBreakers, CollectionArguments arguments)
    {
        var query = source.Expression;
        if (arguments.Where is { } where)
        {
            var row = Expression.Parameter(typeof(T), "w");
            query = Expression.Call(typeof(Queryable), nameof(Queryable.Where), [typeof(T)], query, Expression.Quote(Expression.Lambda(FilterExpressions.Filter(where, row, model), row)));
        }

        if (arguments.OrderBy.Count > 0)
        {
            bool first = true;
            foreach (var (key, descending) in SortKeys(typeof(T), tieBreakers, arguments))
            {
                var row = Expression.Parameter(typeof(T), "o");
                var body = key(row);
                string method = first
                    ? (descending ? nameof(Queryable.OrderByDescending) : nameof(Queryable.OrderBy))
                    : (descending ? nameof(Queryable.ThenByDescending) : nameof(Queryable.ThenBy));
                query = Expression.Call(typeof(Queryable), method, [typeof(T), body.Type], query, Expression.Quote(Expression.Lambda(body, row)));
                first = false;
            }
        }

        if (arguments.Skip > 0)
        {
            query = Expression.Call(typeof(Queryable), nameof(Queryable.Skip), [typeof(T)], query, FilterExpressions.Parameter(arguments.Skip, typeof(int)));
        }

        if (arguments.First is { } take)
        {
            query = Expression.Call(typeof(Queryable), nameof(Queryable.Take), [typeof(T)], query, FilterExpressions.Parameter(take, typeof(int)));
        }

        return source.Provider.CreateQuery<T>(query);
    }

    /// <summary>An entity's primary key properties: the tie-breaker of every order.</summary>
    public static IEnumerable<PropertyInfo> PrimaryKey(IEntityType target) =>
        (target.FindPrimaryKey()?.Properties ?? []).Select(static p => p.PropertyInfo).OfType<PropertyInfo>();

    /// <summary>The client's sort keys (a nullable one preceded by its null test), then the tie-breakers.</summary>
    private static IEnumerable<(Func<ParameterExpression, Expression> Key, bool Descending)> SortKeys(Type elementType, IEnumerable<PropertyInfo> tieBreakers, CollectionArguments? arguments)
    {
        foreach (var key in arguments?.OrderBy ?? [])
        {
            var member = Member(elementType, key.Field);
            if (Nullable.GetUnderlyingType(member.Type) is not null || (!member.Type.IsValueType && key.Field.IsNullable))
            {
                // Nulls first ascending and last descending, as in memory, whatever the provider's default.
                yield return (row => Expression.Condition(Expression.Equal(Member(row, key.Field), Expression.Constant(null, member.Type)), Expression.Constant(0), Expression.Constant(1)), key.Descending);
            }

            yield return (row => Member(row, key.Field), key.Descending);
        }

        foreach (var property in tieBreakers)
        {
            if (arguments?.OrderBy.Any(key => key.Field.MemberName == property.Name) == true)
            {
                // Already a key (the model's [Always, Sortable] tie-breaker is usually the primary key): once is enough.
                continue;
            }

            yield return (row => Expression.Property(row, property), false);
        }
    }

    /// <summary>
    /// The page of an arranged (and already projected) collection: <c>Skip(n).Take(m)</c>. Paging after the
    /// <c>Select</c> lets EF Core number the rows of the projected subquery (<c>ROW_NUMBER()</c>), joins included;
    /// paging before it needs a lateral join (<c>APPLY</c>) as soon as the element reads a reference, which SQLite lacks.
    /// </summary>
    public static Expression Page(Expression projected, Type elementType, CollectionArguments? arguments)
    {
        if (arguments is { Skip: > 0 })
        {
            projected = Expression.Call(s_skip.MakeGenericMethod(elementType), projected, FilterExpressions.Parameter(arguments.Skip, typeof(int)));
        }

        if (arguments?.First is { } take)
        {
            projected = Expression.Call(s_take.MakeGenericMethod(elementType), projected, FilterExpressions.Parameter(take, typeof(int)));
        }

        return projected;
    }

    private static Expression OrderBy(Expression source, Type elementType, Func<ParameterExpression, Expression> key, bool descending, bool first)
    {
        var row = Expression.Parameter(elementType, "o");
        var body = key(row);
        var method = first
            ? (descending ? s_orderByDescending : s_orderBy)
            : (descending ? s_thenByDescending : s_thenBy);
        return Expression.Call(method.MakeGenericMethod(elementType, body.Type), source, Expression.Lambda(body, row));
    }

    internal static MemberExpression Member(Expression row, FieldMetadata field) =>
        Expression.PropertyOrField(row, field.MemberName ?? throw new ProjectionNotSupportedException($"'{field}' has no member name, so it cannot be sorted or filtered in the database."));

    private static MemberExpression Member(Type elementType, FieldMetadata field) => Member(Expression.Parameter(elementType), field);

    private static MethodInfo Enumerable(string name, Type secondParameter) =>
        typeof(Enumerable).GetMethods().Single(m =>
            m.Name == name
            && m.GetParameters().Length == 2
            && (secondParameter == typeof(int)
                ? m.GetParameters()[1].ParameterType == typeof(int)
                : m.GetParameters()[1].ParameterType.IsGenericType && m.GetParameters()[1].ParameterType.GetGenericTypeDefinition() == secondParameter));
}
