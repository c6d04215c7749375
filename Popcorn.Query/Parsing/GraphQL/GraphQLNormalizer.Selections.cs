using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>Expanding selection sets and fields into tree nodes.</summary>
internal sealed partial class GraphQLNormalizer
{
    private static readonly PropertyReference[] s_noNodes = [];
    private static readonly PropertyReference[] s_emptySelection = [PropertyReference.EmptySelection];

    /// <summary>
    /// The nodes of <paramref name="set"/>, whose fields sit at tree level <paramref name="depth"/>:
    /// fields in written order, inline fragments and spreads merged in place (they add no level),
    /// skipped selections left out. Duplicate fields are kept as written; merging them is the plan
    /// compiler's job. <paramref name="condition"/> is the type condition the set is already under, which a fragment
    /// on the same type need not repeat.
    /// </summary>
    private ExpandedSelections ExpandSelectionSet(SelectionSetNode set, int depth, string? condition = null)
    {
        if (depth > _options.MaxDepth)
        {
            throw TooDeep(set.Offset);
        }

        // Field nesting is bounded by MaxDepth and chains of spreads by the text's length; this only
        // matters for a host that raised those limits far past the defaults.
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw Limit("The query nests too deeply to expand.", set.Offset);
        }

        var items = new List<PropertyReference>(set.Selections.Length);
        long nodes = 0;
        long aliases = 0;
        int height = 1;
        foreach (var selection in set.Selections)
        {
            var directives = EvaluateDirectives(selection);
            if (!directives.Included)
            {
                continue;
            }

            ExpandedSelections part;
            switch (selection)
            {
                case FieldNode field:
                    var (node, children) = BuildField(field, directives, depth);
                    items.Add(node);
                    part = new ExpandedSelections(s_noNodes, 1 + children.Nodes, (node.Alias is null ? 0 : 1) + children.Aliases, 1 + children.Height);
                    break;
                case InlineFragmentNode inline:
                    part = ExpandSelectionSet(inline.SelectionSet, depth, inline.TypeCondition ?? condition);
                    AddFragment(items, inline.TypeCondition, condition, part.Items, selection.Location);
                    break;
                default:
                    var spread = (FragmentSpreadNode)selection;
                    part = ExpandFragment(spread, depth);
                    AddFragment(items, _fragments[spread.Name].TypeCondition, condition, part.Items, selection.Location);
                    break;
            }

            nodes += part.Nodes;
            aliases += part.Aliases;
            height = Math.Max(height, part.Height);
            if (nodes > _options.MaxFields)
            {
                throw Limit($"The query selects more than {_options.MaxFields} fields (counting every field each fragment spread adds).", selection.Location.Offset);
            }

            if (aliases > _options.MaxAliases)
            {
                throw Limit($"The query uses more than {_options.MaxAliases} aliases.", selection.Location.Offset);
            }
        }

        return new ExpandedSelections(items.Count == 0 ? s_noNodes : items.ToArray(), nodes, aliases, height);
    }

    /// <summary>
    /// A fragment's nodes: merged in place without a type condition; with one, kept under a type-conditioned node, since
    /// the tree is read without a schema and only the plan compiler knows whether the type is the level's own (then it
    /// merges them in place too), a derived type's (then they apply to that type's values only) or impossible.
    /// </summary>
    private static void AddFragment(List<PropertyReference> items, string? typeCondition, string? enclosing, PropertyReference[] nodes, SourceLocation location)
    {
        if (typeCondition is null || typeCondition == enclosing)
        {
            items.AddRange(nodes);
        }
        else if (nodes.Length > 0)
        {
            items.Add(PropertyReference.TypeConditioned(typeCondition, nodes, location));
        }
    }

    /// <summary>
    /// One field, already checked: a wildcard spelling, a removal (<c>@exclude</c>), or a field with
    /// its alias, arguments (variables substituted) and expanded children. Returns the node and its
    /// children's expansion (height 0 when it has none).
    /// </summary>
    private (PropertyReference Node, ExpandedSelections Children) BuildField(FieldNode field, SelectionDirectives directives, int depth)
    {
        var none = new ExpandedSelections(s_noNodes, 0, 0, 0);
        if (GraphQLWildcards.FromGraphQLName(field.Name) is { } wildcard)
        {
            return (new PropertyReference(wildcard, location: field.Location), none);
        }

        if (directives.ExcludeOffset >= 0)
        {
            return (new PropertyReference(field.Name, isNegated: true, location: field.Location), none);
        }

        var arguments = BuildArguments(field.Arguments);
        var children = field.SelectionSet is null ? none : ExpandSelectionSet(field.SelectionSet, depth + 1);
        if (field.SelectionSet is not null && children.Items.Length == 0 && _markEmptySelections)
        {
            children = children with { Items = s_emptySelection };
        }

        var node = new PropertyReference(field.Name, field.Alias, isNegated: false, directives.OptionalOffset >= 0, children.Items, arguments, field.Location);
        return (node, children);
    }
}
