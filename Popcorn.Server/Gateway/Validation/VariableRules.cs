using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's variable rules (5.8) for each operation, counting the fragments it spreads: Variables Are Input Types
/// (and of known types), default values of the variable's type, All Variable Uses Defined, All Variables Used, and All
/// Variable Usages Are Allowed, and Variable Uniqueness.
/// </summary>
internal static class VariableRules
{
    public static void Check(ValidationContext context, IReadOnlyDictionary<ExecutableDefinitionNode, List<VariableUse>> uses)
    {
        foreach (var operation in context.Document.Operations)
        {
            var definitions = new Dictionary<string, (VariableDefinitionNode Node, TypeRef? Type)>(StringComparer.Ordinal);
            foreach (var variable in operation.Variables)
            {
                // A name declared twice is its own error below; the usages are checked against the last declaration, as graphql-js does.
                definitions[variable.Name] = (variable, CheckDefinition(context, variable));
            }

            foreach (var repeated in operation.Variables.GroupBy(v => v.Name).Where(g => g.Count() > 1))
            {
                // One error per name, at every declaration's name (past its '$'), as graphql-js reports it.
                var offsets = repeated.Select(v => v.Offset + 1).ToArray();
                context.Report($"There can be only one variable named \"${ValidationContext.Quote(repeated.Key)}\".", offsets[0], offsets.AsSpan(1));
            }

            ExecutableDefinitionNode[] scope = [operation, .. FragmentRules.ReferencedFragments(context, operation)];
            CheckDefinedAndUsed(context, operation, scope, definitions);
            CheckPositions(context, scope, uses, definitions);
        }
    }

    /// <summary>Checks a variable's type and default; its type in the schema, or null when unknown.</summary>
    private static TypeRef? CheckDefinition(ValidationContext context, VariableDefinitionNode variable)
    {
        var type = context.TypeOf(variable.Type);
        string named = NamedTypeName(variable.Type);
        if (type is null)
        {
            context.Report($"Unknown type \"{ValidationContext.Quote(named)}\".{ValidationContext.DidYouMean(named, context.Schema.Types.Select(t => t.Name))}", NamedTypeOffset(context.Text, variable.TypeOffset));
            return null;
        }

        if (!ValidationContext.IsInput(context.NamedType(type)!))
        {
            // Still its type for the usages' check, as graphql-js does; a default cannot be checked against it.
            context.Report($"Variable \"${variable.Name}\" cannot be non-input type \"{variable.Type}\".", variable.TypeOffset);
            return type;
        }

        if (variable.DefaultValue is { Literal: { } literal } defaultValue)
        {
            ValueRules.CheckLiteral(context, literal, type, defaultValue.Offset);
        }

        return type;
    }

    private static void CheckDefinedAndUsed(ValidationContext context, OperationNode operation, ExecutableDefinitionNode[] scope, Dictionary<string, (VariableDefinitionNode Node, TypeRef? Type)> definitions)
    {
        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var definition in scope)
        {
            foreach (var usage in definition.VariableUsages)
            {
                used.Add(usage.Name);
                if (!definitions.ContainsKey(usage.Name))
                {
                    context.Report(operation.Name is null
                        ? $"Variable \"${ValidationContext.Quote(usage.Name)}\" is not defined."
                        : $"Variable \"${ValidationContext.Quote(usage.Name)}\" is not defined by operation \"{ValidationContext.Quote(operation.Name)}\".",
                        usage.Offset, operation.Offset);
                }
            }
        }

