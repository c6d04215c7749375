using System.Text;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Prints the models and the gateway's root fields as GraphQL SDL (<c>GET /graphql/schema.graphql</c>).
/// Dictionaries have no GraphQL equivalent: they appear as the <c>Map</c> scalar, with the value type in the description.
/// </summary>
internal static class SdlPrinter
{
    public static string Print(IEnumerable<TypeMetadata> types, IEnumerable<GatewayField> rootFields, PopcornRegistry registry)
    {
        var sdl = new StringBuilder();
        sdl.Append("\"\"\"A JSON object whose keys are strings; the selection applies to each value.\"\"\"\nscalar Map\n\n");
        sdl.Append("type Query {\n");
        foreach (var field in rootFields)
        {
            var shape = registry.ShapeOf(field.ReturnType);
            AppendDescription(sdl, field.Description, "  ");
            sdl.Append("  ").Append(field.Name);
            if (field.Arguments.Count > 0)
            {
                sdl.Append('(').AppendJoin(", ", field.Arguments.Select(a => $"{a.Name}: {a.GraphQLType}")).Append(')');
            }

            string typeName = shape?.Metadata.Name ?? "Map";
            sdl.Append(": ").Append(shape?.IsSequence == true ? $"[{typeName}!]!" : typeName).Append('\n');
        }

        sdl.Append("}\n");
        foreach (var type in types)
        {
            sdl.Append('\n');
            AppendDescription(sdl, type.Description, string.Empty);
            sdl.Append("type ").Append(type.Name).Append(" {\n");
            foreach (var field in type.SelectableFields)
            {
                string? description = field.Description;
                if (field.Kind == FieldKind.Map)
                {
                    description = $"{description} (keyed map of {field.ElementType?.Name ?? ElementScalar(field.TypeName)})".Trim();
                }

                AppendDescription(sdl, description, "  ");
                sdl.Append("  ").Append(field.WireName).Append(": ").Append(FieldType(field)).Append('\n');
            }

            sdl.Append("}\n");
        }

        return sdl.ToString();
    }

    private static string FieldType(FieldMetadata field)
    {
        string bang = field.IsNullable ? string.Empty : "!";
        return field.Kind switch
        {
            FieldKind.Object => field.ElementType!.Name + bang,
            FieldKind.List => $"[{field.ElementType?.Name ?? ScalarName(ElementScalar(field.TypeName))}]{bang}",
            FieldKind.Map => "Map" + bang,
            _ => ScalarName(field.TypeName) + bang,
        };
    }

    /// <summary>The element type of a display name such as <c>string[]</c> or <c>List&lt;int&gt;</c>.</summary>
    private static string ElementScalar(string typeName)
    {
        typeName = typeName.TrimEnd('?');
        if (typeName.EndsWith("[]", StringComparison.Ordinal))
        {
            return typeName[..^2];
        }

        int open = typeName.IndexOf('<');
        if (open < 0)
        {
            return typeName;
        }

        string arguments = typeName[(open + 1)..^1];
        int comma = arguments.LastIndexOf(',');
        return arguments[(comma + 1)..].Trim();
    }

    private static string ScalarName(string typeName) => typeName.TrimEnd('?') switch
    {
        "int" or "long" or "short" or "byte" or "sbyte" or "ushort" or "uint" or "ulong" => "Int",
        "double" or "float" or "decimal" => "Float",
        "bool" => "Boolean",
        "Guid" => "ID",
        _ => "String",
    };

    private static void AppendDescription(StringBuilder sdl, string? description, string indent)
    {
        if (!string.IsNullOrWhiteSpace(description))
        {
            sdl.Append(indent).Append("\"\"\"").Append(description.Replace("\"\"\"", "\\\"\"\"", StringComparison.Ordinal)).Append("\"\"\"\n");
        }
    }
}
