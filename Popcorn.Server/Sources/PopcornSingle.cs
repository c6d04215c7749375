using System.Linq.Expressions;

namespace Popcorn.Server;

/// <summary>
/// One object to be read from a query: Popcorn composes the request's selection into <see cref="Query"/> (with
/// Popcorn.EntityFrameworkCore, the columns and joins the selection needs, nothing else), reads its first element and
/// writes it; when the query has none, a REST endpoint answers 404 and a gateway field is <c>null</c>. Return it from
/// an endpoint or a gateway field in place of the loaded entity: <c>db.Orders.Where(o =&gt; o.Id == id).AsPopcornSingle()</c>
/// (<see cref="PopcornQueryableExtensions.AsPopcornSingle{T}"/>).
/// </summary>
/// <remarks>
/// The first element in the query's own order: filter it to one (by key), or order it (an ordered query is cut to one
/// row; an unordered one is read to its first row, so it should be filtered to one). Without a projector for the
/// query's provider (an in-memory <see cref="IQueryable{T}"/>), its first element is read as it is.
/// </remarks>
/// <typeparam name="T">The model type written.</typeparam>
public sealed class PopcornSingle<T> : IPopcornSingleSource
{
    internal PopcornSingle(IQueryable<T> query) => Query = query;

    /// <summary>The query whose first element is the object.</summary>
    public IQueryable<T> Query { get; }

    // An ordered query is cut to its first row (LIMIT 1). An unordered one is left whole and only its first row read:
    // EF Core warns about a Take without an OrderBy (RowLimitingOperationWithoutOrderByWarning) once per query shape,
    // which every endpoint filtering by key would have logged; filtered to one row, the statement reads one anyway.
    object IPopcornSingleSource.FirstOnly() => IsOrdered(Query.Expression) ? Query.Take(1) : Query;

    private static bool IsOrdered(Expression query) =>
        query is MethodCallExpression { Method.Name: nameof(Queryable.OrderBy) or nameof(Queryable.OrderByDescending) or nameof(Queryable.ThenBy) or nameof(Queryable.ThenByDescending) } call
        && call.Method.DeclaringType == typeof(Queryable);

    async ValueTask<object?> IPopcornSingleSource.ReadFirstAsync(object rows, CancellationToken cancellationToken)
    {
        // A provider's query (EF Core's, projected or not) is read asynchronously; only an in-memory one synchronously.
        if (rows is IAsyncEnumerable<T> stream)
        {
            await using var row = stream.GetAsyncEnumerator(cancellationToken);
            return await row.MoveNextAsync() ? row.Current : null;
        }

        using var element = ((IEnumerable<T>)rows).GetEnumerator();
        return element.MoveNext() ? element.Current : null;
    }
}
