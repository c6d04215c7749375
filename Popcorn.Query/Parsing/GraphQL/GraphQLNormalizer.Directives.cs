namespace Popcorn.Query;

/// <summary>Directives on selections: <c>@include</c>, <c>@skip</c>, <c>@exclude</c>, <c>@optional</c>.</summary>
internal sealed partial class GraphQLNormalizer
{
    private static bool IsKnownDirective(string name) =>
        name is GraphQLKeywords.Include or GraphQLKeywords.Skip or GraphQLWildcards.ExcludeDirective or GraphQLWildcards.OptionalDirective;

    /// <summary>
    /// Applies a selection's directives. Every directive is checked even on a selection that ends up
    /// skipped, so a mistake does not hide behind <c>@skip(if: true)</c>.
    /// </summary>
    private SelectionDirectives ReadDirectives(SelectionNode selection)
    {
        var directives = selection.Directives;
        bool included = true;
        int exclude = -1;
        int optional = -1;
        for (int i = 0; i < directives.Length; i++)
        {
            var directive = directives[i];
            for (int j = 0; j < i; j++)
            {
                if (directives[j].Name == directive.Name)
                {
                    throw Invalid($"The directive '@{Quote(directive.Name)}' is used twice on one selection.", directive.Offset);
                }
            }

            switch (directive.Name)
            {
                case GraphQLKeywords.Include:
                    included &= EvaluateCondition(directive);
                    break;
                case GraphQLKeywords.Skip:
                    included &= !EvaluateCondition(directive);
                    break;
                case GraphQLWildcards.ExcludeDirective:
                    exclude = CheckFieldOnlyDirective(directive, selection);
                    break;
                case GraphQLWildcards.OptionalDirective:
                    optional = CheckFieldOnlyDirective(directive, selection);
                    break;
                default:
                    throw UnknownDirective(directive);
            }
        }

        return new SelectionDirectives(included, exclude, optional);
    }

    private int CheckFieldOnlyDirective(DirectiveNode directive, SelectionNode selection)
    {
        if (selection is not FieldNode)
        {
            throw Invalid($"The directive '@{directive.Name}' can only be used on a field, not on a fragment.", directive.Offset);
        }

        if (directive.Arguments.Length > 0)
        {
            throw Invalid($"The directive '@{directive.Name}' takes no arguments.", directive.Arguments[0].Location.Offset);
        }

        return directive.Offset;
    }

    /// <summary>The <c>if:</c> of <c>@include</c> or <c>@skip</c>: a Boolean literal, or a variable holding a Boolean.</summary>
    private bool EvaluateCondition(DirectiveNode directive)
    {
        ArgumentNode? condition = null;
        foreach (var argument in directive.Arguments)
        {
            if (argument.Name != GraphQLKeywords.If)
            {
                throw Invalid($"The directive '@{directive.Name}' takes only 'if'; '{Quote(argument.Name)}' is not an argument of it.", argument.Location.Offset);
            }

            condition = argument;
        }

        if (condition is null)
        {
            throw Invalid($"The directive '@{directive.Name}' needs its 'if' argument, as in '@{directive.Name}(if: $flag)'.", directive.Offset);
        }

        var value = condition.Value;
        if (value.Variable is { } name)
        {
            var binding = Binding(name, value.Offset);
            if (binding.Definition.Type is not { IsList: false, Name: "Boolean" })
            {
                throw InvalidVariable($"The variable '${Quote(name)}' is declared as '{binding.Definition.Type}', but '@{directive.Name}(if:)' needs a Boolean.", value.Offset);
            }

            if (binding.Value is not { Kind: QueryValueKind.Boolean } flag)
            {
                throw InvalidVariable($"The variable '${Quote(name)}' has no value, but '@{directive.Name}(if:)' needs true or false.", value.Offset);
            }

            return flag.Equals(QueryValue.True);
        }

        if (value.Literal is not { Kind: QueryValueKind.Boolean } literal)
        {
            throw Invalid($"The 'if' of '@{directive.Name}' must be true, false or a Boolean variable.", value.Offset);
        }

        return literal.Equals(QueryValue.True);
    }

    private PopcornQueryException UnknownDirective(DirectiveNode directive) =>
        Invalid($"Unknown directive '@{Quote(directive.Name)}': only @include, @skip, @exclude and @optional are supported.", directive.Offset);
}
