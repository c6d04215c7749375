using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// The page of a collection whose elements read a nested model, written as a predicate on each row instead of a
/// <c>LIMIT</c> on the projected rows: "this row is among the page of its parent's rows",
/// <c>EXISTS (SELECT 1 FROM (SELECT key FROM T WHERE T.fk = row.fk AND filter ORDER BY ... LIMIT m OFFSET n) WHERE key = row.key)</c>.
/// </summary>
/// <remarks>
/// Paging such a collection after its <c>Select</c> needs a lateral join (<c>APPLY</c>) in EF Core's translation,
/// which SQLite does not have; it used to be paged in memory, so the database read every row of the list, and the
/// lists nested under it for every one of those rows: a few levels of <c>first: 1</c> read hundreds of thousands of
/// joined rows (docs/reliability.md, "Database work"). The subquery is correlated to the row itself (its foreign key),
/// not to the enclosing query's parent, so it needs no lateral join on any provider, and each row's test reads only the rows of its own
/// parent (an index on the foreign key serves it). Values stay parameters (<see cref="ArgumentExpressions"/>).
/// </remarks>
internal static class CorrelatedPage
{
    private static readonly MethodInfo s_where = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.Where) && m.GetParameters()[1].ParameterType.GetGenericArguments().Length == 2);
    private static readonly MethodInfo s_any = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.Any) && m.GetParameters().Length == 2);
    private static readonly MethodInfo s_property = typeof(EF).GetMethod(nameof(EF.Property))!;

    /// <summary>Whether <paramref name="arguments"/> page at all (a <c>first</c> or a <c>skip</c>).</summary>
    public static bool Pages(CollectionArguments? arguments) => arguments is { First: not null } or { Skip: > 0 };

    /// <summary><paramref name="collection"/> keeping only the rows of the page <paramref name="arguments"/> describe.</summary>
    /// <exception cref="ProjectionNotSupportedException">A skip navigation (many-to-many), whose rows have no foreign key of their own to correlate by.</exception>
    public static Expression Filter(Expression collection, INavigationBase navigation, IEntityType target, CollectionArguments arguments)
    {
        if (navigation is not INavigation { IsCollection: true } oneToMany || target.FindPrimaryKey() is not { } key)
        {
            throw new ProjectionNotSupportedException(
                $"'{navigation.DeclaringEntityType.ClrType.Name}.{navigation.Name}' is paged while its elements read a nested model; " +
                "the query pages such a list only for a one-to-many navigation (a many-to-many one has no foreign key on its rows to correlate by). " +
                "Page it without selecting nested models, or return IEnumerable<T>.");
        }

        // The peers are the rows with the same foreign key as this row: the subquery is correlated to the row, never
        // to the enclosing query's parent, which is what would need a lateral join. Its root is bound to the query's
        // provider when the cached projection is used (QueryRoots).
        var elementType = target.ClrType;
        var row = Expression.Parameter(elementType, "row");
        var peer = Expression.Parameter(elementType, "peer");
        var pageRow = Expression.Parameter(elementType, "paged");
        Expression peers = Expression.Call(s_where.MakeGenericMethod(elementType), new EntityQueryRootExpression(target),
            Expression.Lambda(SameValues(oneToMany.ForeignKey.Properties, peer, row), peer));
        peers = ArgumentExpressions.Page(ArgumentExpressions.Arrange(peers, target, arguments), elementType, arguments);
        var inPage = Expression.Call(s_any.MakeGenericMethod(elementType), peers, Expression.Lambda(SameValues(key.Properties, pageRow, row), pageRow));
        return Expression.Call(s_where.MakeGenericMethod(elementType), collection, Expression.Lambda(inPage, row));
    }

    private static Expression SameValues(IReadOnlyList<IProperty> properties, ParameterExpression left, ParameterExpression right)
    {
        Expression? all = null;
        foreach (var property in properties)
        {
            var equal = Expression.Equal(Value(left, property), Value(right, property));
            all = all is null ? equal : Expression.AndAlso(all, equal);
        }

        return all ?? Expression.Constant(true);
    }

    /// <summary>A property's value; a shadow property (a foreign key not on the class) through <see cref="EF.Property{TProperty}"/>.</summary>
    private static Expression Value(ParameterExpression row, IProperty property) =>
        property.PropertyInfo is { } info
            ? Expression.Property(row, info)
            : Expression.Call(s_property.MakeGenericMethod(property.ClrType), row, Expression.Constant(property.Name));
}
