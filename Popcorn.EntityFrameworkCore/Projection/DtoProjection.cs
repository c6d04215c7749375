using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore.Metadata;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Pushes a selection into a query that already ends in the app's own projection to a DTO:
/// <c>db.Posts.Select(p =&gt; new PostCard { Id = p.Id, Title = p.Title, AuthorName = p.Author.Name, ... })</c>. The
/// final <c>Select</c> is rewritten to keep only the member bindings the plan writes, so EF Core drops the columns,
/// joins and subqueries of the others. Nested DTOs (<c>Author = new AuthorCard { ... }</c>, optionally behind a null
/// test) and DTO lists (<c>Comments = p.Comments.Select(c =&gt; new CommentCard { ... }).ToList()</c>) are narrowed the
/// same way; any other binding that is selected is kept as the app wrote it.
/// </summary>
/// <remarks>
/// The rewrite runs per request (the app's lambda may capture values of its own, so it cannot be cached per plan); it
/// walks the bindings once, and EF Core's own query cache still hits, since one plan gives one tree shape. A member
/// marked <c>[Never]</c>, or unknown to the metadata, is never written and so never read. Arguments on nested lists
/// of a DTO are refused (the query then runs as the app wrote it and the writer applies them in memory): a DTO list
/// has no key EF Core knows to order and page it by.
/// </remarks>
internal static class DtoProjection
{
    /// <summary>The rewritten query, or null with why it cannot be rewritten (the query does not end in such a projection).</summary>
    public static IQueryable<T>? TryNarrow<T>(IQueryable<T> source, IModel model, SelectionPlan plan, out string? refusal)
    {
        if (source.Expression is not MethodCallExpression { Method.Name: nameof(Queryable.Select), Arguments: [var inner, UnaryExpression { Operand: LambdaExpression selector }] } call
            || call.Method.DeclaringType != typeof(Queryable)
            || selector.Parameters.Count != 1
            || selector.Body is not MemberInitExpression { NewExpression.Arguments.Count: 0 } creation
            || creation.Type != typeof(T))
        {
            refusal = $"The query is not an EF Core query over an entity type '{typeof(T).Name}' (it must start from a DbSet of a context that maps it), nor one ending in a Select that creates '{typeof(T).Name}' with a member initializer (new {typeof(T).Name} {{ ... }}).";
            return null;
        }

        var arrangedBy = MembersArrangedBy(plan.Arguments);
        if (arrangedBy is null)
        {
            refusal = $"The root's 'where' filters through a reference or list of the DTO '{typeof(T).Name}', which its narrowed Select may not read whole; it is applied in memory.";
            return null;
        }

        var narrowed = Expression.Lambda(selector.Type, Narrow(creation, [plan], arrangedBy), selector.Parameters);
        var query = source.Provider.CreateQuery<T>(Expression.Call(call.Method, inner, Expression.Quote(narrowed)));
        refusal = null;
        return plan.Arguments is { } arguments ? ArgumentExpressions.ArrangeRoot(query, model, AlwaysScalars(plan.Type, typeof(T)), arguments) : query;
    }

    /// <summary>
    /// A DTO's tie-breakers: its <c>[Always]</c> scalar properties (typically its id), since EF Core knows no key for it.
    /// A DTO with none is ordered by the client's keys alone.
    /// </summary>
    private static IEnumerable<PropertyInfo> AlwaysScalars(TypeMetadata type, Type dto)
    {
        foreach (var field in type.Fields)
        {
            if (field is { IsAlways: true, IsNever: false, Kind: FieldKind.Scalar, MemberName: { } name } && dto.GetProperty(name) is { } property)
            {
                yield return property;
            }
        }
    }

