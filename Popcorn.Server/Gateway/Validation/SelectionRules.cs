using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Walks every operation and fragment with the type each selection applies to, for the spec's rules on selections
/// (5.3): Field Selections (fields exist on the type), Leaf Field Selections, Argument Names, Required Arguments,
/// Fragment Spread Target Defined, Fragment Spread Is Possible, and the inline fragments' type conditions; directives
/// and values are checked where they stand (<see cref="DirectiveRules"/>, <see cref="ValueRules"/>), and every variable
/// use is recorded with the type its position expects, for <see cref="VariableRules"/>.
/// </summary>
/// <remarks>
/// Popcorn's documented extensions pass: the wildcards <c>__all</c>, <c>__default</c> and <c>__full</c> on any object
/// type, an unknown field marked <c>@optional</c> (with nothing under it checked, there being no type to check it
/// against), and a field of a model type without a selection set (its defaults). Introspection types keep the spec's
/// rule: a field of one needs a selection set.
/// </remarks>
internal sealed class SelectionRules(ValidationContext context)
{
    private readonly Dictionary<ExecutableDefinitionNode, List<VariableUse>> _uses = new(ReferenceEqualityComparer.Instance);
    private List<VariableUse> _current = [];

    /// <summary>The variable uses, with their expected types, of each operation and fragment.</summary>
    public IReadOnlyDictionary<ExecutableDefinitionNode, List<VariableUse>> Uses => _uses;

    public void Check()
    {
        foreach (var operation in context.Document.Operations)
        {
            Begin(operation);
            DirectiveRules.Check(context, operation.Directives, operation.Type switch
            {
                GraphQLOperationType.Mutation => "MUTATION",
                GraphQLOperationType.Subscription => "SUBSCRIPTION",
                _ => "QUERY",
            }, _current);
            foreach (var variable in operation.Variables)
            {
                DirectiveRules.Check(context, variable.Directives, "VARIABLE_DEFINITION", _current);
            }

            // An operation whose root type the schema lacks was reported by OperationRules; its fields are checked untyped.
            CheckSelectionSet(operation.SelectionSet, operation.Type switch
            {
                GraphQLOperationType.Query => context.Schema.QueryType,
                GraphQLOperationType.Mutation => context.Schema.MutationType,
                _ => null,
            });
        }

        foreach (var fragment in context.Document.Fragments)
        {
            Begin(fragment);
            DirectiveRules.Check(context, fragment.Directives, "FRAGMENT_DEFINITION", _current);
            var type = context.Schema.Find(fragment.TypeCondition);
            CheckSelectionSet(fragment.SelectionSet, type is not null && ValidationContext.IsComposite(type) ? type : null);
        }
    }

    private void Begin(ExecutableDefinitionNode definition)
    {
        _current = [];
        _uses[definition] = _current;
    }

    /// <summary>Checks a selection set; <paramref name="parent"/> is null when its type is unknown (already reported), so only type-free rules apply.</summary>
    private void CheckSelectionSet(SelectionSetNode set, SchemaType? parent)
    {
        foreach (var selection in set.Selections)
        {
            if (context.IsFull)
            {
                return;
            }

            switch (selection)
            {
                case FieldNode field:
                    DirectiveRules.Check(context, field.Directives, "FIELD", _current);
                    CheckField(field, parent);
                    break;
                case FragmentSpreadNode spread:
                    DirectiveRules.Check(context, spread.Directives, "FRAGMENT_SPREAD", _current);
                    CheckSpread(spread, parent);
                    break;
                case InlineFragmentNode inline:
                    DirectiveRules.Check(context, inline.Directives, "INLINE_FRAGMENT", _current);
                    CheckSelectionSet(inline.SelectionSet, CheckInlineFragment(inline, parent));
                    break;
            }
        }
    }

