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
    private static readonly MethodInfo s_contains = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(System.Linq.Enumerable.Contains) && m.GetParameters().Length == 2);
    private static readonly MethodInfo s_efParameter = typeof(EF).GetMethod(nameof(EF.Parameter))!;
    private static readonly MethodInfo s_compare = typeof(string).GetMethod(nameof(string.Compare), [typeof(string), typeof(string)])!;

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
            arranged = Expression.Call(s_where.MakeGenericMethod(elementType), arranged, Expression.Lambda(Filter(where, row, target.Model), row));
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
        return source.Where(Expression.Lambda<Func<T, bool>>(Filter(where, row, PopcornProjection.FindModel(source.Expression)), row));
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
            query = Expression.Call(typeof(Queryable), nameof(Queryable.Where), [typeof(T)], query, Expression.Quote(Expression.Lambda(Filter(where, row, model), row)));
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
            query = Expression.Call(typeof(Queryable), nameof(Queryable.Skip), [typeof(T)], query, Parameter(arguments.Skip, typeof(int)));
        }

        if (arguments.First is { } take)
        {
            query = Expression.Call(typeof(Queryable), nameof(Queryable.Take), [typeof(T)], query, Parameter(take, typeof(int)));
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
            projected = Expression.Call(s_skip.MakeGenericMethod(elementType), projected, Parameter(arguments.Skip, typeof(int)));
        }

        if (arguments?.First is { } take)
        {
            projected = Expression.Call(s_take.MakeGenericMethod(elementType), projected, Parameter(take, typeof(int)));
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

    /// <remarks>
    /// Nothing here recurses in proportion to the input's size, only to its nesting: an <c>in</c> is one array
    /// parameter, and a group's operands are joined as a balanced tree, so EF Core's translator (which recurses once
    /// per node) sees a depth of log2 of the operands; the plan compiler bounded both (docs/data.md, "Bounds").
    /// </remarks>
    private static Expression Filter(Filter filter, ParameterExpression row, IModel? model)
    {
        if (filter is FilterGroup group)
        {
            var operands = new Expression[group.Operands.Count];
            for (int i = 0; i < operands.Length; i++)
            {
                operands[i] = Filter(group.Operands[i], row, model);
            }

            return Balanced(operands, 0, operands.Length, group.IsOr);
        }

        if (filter is FilterNot not)
        {
            // Two-valued as in memory without a guard of ours: EF Core's C# null semantics rewrite NOT over a nullable
            // column (NOT (note > @p) keeps a null note; NotFilterSqlTests). An app that opts into UseRelationalNulls()
            // gets SQL's three-valued NOT instead (docs/data.md, "not").
            return Expression.Not(Filter(not.Operand, row, model));
        }

        var comparison = (FilterComparison)filter;
        var member = Member(row, comparison.Field);
        return comparison.Operator switch
        {
            FilterOperator.In => In(member, comparison.Values),
            FilterOperator.Contains or FilterOperator.StartsWith or FilterOperator.EndsWith => TextMatchExpressions.Match(member, comparison, model),
            _ => Compare(member, comparison.Operator, comparison.Value),
        };
    }

    /// <summary>Operands [start, end) joined by and/or, halves first: depth log2(n), not n.</summary>
    private static Expression Balanced(Expression[] operands, int start, int end, bool isOr)
    {
        if (end - start == 1)
        {
            return operands[start];
        }

        int middle = start + ((end - start) / 2);
        var left = Balanced(operands, start, middle, isOr);
        var right = Balanced(operands, middle, end, isOr);
        return isOr ? Expression.OrElse(left, right) : Expression.AndAlso(left, right);
    }

    /// <summary>
    /// <c>EF.Parameter(values).Contains(member)</c>: the values as one array parameter (SQLite reads it with
    /// <c>json_each</c>, PostgreSQL as <c>= ANY</c>), so a thousand values are one parameter, not a thousand (SQLite
    /// refuses more than 999 by default) nor a thousand nested ORs. A null never equals a field that cannot be null, so
    /// it is left out for one.
    /// </summary>
    private static Expression In(MemberExpression member, IReadOnlyList<object?> values)
    {
        var type = member.Type;
        bool nullable = !type.IsValueType || Nullable.GetUnderlyingType(type) is not null;
        var kept = nullable ? values : values.Where(v => v is not null).ToArray();
        if (kept.Count == 0)
        {
            return Expression.Constant(false);
        }

        var array = Array.CreateInstance(type, kept.Count);
        for (int i = 0; i < kept.Count; i++)
        {
            array.SetValue(kept[i], i);
        }

        var arrayType = array.GetType();
        var parameter = Expression.Call(s_efParameter.MakeGenericMethod(arrayType), Parameter(array, arrayType));
        return Expression.Call(s_contains.MakeGenericMethod(type), parameter, member);
    }

    private static Expression Compare(Expression member, FilterOperator op, object? value)
    {
        var type = member.Type;
        if (value is null && type.IsValueType && Nullable.GetUnderlyingType(type) is null)
        {
            // A field that cannot be null is never equal to null and always unequal to it (the plan compiler lets null
            // through only for eq, neq and in), as the same comparison in C# or in memory says.
            return Expression.Constant(op == FilterOperator.NotEqual);
        }

        Expression operand = value is null ? Expression.Constant(null, type) : Parameter(value, type);
        if (type == typeof(string) && op is not (FilterOperator.Equal or FilterOperator.NotEqual))
        {
            member = Expression.Call(s_compare, member, operand);
            operand = Expression.Constant(0);
        }
        else if ((Nullable.GetUnderlyingType(type) ?? type) is { IsEnum: true } enumType)
        {
            // As the C# compiler does: enums are compared through their underlying type.
            var underlying = Enum.GetUnderlyingType(enumType);
            var target = type == enumType ? underlying : typeof(Nullable<>).MakeGenericType(underlying);
            member = Expression.Convert(member, target);
            operand = Expression.Convert(operand, target);
        }

        return op switch
        {
            FilterOperator.Equal => Expression.Equal(member, operand),
            FilterOperator.NotEqual => Expression.NotEqual(member, operand),
            FilterOperator.GreaterThan => Expression.GreaterThan(member, operand),
            FilterOperator.GreaterThanOrEqual => Expression.GreaterThanOrEqual(member, operand),
            FilterOperator.LessThan => Expression.LessThan(member, operand),
            _ => Expression.LessThanOrEqual(member, operand),
        };
    }

    /// <summary>A value EF Core sends as a parameter: read from a box at run time, not a constant in the tree.</summary>
    private static Expression Parameter(object value, Type type) =>
        Expression.Convert(Expression.Field(Expression.Constant(new StrongBox<object?>(value)), nameof(StrongBox<object?>.Value)), type);

    private static MemberExpression Member(Expression row, FieldMetadata field) =>
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
