namespace Popcorn.Query;

/// <summary>The selection rules that hold whatever the variables are, checked over the whole document.</summary>
internal sealed partial class GraphQLNormalizer
{
    /// <summary>
    /// Walks every operation and fragment once, so that a mistake is reported even inside a
    /// selection that this request skips or an operation it does not run.
    /// </summary>
    private void CheckSelections()
    {
        foreach (var operation in _document.Operations)
        {
            CheckSelectionSet(operation.SelectionSet);
        }

        foreach (var fragment in _document.Fragments)
        {
            CheckSelectionSet(fragment.SelectionSet);
        }
    }

    /// <remarks>Recursion is bounded by the nesting the parser already limited.</remarks>
    private void CheckSelectionSet(SelectionSetNode set)
    {
        foreach (var selection in set.Selections)
        {
            CheckDirectives(selection);
            switch (selection)
            {
                case FieldNode field:
                    CheckFieldShape(field);
                    if (field.SelectionSet is not null)
                    {
                        CheckSelectionSet(field.SelectionSet);
                    }

                    break;
                case InlineFragmentNode inline:
                    CheckSelectionSet(inline.SelectionSet);
                    break;
            }
        }
    }

    /// <summary>Wildcards and removals stand alone: no alias, arguments or children, and not optional.</summary>
    private void CheckFieldShape(FieldNode field)
    {
        int exclude = -1;
        int optional = -1;
        foreach (var directive in field.Directives)
        {
            if (directive.Name == GraphQLWildcards.ExcludeDirective)
            {
                exclude = directive.Offset;
            }
            else if (directive.Name == GraphQLWildcards.OptionalDirective)
            {
                optional = directive.Offset;
            }
        }

        if (GraphQLWildcards.FromGraphQLName(field.Name) is not null)
        {
            CheckBare(field, $"'{field.Name}' takes no alias, arguments or children");
            if (exclude >= 0 || optional >= 0)
            {
                throw Syntax($"'{field.Name}' cannot be excluded or optional: write it on its own.", Math.Max(exclude, optional));
            }
        }
        else if (exclude >= 0)
        {
            CheckBare(field, $"A field with @exclude takes no alias, arguments or children: write '{field.Name} @exclude'");
            if (optional >= 0)
            {
                throw Syntax("A field cannot be both @exclude and @optional.", optional);
            }
        }
    }

    private void CheckBare(FieldNode field, string detail)
    {
        if (field.Alias is not null)
        {
            throw Syntax(detail + ".", field.Location.Offset);
        }

        if (field.Arguments.Length > 0)
        {
            throw Syntax(detail + ".", field.Arguments[0].Location.Offset);
        }

        if (field.SelectionSet is not null)
        {
            throw Syntax(detail + ".", field.SelectionSet.Offset);
        }
    }
}