    private void CheckField(FieldNode field, SchemaType? parent)
    {
        if (FieldDefinitions.IsWildcard(field.Name))
        {
            return;
        }

        var definition = parent is null ? null : FieldDefinitions.Find(context.Schema, parent, field.Name);
        if (definition is null)
        {
            if (parent is not null && !IsOptional(field))
            {
                var suggestions = NameSuggestions.Closest(field.Name, parent.Fields.Select(f => f.Name));
                context.ReportUnknownField(
                    $"Cannot query field \"{ValidationContext.Quote(field.Name)}\" on type \"{parent.Name}\".{ValidationContext.DidYouMean(suggestions)}",
                    new UnknownFieldDetails(field.Name, parent.Name, suggestions),
                    field.Location.Offset);
            }

            // Without a definition nothing below can be typed; the rules that need no type still apply there.
            if (field.SelectionSet is { } untyped)
            {
                CheckSelectionSet(untyped, null);
            }

            return;
        }

        ArgumentRules.Check(context, field.Arguments, definition.Arguments, field.Location.Offset, _current,
            $"field \"{parent!.Name}.{definition.Name}\"", $"Field \"{definition.Name}\"");
        var type = context.NamedType(definition.Type);
        if (type is null)
        {
            return;
        }

        if (ValidationContext.IsLeaf(type))
        {
            if (field.SelectionSet is { } extra)
            {
                context.Report($"Field \"{definition.Name}\" must not have a selection since type \"{definition.Type}\" has no subfields.", extra.Offset);

                // Nothing in it can be typed; the rules that need no type still apply there.
                CheckSelectionSet(extra, null);
            }

            return;
        }

        if (field.SelectionSet is { } set)
        {
            CheckSelectionSet(set, type);
        }
        else if (type.IsBuiltIn)
        {
            // Popcorn's "no selection set means the defaults" is for models; introspection types have no defaults.
            context.Report($"Field \"{definition.Name}\" of type \"{definition.Type}\" must have a selection of subfields. Did you mean \"{definition.Name} {{ ... }}\"?", field.Location.Offset);
        }
    }

    private void CheckSpread(FragmentSpreadNode spread, SchemaType? parent)
    {
        var fragment = context.Fragment(spread.Name);
        if (fragment is null)
        {
            context.Report($"Unknown fragment \"{ValidationContext.Quote(spread.Name)}\".", spread.NameOffset);
            return;
        }

        var type = context.Schema.Find(fragment.TypeCondition);
        if (parent is not null && type is not null && ValidationContext.IsComposite(type) && !FieldDefinitions.Overlap(parent, type))
        {
            context.Report($"Fragment \"{ValidationContext.Quote(spread.Name)}\" cannot be spread here as objects of type \"{parent.Name}\" can never be of type \"{type.Name}\".", spread.Location.Offset);
        }
    }

    /// <summary>Checks an inline fragment's type condition; the type its selections apply to, or null when unknown.</summary>
    private SchemaType? CheckInlineFragment(InlineFragmentNode inline, SchemaType? parent)
    {
        if (inline.TypeCondition is null)
        {
            return parent;
        }

        FragmentRules.CheckTypeCondition(context, inline.TypeCondition, inline.TypeConditionOffset, "Fragment");
        var type = context.Schema.Find(inline.TypeCondition);
        if (type is null || !ValidationContext.IsComposite(type))
        {
            return null;
        }

        if (parent is not null && !FieldDefinitions.Overlap(parent, type))
        {
            context.Report($"Fragment cannot be spread here as objects of type \"{parent.Name}\" can never be of type \"{type.Name}\".", inline.Location.Offset);
        }

        return type;
    }

    private static bool IsOptional(FieldNode field) => field.Directives.Any(d => d.Name == "optional");
}

/// <summary>
/// One <c>$name</c> in a value, with the type its position expects (null when that type is unknown);
/// <see cref="QuotedEnum"/> inside an enum field's <c>where</c> comparison, where a <c>String</c> variable is deprecated, not refused.
/// </summary>
internal readonly record struct VariableUse(string Name, int Offset, TypeRef? Type, bool HasLocationDefault, bool QuotedEnum = false);
