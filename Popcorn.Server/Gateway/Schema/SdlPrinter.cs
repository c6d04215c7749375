using System.Text;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Prints the gateway's <see cref="SchemaModel"/> as GraphQL SDL (<c>GET /graphql/schema.graphql</c>): custom
/// scalars, the query type, the models, then Popcorn's own directives. Standard scalars, introspection types and the
/// spec's directives are implied, as graphql-js's <c>printSchema</c> leaves them out.
/// </summary>
internal static class SdlPrinter
{
    /// <summary>The reason GraphQL's <c>@deprecated</c> directive defaults to (what <c>[Obsolete]</c> without a message gives).</summary>
    private const string DefaultDeprecationReason = "No longer supported";

    public static string Print(SchemaModel schema)
    {
        var sdl = new StringBuilder();
        foreach (var scalar in schema.Types.Where(t => t is { Kind: SchemaTypeKind.SCALAR, IsBuiltIn: false }))
        {
            AppendDescription(sdl, scalar.Description, string.Empty);
            sdl.Append("scalar ").Append(scalar.Name);
            if (scalar.SpecifiedByUrl is { } url)
            {
                sdl.Append(" @specifiedBy(url: ");
                GraphQLStringLiteral.Append(sdl, url);
                sdl.Append(')');
            }

            sdl.Append("\n\n");
        }

        AppendObject(sdl, schema.QueryType);
        foreach (var type in schema.Types.Where(t => t is { Kind: SchemaTypeKind.OBJECT or SchemaTypeKind.INTERFACE or SchemaTypeKind.UNION, IsBuiltIn: false } && t != schema.QueryType))
        {
            sdl.Append('\n');
            if (type.Kind == SchemaTypeKind.UNION)
            {
                AppendDescription(sdl, type.Description, string.Empty);
                sdl.Append("union ").Append(type.Name).Append(" = ").AppendJoin(" | ", type.PossibleTypes).Append('\n');
            }
            else
            {
                AppendObject(sdl, type);
            }
        }

        // The list arguments' enum and input types (ArgumentInputTypes), in the schema's order.
        foreach (var type in schema.Types.Where(t => t is { Kind: SchemaTypeKind.ENUM or SchemaTypeKind.INPUT_OBJECT, IsBuiltIn: false }))
        {
            sdl.Append('\n');
            AppendInputOrEnum(sdl, type);
        }

        foreach (var directive in schema.Directives.Where(d => !d.IsBuiltIn))
        {
            sdl.Append('\n');
            AppendDescription(sdl, directive.Description, string.Empty);
            sdl.Append("directive @").Append(directive.Name);
            AppendArguments(sdl, directive.Arguments);
            sdl.Append(" on ").AppendJoin(" | ", directive.Locations).Append('\n');
        }

        return sdl.ToString();
    }

    private static void AppendObject(StringBuilder sdl, SchemaType type)
    {
        AppendDescription(sdl, type.Description, string.Empty);
        sdl.Append(type.Kind == SchemaTypeKind.INTERFACE ? "interface " : "type ").Append(type.Name);
        if (type.Interfaces.Count > 0)
        {
            sdl.Append(" implements ").AppendJoin(" & ", type.Interfaces);
        }

        sdl.Append(" {\n");
        foreach (var field in type.Fields)
        {
            AppendDescription(sdl, field.Description, "  ");
            sdl.Append("  ").Append(field.Name);
            AppendArguments(sdl, field.Arguments);
            sdl.Append(": ").Append(field.Type);
            AppendDeprecation(sdl, field.DeprecationReason);
            sdl.Append('\n');
        }

        sdl.Append("}\n");
    }

    private static void AppendInputOrEnum(StringBuilder sdl, SchemaType type)
    {
        AppendDescription(sdl, type.Description, string.Empty);
        bool isEnum = type.Kind == SchemaTypeKind.ENUM;
        sdl.Append(isEnum ? "enum " : "input ").Append(type.Name).Append(" {\n");
        if (isEnum)
        {
            foreach (var value in type.EnumValues)
            {
                AppendDescription(sdl, value.Description, "  ");
                sdl.Append("  ").Append(value.Name).Append('\n');
            }
        }
        else
        {
            foreach (var field in type.InputFields ?? [])
            {
                AppendDescription(sdl, field.Description, "  ");
                sdl.Append("  ").Append(field.Name).Append(": ").Append(field.Type).Append('\n');
            }
        }

        sdl.Append("}\n");
    }

    /// <summary>As graphql-js prints it: bare <c>@deprecated</c> for the default reason, else with the reason.</summary>
    private static void AppendDeprecation(StringBuilder sdl, string? reason)
    {
        if (reason is null)
        {
            return;
        }

        sdl.Append(" @deprecated");
        if (reason != DefaultDeprecationReason)
        {
            sdl.Append("(reason: ");
            GraphQLStringLiteral.Append(sdl, reason);
            sdl.Append(')');
        }
    }

    private static void AppendArguments(StringBuilder sdl, IReadOnlyList<SchemaInputValue> arguments)
    {
        if (arguments.Count > 0)
        {
            sdl.Append('(').AppendJoin(", ", arguments.Select(a => a.DefaultValue is null ? $"{a.Name}: {a.Type}" : $"{a.Name}: {a.Type} = {a.DefaultValue}")).Append(')');
        }
    }

    private static void AppendDescription(StringBuilder sdl, string? description, string indent)
    {
        if (!string.IsNullOrWhiteSpace(description))
        {
            sdl.Append(indent).Append("\"\"\"").Append(description.Replace("\"\"\"", "\\\"\"\"", StringComparison.Ordinal)).Append("\"\"\"\n");
        }
    }
}
