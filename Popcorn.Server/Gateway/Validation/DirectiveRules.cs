using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's directive rules (5.7): Directives Are Defined, Directives Are in Valid Locations, Directives Are Unique
/// per Location (none of the schema's directives is repeatable), and their arguments (<see cref="ArgumentRules"/>).
/// Popcorn's <c>@exclude</c> and <c>@optional</c> are directives of the schema (on <c>FIELD</c>), so they pass here.
/// </summary>
internal static class DirectiveRules
{
    /// <summary>Checks the <paramref name="directives"/> written at one place, recording variable uses in <paramref name="uses"/>.</summary>
    /// <param name="context">Where errors go.</param>
    /// <param name="directives">The directives as written.</param>
    /// <param name="location">The spec's name for where the directives stand: <c>FIELD</c>, <c>QUERY</c>, <c>FRAGMENT_SPREAD</c>...</param>
    /// <param name="uses">The current definition's variable uses.</param>
    public static void Check(ValidationContext context, DirectiveNode[] directives, string location, List<VariableUse> uses)
    {
        for (int i = 0; i < directives.Length; i++)
        {
            var directive = directives[i];
            var definition = context.Schema.Directives.FirstOrDefault(d => d.Name == directive.Name);
            if (definition is null)
            {
                context.Report($"Unknown directive \"@{ValidationContext.Quote(directive.Name)}\".", directive.Offset);
                continue;
            }

            if (!definition.Locations.Contains(location))
            {
                context.Report($"Directive \"@{definition.Name}\" may not be used on {location}.", directive.Offset);
            }

            for (int j = 0; j < i; j++)
            {
                if (directives[j].Name == directive.Name)
                {
                    context.Report($"The directive \"@{definition.Name}\" can only be used once at this location.", directives[j].Offset, directive.Offset);
                    break;
                }
            }

            ArgumentRules.Check(context, directive.Arguments, definition.Arguments, directive.Offset, uses,
                $"directive \"@{definition.Name}\"", $"Directive \"@{definition.Name}\"");
        }
    }
}
