using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Query roots inside a cached projection (<see cref="CorrelatedPage"/>'s subqueries) are built without a query
/// provider, since the projection outlives any one <c>DbContext</c>; EF Core refuses a root of another provider than
/// the query's ("multiple context instances"), so each use binds them to the provider of the query it joins.
/// </summary>
internal static class QueryRoots
{
    /// <summary>Whether <paramref name="selector"/> holds a root to bind.</summary>
    public static bool AnyUnbound(LambdaExpression selector)
    {
        var finder = new Finder();
        finder.Visit(selector);
        return finder.Found;
    }

    /// <summary><paramref name="selector"/> with every unbound root bound to <paramref name="provider"/>.</summary>
    public static LambdaExpression Bind(LambdaExpression selector, IAsyncQueryProvider provider) =>
        (LambdaExpression)new Binder(provider).Visit(selector);

    private sealed class Finder : ExpressionVisitor
    {
        public bool Found { get; private set; }

        protected override Expression VisitExtension(Expression node)
        {
            if (node is EntityQueryRootExpression { QueryProvider: null })
            {
                Found = true;
                return node;
            }

            return base.VisitExtension(node);
        }
    }

    private sealed class Binder(IAsyncQueryProvider provider) : ExpressionVisitor
    {
        protected override Expression VisitExtension(Expression node) =>
            node is EntityQueryRootExpression { QueryProvider: null } root
                ? new EntityQueryRootExpression(provider, root.EntityType)
                : base.VisitExtension(node);
    }
}