        foreach (var variable in operation.Variables)
        {
            if (!used.Contains(variable.Name))
            {
                context.Report(operation.Name is null
                    ? $"Variable \"${ValidationContext.Quote(variable.Name)}\" is never used."
                    : $"Variable \"${ValidationContext.Quote(variable.Name)}\" is never used in operation \"{ValidationContext.Quote(operation.Name)}\".",
                    variable.Offset);
            }
        }
    }

    private static void CheckPositions(ValidationContext context, ExecutableDefinitionNode[] scope, IReadOnlyDictionary<ExecutableDefinitionNode, List<VariableUse>> uses, Dictionary<string, (VariableDefinitionNode Node, TypeRef? Type)> definitions)
    {
        foreach (var definition in scope)
        {
            foreach (var use in uses.GetValueOrDefault(definition) ?? [])
            {
                if (use.Type is null || !definitions.TryGetValue(use.Name, out var variable) || variable.Type is null)
                {
                    continue;
                }

                if (!IsAllowed(variable.Type, variable.Node.DefaultValue, use.Type, use.HasLocationDefault))
                {
                    if (use.QuotedEnum && variable.Type.NamedType == "String" && context.NamedType(use.Type) is { Kind: SchemaTypeKind.ENUM } enumeration
                        && IsAllowed(Renamed(variable.Type, enumeration.Name), variable.Node.DefaultValue, use.Type, use.HasLocationDefault))
                    {
                        // A String variable compared with an enum field: how such a filter was declared before it was typed.
                        context.Warn(EnumComparisons.StringVariableWarning(use.Name, enumeration.Name), use.Offset);
                        continue;
                    }

                    context.Report($"Variable \"${ValidationContext.Quote(use.Name)}\" of type \"{variable.Type}\" used in position expecting type \"{use.Type}\".", variable.Node.Offset, use.Offset);
                }
            }
        }
    }

    /// <summary>The spec's IsVariableUsageAllowed: a nullable variable fits a non-null position only when either has a default.</summary>
    private static bool IsAllowed(TypeRef variable, ValueNode? variableDefault, TypeRef location, bool locationHasDefault)
    {
        if (location.Kind == TypeRefKind.NonNull && variable.Kind != TypeRefKind.NonNull)
        {
            bool hasNonNullDefault = variableDefault is { Literal.Kind: not Popcorn.Query.QueryValueKind.Null };
            return (hasNonNullDefault || locationHasDefault) && IsSubtype(variable, location.OfType!);
        }

        return IsSubtype(variable, location);
    }

    /// <summary>The spec's AreTypesCompatible for a schema of object types and scalars: the same type, or a non-null of it.</summary>
    private static bool IsSubtype(TypeRef sub, TypeRef super)
    {
        if (super.Kind == TypeRefKind.NonNull)
        {
            return sub.Kind == TypeRefKind.NonNull && IsSubtype(sub.OfType!, super.OfType!);
        }

        if (sub.Kind == TypeRefKind.NonNull)
        {
            return IsSubtype(sub.OfType!, super);
        }

        if (super.Kind == TypeRefKind.List || sub.Kind == TypeRefKind.List)
        {
            return super.Kind == sub.Kind && IsSubtype(sub.OfType!, super.OfType!);
        }

        // Compatibility (docs/graphql-syntax.md, "Enums and dates"): date inputs were String before they had their own
        // scalars, so a document that declares `$at: String` for one keeps working; its value is still read as a date
        // before anything runs.
        return sub.Name == super.Name || (sub.Name == "String" && DateScalars.IsDateScalar(super.Name!));
    }

    private static TypeRef Renamed(TypeRef type, string name) => type.Kind == TypeRefKind.Named ? TypeRef.Named(name) : type with { OfType = Renamed(type.OfType!, name) };

    private static string NamedTypeName(TypeNode type) => type.ItemType is { } item ? NamedTypeName(item) : type.Name!;

    /// <summary>Where the named type inside a written type starts: past any <c>[</c> and what GraphQL ignores between tokens.</summary>
    private static int NamedTypeOffset(string text, int offset)
    {
        while (offset < text.Length)
        {
            char c = text[offset];
            if (c == '#')
            {
                while (offset < text.Length && text[offset] is not ('\n' or '\r'))
                {
                    offset++;
                }
            }
            else if (c is '[' or ' ' or '\t' or '\n' or '\r' or ',' or '\uFEFF')
            {
                offset++;
            }
            else
            {
                break;
            }
        }

        return offset;
    }
}
