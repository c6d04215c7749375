namespace Popcorn.Query;

// The text comparisons of a where argument: contains, startsWith, endsWith, and the mode that makes them ignore case
// (docs/data.md, "Text filters"). Spelled as Prisma does ({name: {contains: "ann", mode: INSENSITIVE}}): the operators
// keep HotChocolate's names and C#'s meaning (ordinal), and case is one switch beside them, not a second set of operators.
public static partial class PlanCompiler
{
    private sealed partial class ArgumentReader
    {
        /// <summary>
        /// Whether the text comparisons of one <c>field: {...}</c> entry ignore case: its <c>mode</c>, <c>SENSITIVE</c>
        /// (the default) or <c>INSENSITIVE</c>, as an enum value or a string (a GraphQL variable's value is a string) in
        /// any case. A mode beside no text comparison would change nothing, so it is refused rather than ignored.
        /// </summary>
        private bool TextMatchMode(FieldMetadata compared, IReadOnlyList<QueryArgument> comparisons, SourceLocation at)
        {
            QueryArgument? mode = null;
            bool matchesText = false;
            foreach (var comparison in comparisons)
            {
                if (comparison.Name == "mode")
                {
                    mode = comparison;
                }
                else if (comparison.Name is "contains" or "startsWith" or "endsWith")
                {
                    matchesText = true;
                }
            }

            if (mode is null)
            {
                return false;
            }

            var modeAt = Where(mode, at);
            if (!matchesText)
            {
                throw Error($"'mode' on '{compared.WireName}' applies to contains, startsWith and endsWith; this comparison has none.", modeAt);
            }

            var value = mode.Value;
            if (value.Kind is QueryValueKind.Enum or QueryValueKind.String)
            {
                if (string.Equals(value.Text, "INSENSITIVE", StringComparison.OrdinalIgnoreCase))
                {
                    return true;
                }

                if (string.Equals(value.Text, "SENSITIVE", StringComparison.OrdinalIgnoreCase))
                {
                    return false;
                }
            }

            throw Error($"'mode' on '{compared.WireName}' is SENSITIVE or INSENSITIVE, not {value}.", modeAt);
        }

        /// <summary><c>contains</c>, <c>startsWith</c> or <c>endsWith</c>: a text field, a string value (never null).</summary>
        private FilterComparison MatchText(FieldMetadata compared, FilterOperator op, QueryValue value, bool ignoreCase, SourceLocation at)
        {
            Count(1, at);
            string name = op switch
            {
                FilterOperator.Contains => "contains",
                FilterOperator.StartsWith => "startsWith",
                _ => "endsWith",
            };
            if (compared.ValueType != typeof(string))
            {
                throw Error($"Field '{compared.WireName}' is a {compared.TypeName}: '{name}' compares text; use eq, neq, gt, gte, lt, lte or in.", at);
            }

            if (value.Kind != QueryValueKind.String)
            {
                throw Error($"'{name}' on '{compared.WireName}' takes a string, not {value}.", at);
            }

            return new FilterComparison(compared, op, [value.Text], ignoreCase);
        }
    }
}
