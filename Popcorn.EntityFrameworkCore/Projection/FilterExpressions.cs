using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// A <c>where</c> argument (<see cref="Query.Filter"/>) as a predicate EF Core translates: comparisons with every value a
/// parameter, and/or/not, text matches (<see cref="TextMatchExpressions"/>), a join through a reference and
/// <c>EXISTS</c> over a list. The same answers as <see cref="CollectionArguments.Apply{T}"/> in memory (docs/data.md).
/// </summary>
internal static class FilterExpressions
{
    private static readonly MethodInfo s_contains = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.Contains) && m.GetParameters().Length == 2);
    private static readonly MethodInfo s_any = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.Any) && m.GetParameters().Length == 1);
    private static readonly MethodInfo s_anyWhere = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.Any) && m.GetParameters().Length == 2);
    private static readonly MethodInfo s_all = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.All) && m.GetParameters().Length == 2);
    private static readonly MethodInfo s_efParameter = typeof(EF).GetMethod(nameof(EF.Parameter))!;
    private static readonly MethodInfo s_compare = typeof(string).GetMethod(nameof(string.Compare), [typeof(string), typeof(string)])!;

    /// <remarks>
    /// Nothing here recurses in proportion to the input's size, only to its nesting: an <c>in</c> is one array
    /// parameter, and a group's operands are joined as a balanced tree, so EF Core's translator (which recurses once
    /// per node) sees a depth of log2 of the operands; the plan compiler bounded both (docs/data.md, "Bounds").
    /// </remarks>
    public static Expression Filter(Filter filter, Expression row, IModel? model)
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

        if (filter is FilterReference reference)
        {
            return Through(reference, row, model);
        }

        if (filter is FilterCollection collection)
        {
            return Quantified(collection, row, model);
        }

        var comparison = (FilterComparison)filter;
        var member = ArgumentExpressions.Member(row, comparison.Field);
        return comparison.Operator switch
        {
            FilterOperator.In => In(member, comparison.Values),
            FilterOperator.Contains or FilterOperator.StartsWith or FilterOperator.EndsWith => TextMatchExpressions.Match(member, comparison, model),
            _ => Compare(member, comparison.Operator, comparison.Value),
        };
    }

    /// <summary>
    /// <c>row.Customer != null &amp;&amp; filter(row.Customer)</c>: a join. The null test is explicit because EF Core
    /// propagates null through a missing reference (<c>row.Customer.Name == null</c> would hold without a customer), where
    /// memory says a missing reference keeps to no filter; EF Core drops it for a required navigation.
    /// </summary>
    private static Expression Through(FilterReference reference, Expression row, IModel? model)
    {
        var related = ArgumentExpressions.Member(row, reference.Field);
        Expression isSet = Expression.NotEqual(related, Expression.Constant(null, related.Type));
        return reference.Operand is null ? isSet : Expression.AndAlso(isSet, Filter(reference.Operand, related, model));
    }

    /// <summary>
    /// <c>row.Lines.Any(f)</c> (some), <c>row.Lines.All(f)</c> (all), <c>!row.Lines.Any(f)</c> (none): EF Core writes
    /// <c>EXISTS</c> / <c>NOT EXISTS</c> of a subquery correlated by the foreign key.
    /// </summary>
    private static Expression Quantified(FilterCollection collection, Expression row, IModel? model)
    {
        var list = ArgumentExpressions.Member(row, collection.Field);
        var elementType = ElementType(list.Type)
            ?? throw new ProjectionNotSupportedException($"'{collection.Field}' is not a collection of elements, so it cannot be filtered in the database.");
        if (collection.Operand is null)
        {
            return collection.Quantifier switch
            {
                FilterQuantifier.Some => Expression.Call(s_any.MakeGenericMethod(elementType), list),
                FilterQuantifier.None => Expression.Not(Expression.Call(s_any.MakeGenericMethod(elementType), list)),
                _ => Expression.Constant(true),
            };
        }

        var element = Expression.Parameter(elementType, "f");
        var predicate = Expression.Lambda(Filter(collection.Operand, element, model), element);
        return collection.Quantifier switch
        {
            FilterQuantifier.Some => Expression.Call(s_anyWhere.MakeGenericMethod(elementType), list, predicate),
            FilterQuantifier.None => Expression.Not(Expression.Call(s_anyWhere.MakeGenericMethod(elementType), list, predicate)),
            _ => Expression.Call(s_all.MakeGenericMethod(elementType), list, predicate),
        };
    }

    /// <summary>The <c>T</c> of a navigation's <c>IEnumerable&lt;T&gt;</c> (a <c>List&lt;T&gt;</c>, an array, an interface).</summary>
    private static Type? ElementType(Type collection) =>
        collection.IsGenericType && collection.GetGenericTypeDefinition() == typeof(IEnumerable<>)
            ? collection.GetGenericArguments()[0]
            : collection.GetInterfaces().FirstOrDefault(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IEnumerable<>))?.GetGenericArguments()[0];

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
    public static Expression Parameter(object value, Type type) =>
        Expression.Convert(Expression.Field(Expression.Constant(new StrongBox<object?>(value)), nameof(StrongBox<object?>.Value)), type);
}
