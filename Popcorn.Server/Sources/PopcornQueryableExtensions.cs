using Popcorn.Server;

// In System.Linq, beside the operators it follows, so a Program.cs needs no using for it (as the endpoint extensions
// live in ASP.NET Core's namespaces).
namespace System.Linq;

/// <summary>Marks a query whose first element is what an endpoint or a gateway field answers.</summary>
public static class PopcornQueryableExtensions
{
    /// <summary>
    /// The first element of <paramref name="query"/>, read with the request's selection composed in (see
    /// <see cref="PopcornSingle{T}"/>): a REST endpoint answers 404 when there is none, a gateway field <c>null</c>.
    /// </summary>
    /// <param name="query">The query, filtered to the one object (by key) or ordered.</param>
    /// <returns>What the endpoint or gateway field returns.</returns>
    public static PopcornSingle<T> AsPopcornSingle<T>(this IQueryable<T> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return new PopcornSingle<T>(query);
    }
}
