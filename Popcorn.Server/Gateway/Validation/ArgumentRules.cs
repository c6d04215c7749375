using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's argument rules (5.4) for a field or a directive: Argument Names (known), Required Arguments, and each
/// value against its argument's type. Argument Uniqueness is the parser's (a repeated argument does not parse).
/// </summary>
internal static class ArgumentRules
{
    /// <summary>Checks the arguments <paramref name="given"/> against their <paramref name="definitions"/>, recording variable uses in <paramref name="uses"/>.</summary>
    /// <param name="context">Where errors go.</param>
    /// <param name="given">The arguments as written.</param>
    /// <param name="definitions">The field's or directive's arguments in the schema.</param>
    /// <param name="ownerOffset">Where the field or directive is: a missing argument is reported there.</param>
    /// <param name="uses">The current definition's variable uses.</param>
    /// <param name="owner">How the unknown-argument message names the owner: <c>field "Query.employee"</c> or <c>directive "@include"</c>.</param>
    /// <param name="requiredOwner">How the missing-argument message starts: <c>Field "employee"</c> or <c>Directive "@include"</c>.</param>
    public static void Check(
        ValidationContext context,
        ArgumentNode[] given,
        IReadOnlyList<SchemaInputValue> definitions,
        int ownerOffset,
        List<VariableUse> uses,
        string owner,
        string requiredOwner)
    {
        foreach (var argument in given)
        {
            var definition = definitions.FirstOrDefault(d => d.Name == argument.Name);
            if (definition is null)
            {
                string hint = ValidationContext.DidYouMean(argument.Name, definitions.Select(d => d.Name));
                context.Report($"Unknown argument \"{ValidationContext.Quote(argument.Name)}\" on {owner}.{hint}", argument.Location.Offset);
                continue;
            }

            ValueRules.Check(context, argument.Value, definition.Type, uses, hasLocationDefault: definition.DefaultValue is not null);
        }

        foreach (var definition in definitions)
        {
            if (definition.Type.Kind == TypeRefKind.NonNull && definition.DefaultValue is null && !given.Any(a => a.Name == definition.Name))
            {
                context.Report($"{requiredOwner} argument \"{definition.Name}\" of type \"{definition.Type}\" is required, but it was not provided.", ownerOffset);
            }
        }
    }
}
