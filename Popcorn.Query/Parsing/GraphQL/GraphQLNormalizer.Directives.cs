namespace Popcorn.Query;

/// <summary>Directives on selections: <c>@include</c>, <c>@skip</c>, <c>@exclude</c>, <c>@optional</c>.</summary>
internal sealed partial class GraphQLNormalizer
{
    private static bool IsKnownDirective(string name) =>
        name is GraphQLKeywords.Include or GraphQLKeywords.Skip or GraphQLWildcards.ExcludeDirective or GraphQLWildcards.OptionalDirective;

    /// <summary>
    /// The rules of a selection's directives that hold whatever the variables are: known names,
    /// each at most once, <c>@exclude</c>/<c>@optional</c> only on fields and without arguments,
    /// <c>@include</c>/<c>@skip</c> with exactly an <c>if</c> that is a Boolean or a variable.
    /// </summary>
    private void CheckDirectives(SelectionNode selection)
    {
        var directives = selection.Directives;
        for (int i = 0; i < directives.Length; i++)
        {
            var directive = directives[i];
            if (!IsKnownDirective(directive.Name))
            {
                throw UnknownDirective(directive);
            }

            for (int j = 0; j < i; j++)
            {
                if (directives[j].Name == directive.Name)
                {
                    throw Invalid($"The directive '@{directive.Name}' is used twice on one selection.", directive.Offset);
                }
            }

            if (directive.Name is GraphQLKeywords.Include or GraphQLKeywords.Skip)
            {
                CheckCondition(directive);
            }
            else if (selection is not FieldNode)
            {
                throw Invalid($"The directive '@{directive.Name}' can only be used on a field, not on a fragment.", directive.Offset);
            }
            else if (directive.Arguments.Length > 0)
            {
                throw Invalid($"The directive '@{directive.Name}' takes no arguments.", directive.Arguments[0].Location.Offset);
            }
        }
    }

    private void CheckCondition(DirectiveNode directive)
    {
        foreach (var argument in directive.Arguments)
        {
            if (argument.Name != GraphQLKeywords.If)
            {
                throw Invalid($"The directive '@{directive.Name}' takes only 'if'; '{Quote(argument.Name)}' is not an argument of it.", argument.Location.Offset);
            }
        }

        if (directive.Arguments.Length == 0)
        {
            throw Invalid($"The directive '@{directive.Name}' needs its 'if' argument, as in '@{directive.Name}(if: $flag)'.", directive.Offset);
        }

        var value = directive.Arguments[0].Value;
        if (value.Variable is null && value.Literal is not { Kind: QueryValueKind.Boolean })
        {
            throw Invalid($"The 'if' of '@{directive.Name}' must be true, false or a Boolean variable.", value.Offset);
        }
    }

    /// <summary>What a checked selection's directives decide for this request's variables.</summary>
    private SelectionDirectives EvaluateDirectives(SelectionNode selection)
    {
        bool included = true;
        int exclude = -1;
        int optional = -1;
        foreach (var directive in selection.Directives)
        {
            switch (directive.Name)
            {
                case GraphQLKeywords.Include:
                    included &= EvaluateCondition(directive);
                    break;
                case GraphQLKeywords.Skip:
                    included &= !EvaluateCondition(directive);
                    break;
                case GraphQLWildcards.ExcludeDirective:
                    exclude = directive.Offset;
                    break;
                default:
                    optional = directive.Offset;
                    break;
            }
        }

        return new SelectionDirectives(included, exclude, optional);
    }

    /// <summary>The <c>if:</c> of <c>@include</c> or <c>@skip</c>: a Boolean literal, or a variable holding a Boolean.</summary>
    private bool EvaluateCondition(DirectiveNode directive)
    {
        var value = directive.Arguments[0].Value;
        if (value.Variable is not { } name)
        {
            return value.Literal!.Equals(QueryValue.True);
        }

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

    private PopcornQueryException UnknownDirective(DirectiveNode directive) =>
        Invalid($"Unknown directive '@{Quote(directive.Name)}': only @include, @skip, @exclude and @optional are supported.", directive.Offset);
}
