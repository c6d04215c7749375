using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Composes a compiled <see cref="SelectionPlan"/> into an EF Core query as a <c>Select</c>, so the database reads
/// only the selected columns and joins only the selected navigations, in one statement per root.
/// </summary>
public static class PopcornProjection
{
    /// <summary>
    /// The deepest navigation a projection follows (the root is depth 1). Deeper selections, and cyclic plans (the
    /// deep wildcard over a self-referencing model) where they meet themselves again, are cut: the navigation is
    /// read as <c>null</c>.
    /// </summary>
    public const int MaxDepth = 16;

    /// <summary>
    /// Returns <paramref name="source"/> with <paramref name="plan"/> composed in as a projection of the model type.
    /// The projection is built once per plan and model, then reused. The list arguments of the root
    /// (<see cref="SelectionPlan.Arguments"/>) and of nested collections
    /// (<c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>) are applied in the query: write the rows with
    /// <see cref="SelectionPlan.ForQueriedRows"/>, not <paramref name="plan"/>, or the writers apply them again.
    /// </summary>
    /// <typeparam name="T">The model type: mapped as an EF Core entity type, or a DTO the query's final <c>Select</c> creates with a member initializer.</typeparam>
    /// <param name="source">
    /// A query that starts from a <c>DbSet</c> of the context that maps <typeparamref name="T"/>, or one that ends in
    /// <c>.Select(e =&gt; new T { ... })</c> (that <c>Select</c> is narrowed to the selected members; see docs/data.md).
    /// </param>
    /// <param name="plan">The selection, compiled for <typeparamref name="T"/>'s metadata.</param>
    /// <exception cref="ProjectionNotSupportedException">The selection touches a member EF Core cannot read (see the message), or the query is not an EF Core query.</exception>
    public static IQueryable<T> Project<T>(this IQueryable<T> source, SelectionPlan plan)
    {
        if (!TryProject(source, plan, out var projected, out string? refusal))
        {
            throw new ProjectionNotSupportedException(refusal);
        }

        return projected;
    }

    /// <summary>Like <see cref="Project{T}"/>, but reports a selection that cannot be pushed down instead of throwing.</summary>
    /// <returns>True with the projected query, or false with why not.</returns>
    public static bool TryProject<T>(this IQueryable<T> source, SelectionPlan plan, [NotNullWhen(true)] out IQueryable<T>? projected, [NotNullWhen(false)] out string? refusal) =>
        TryProject(source, plan, writtenOnly: false, out projected, out refusal);

    /// <summary>
    /// <see cref="TryProject{T}(IQueryable{T}, SelectionPlan, out IQueryable{T}?, out string?)"/>; with
    /// <paramref name="writtenOnly"/> the rows are for Popcorn's writers alone (Popcorn.Server's projector), so a
    /// nested object reads its key only when selected or when a resolver or an aggregate reads the rows
    /// (<see cref="ProjectionBuilder.NeedsNestedKeys"/>). The JSON written is the same either way.
    /// </summary>
    internal static bool TryProject<T>(IQueryable<T> source, SelectionPlan plan, bool writtenOnly, [NotNullWhen(true)] out IQueryable<T>? projected, [NotNullWhen(false)] out string? refusal)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(plan);
        projected = null;
        if (plan.Type.ClrType is { } planType && planType != typeof(T))
        {
            throw new ArgumentException($"The plan was compiled for '{plan.Type.Name}', not '{typeof(T).Name}'.", nameof(plan));
        }

        var model = FindModel(source.Expression);
        var entityType = model?.FindEntityType(typeof(T));
        if (entityType is null)
        {
            // Not an entity: perhaps the app's own projection to a DTO, which can be narrowed to the selection.
            refusal = null;
            try
            {
                projected = model is null ? null : DtoProjection.TryNarrow(source, model, plan, out refusal);
            }
            catch (ProjectionNotSupportedException error)
            {
                refusal = error.Message;
                return false;
            }

            refusal ??= $"The query is not an EF Core query over an entity type '{typeof(T).Name}' (it must start from a DbSet of a context that maps it).";
            return projected is not null;
        }

        var projection = ProjectionCache.Get(plan, entityType, writtenOnly);
        if (projection.Selector is null)
        {
            refusal = projection.Refusal!;
            return false;
        }

        // The root list's own arguments (REST's (first: 10)[...], a gateway root field's) go before the projection.
        var arranged = plan.Arguments is { } arguments ? ArgumentExpressions.ArrangeRoot(source, entityType.Model, ArgumentExpressions.PrimaryKey(entityType), arguments) : source;
        var selector = projection.BindsRoots && source.Provider is IAsyncQueryProvider provider
            ? QueryRoots.Bind(projection.Selector, provider)
            : projection.Selector;
        projected = arranged.Select((Expression<Func<T, T>>)selector);
        refusal = null;
        return true;
    }

    /// <summary>The EF model, found through the query's root (every query over a <c>DbSet</c> has one).</summary>
    internal static IModel? FindModel(Expression expression)
    {
        var finder = new RootFinder();
        finder.Visit(expression);
        return finder.Model;
    }

    private sealed class RootFinder : ExpressionVisitor
    {
        public IModel? Model { get; private set; }

        public override Expression? Visit(Expression? node)
        {
            if (Model is not null)
            {
                return node;
            }

            if (node is EntityQueryRootExpression root)
            {
                Model = root.EntityType.Model;
                return node;
            }

            return base.Visit(node);
        }
    }
}