    /// <summary>
    /// The root's sort and filter members: the arguments are applied after the narrowed <c>Select</c>, on the DTO, so
    /// the members they read must stay bound even when the plan does not write them. Null when the filter goes through a
    /// nested DTO or DTO list: narrowing that member to the selection could drop what the filter reads there.
    /// </summary>
    private static HashSet<string>? MembersArrangedBy(CollectionArguments? arguments)
    {
        var members = new HashSet<string>(StringComparer.Ordinal);
        if (arguments is null)
        {
            return members;
        }

        foreach (var key in arguments.OrderBy)
        {
            members.Add(key.Field.MemberName ?? "");
        }

        // A stack, not recursion: how deeply filters nest is the client's to choose, within the parser's limits.
        var pending = new Stack<Filter>();
        if (arguments.Where is { } where)
        {
            pending.Push(where);
        }

        while (pending.TryPop(out var filter))
        {
            if (filter is FilterGroup group)
            {
                foreach (var operand in group.Operands)
                {
                    pending.Push(operand);
                }
            }
            else if (filter is FilterNot not)
            {
                pending.Push(not.Operand);
            }
            else if (filter is FilterReference or FilterCollection)
            {
                return null;
            }
            else if (filter is FilterComparison comparison)
            {
                members.Add(comparison.Field.MemberName ?? "");
            }
        }

        return members;
    }

    /// <summary>
    /// The member initializer with only the bindings <paramref name="plans"/> write (and <paramref name="kept"/>, read
    /// by the root's arguments), nested ones narrowed too.
    /// </summary>
    private static MemberInitExpression Narrow(MemberInitExpression creation, IReadOnlyList<SelectionPlan> plans, HashSet<string>? kept = null)
    {
        var selected = new Dictionary<string, (List<SelectionPlan> Children, CollectionArguments? Arguments)>(StringComparer.Ordinal);
        foreach (var (field, children, arguments) in ProjectionBuilder.SelectedFields(plans))
        {
            if (field.MemberName is { } name)
            {
                selected[name] = (children, arguments);
            }
        }

        var bindings = new List<MemberBinding>(selected.Count);
        foreach (var binding in creation.Bindings)
        {
            if (!selected.TryGetValue(binding.Member.Name, out var use))
            {
                if (kept?.Contains(binding.Member.Name) == true)
                {
                    bindings.Add(binding);
                }

                continue;
            }

            if (use.Children.Count > 0 && binding is MemberAssignment assignment)
            {
                if (use.Arguments is not null && IsList(assignment.Expression))
                {
                    throw new ProjectionNotSupportedException(
                        $"'{creation.Type.Name}.{binding.Member.Name}' is a list in the app's own Select: its arguments (first, skip, orderBy, where) are applied in memory, so the query runs as written.");
                }

                bindings.Add(assignment.Update(NarrowValue(assignment.Expression, use.Children)));
            }
            else
            {
                bindings.Add(binding);
            }
        }

        return creation.Update(creation.NewExpression, bindings);
    }

    /// <summary>A nested DTO, a DTO behind a null test, or a DTO list narrowed; anything else as the app wrote it.</summary>
    private static Expression NarrowValue(Expression value, List<SelectionPlan> children) => value switch
    {
        MemberInitExpression { NewExpression.Arguments.Count: 0 } nested => Narrow(nested, children),
        ConditionalExpression conditional => conditional.Update(conditional.Test, NarrowValue(conditional.IfTrue, children), NarrowValue(conditional.IfFalse, children)),
        UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.TypeAs } unary => unary.Update(NarrowValue(unary.Operand, children)),
        MethodCallExpression { Method.Name: nameof(Enumerable.Select), Arguments: [var items, LambdaExpression { Body: MemberInitExpression } element] } select
            when IsEnumerable(select.Method) =>
            select.Update(select.Object, [items, Expression.Lambda(element.Type, NarrowValue(element.Body, children), element.Parameters)]),
        MethodCallExpression { Method.Name: nameof(Enumerable.ToList) or nameof(Enumerable.ToArray), Arguments: [var items] } materialized
            when IsEnumerable(materialized.Method) =>
            materialized.Update(materialized.Object, [NarrowValue(items, children)]),
        _ => value,
    };

    private static bool IsList(Expression value) =>
        value is MethodCallExpression call && IsEnumerable(call.Method)
        || value is UnaryExpression { Operand: var operand } && IsList(operand);

    private static bool IsEnumerable(MethodInfo method) => method.DeclaringType == typeof(Enumerable);
}
