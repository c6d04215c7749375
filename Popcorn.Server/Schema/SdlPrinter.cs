using System.Text;

namespace Popcorn.Server;

/// <summary>
/// Prints the gateway's <see cref="SchemaModel"/> as GraphQL SDL (<c>GET /graphql/schema.graphql</c>): custom
/// scalars, the query type, the models, then Popcorn's own directives. Standard scalars, introspection types and the
/// spec's directives are implied, as graphql-js's <c>printSchema</c> leaves them out.
/// </summary>
internal static class SdlPrinter
{
    public static string Print(SchemaModel schema)
    {
        var sdl = new StringBuilder();
        foreach (var scalar in schema.Types.Where(t => t is { Kind: SchemaTypeKind.SCALAR, IsBuiltIn: false }))
        {
            AppendDescription(sdl, scalar.Description, string.Empty);
            sdl.Append("scalar ").Append(scalar.Name).Append("\n\n");
        }

        AppendObject(sdl, schema.QueryType);
        foreach (var type in schema.Types.Where(t => t is { Kind: SchemaTypeKind.OBJECT, IsBuiltIn: false } && t != schema.QueryType))
        {
            sdl.Append('\n');
            AppendObject(sdl, type);
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
        sdl.Append("type ").Append(type.Name).Append(" {\n");
        foreach (var field in type.Fields)
        {
            AppendDescription(sdl, field.Description, "  ");
            sdl.Append("  ").Append(field.Name);
            AppendArguments(sdl, field.Arguments);
            sdl.Append(": ").Append(field.Type).Append('\n');
        }

        sdl.Append("}\n");
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
