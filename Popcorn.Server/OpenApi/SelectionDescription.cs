using System.Text;
using System.Text.Json.Nodes;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What a client may select from an endpoint's model, for people (the parameter's description) and for tools (the
/// <c>x-popcorn</c> extension): every type reachable from the model through fields a client can see, each with its
/// selectable fields and which are written by default. Built from the generated metadata only, and only from
/// <see cref="TypeMetadata.SelectableFields"/>, so a <c>[Never]</c> field, or a type reached only through one, is never named.
/// </summary>
internal static class SelectionDescription
{
    /// <summary>The name of the operation extension that holds the machine-readable description.</summary>
    public const string ExtensionName = "x-popcorn";

    /// <summary>The model and the types its visible fields lead to, the model first, each once.</summary>
    public static IReadOnlyList<TypeMetadata> ReachableTypes(TypeMetadata root)
    {
        var types = new List<TypeMetadata> { root };
        var seen = new HashSet<TypeMetadata>(ReferenceEqualityComparer.Instance) { root };
        for (int i = 0; i < types.Count; i++)
        {
            foreach (var field in Described(types[i]))
            {
                if (field.ElementType is { } child && seen.Add(child))
                {
                    types.Add(child);
                }
            }
        }

        return types;
    }

    /// <summary>What a client gets without a selection, in the include syntax: <c>[id,title]</c>.</summary>
    public static string DefaultSelection(TypeMetadata type) => "[" + string.Join(",", type.DefaultFields.Where(f => f.Policy is null).Select(f => f.WireName)) + "]";

    /// <summary>
    /// A selection of <paramref name="type"/>'s own fields, in the include syntax, to show the syntax with names that
    /// exist (one hard-coded example read as an error on every model without an <c>author</c>): its first two scalar
    /// fields and its first model field with one of that model's scalars (<c>[id,title,author[name]]</c>).
    /// </summary>
    public static string ExampleInclude(TypeMetadata type)
    {
        var (scalars, child, inner) = ExampleParts(type);
        var names = scalars.ToList();
        if (child is not null)
        {
            names.Add(child.WireName + "[" + inner!.WireName + "]");
        }

        return "[" + string.Join(",", names) + "]";
    }

    /// <summary>The same example in the GraphQL-like syntax: <c>{ id title author { name } }</c>.</summary>
    public static string ExampleGraphQL(TypeMetadata type)
    {
        var (scalars, child, inner) = ExampleParts(type);
        var names = scalars.ToList();
        if (child is not null)
        {
            names.Add(child.WireName + " { " + inner!.WireName + " }");
        }

        return names.Count == 0 ? "{ __default }" : "{ " + string.Join(" ", names) + " }";
    }

    private static (IEnumerable<string> Scalars, FieldMetadata? Child, FieldMetadata? Inner) ExampleParts(TypeMetadata type)
    {
        var scalars = Described(type).Where(static f => f.ElementType is null).Take(2).Select(static f => f.WireName);
        foreach (var field in Described(type))
        {
            if (field.ElementType is { } child
                && (Described(child).FirstOrDefault(static f => f.ElementType is null && !f.IsAlways) ?? Described(child).FirstOrDefault(static f => f.ElementType is null)) is { } inner)
            {
                return (scalars, field, inner);
            }
        }

        return (scalars, null, null);
    }

    /// <summary>The query parameter's description: the syntaxes, the defaults, then every reachable type's fields.</summary>
    public static string ForQueryParameter(TypeMetadata root, bool isSequence, PopcornOptions options)
    {
        var text = new StringBuilder();
        text.Append("Chooses the fields of the response").Append(isSequence ? " (each " : " (").Append(root.Name).Append("), in the include syntax ")
            .Append("(`").Append(ExampleInclude(root)).Append("`) or the GraphQL-like syntax (`").Append(ExampleGraphQL(root)).Append("`). ")
            .Append("Without a selection the default fields are written: `").Append(DefaultSelection(root)).Append("`. ")
            .Append("The same selection may be sent in the `").Append(options.HeaderName).Append("` header instead, not in both. ")
            .Append(isSequence ? "The list itself takes `first`, `skip`, `orderBy` and `where` written before the selection: `(first: 10)[id]`. " : string.Empty)
            .Append("A selection that does not parse or names an unknown field is answered with a 400 problem.\n\nFields by type ")
            .Append("(*always*: written whatever is selected; *default*: written when nothing is selected):\n");
        foreach (var type in ReachableTypes(root))
        {
            text.Append("\n- ").Append(type.Name).Append(": ");
            text.AppendJoin(", ", Described(type).Select(field => DescribeField(field, type)));
        }

        return text.ToString();
    }

    /// <summary>The header's description: it carries what the query parameter does.</summary>
    public static string ForHeader(TypeMetadata root, PopcornOptions options) =>
        $"The same selection as the `{options.QueryParameterName}` query parameter (fields of {root.Name}), for selections too long for a URL. " +
        $"Send one or the other: both is a 400 problem. Responses vary by this header.";

    /// <summary>The <c>x-popcorn</c> extension: the model, the parameter names, and every reachable type's fields.</summary>
    public static JsonObject Extension(TypeMetadata root, bool isSequence, PopcornOptions options)
    {
        var types = new JsonObject();
        foreach (var type in ReachableTypes(root))
        {
            var fields = new JsonArray();
            foreach (var field in Described(type))
            {
                var entry = new JsonObject { ["name"] = field.WireName };
                if (field.IsAlways)
                {
                    entry["always"] = true;
                }

                if (IsWrittenByDefault(field, type))
                {
                    entry["default"] = true;
                }

                if (field.ElementType is { } child)
                {
                    entry["type"] = child.Name;
                }

                if (field.Kind is FieldKind.List or FieldKind.Map)
                {
                    entry["kind"] = field.Kind == FieldKind.List ? "list" : "map";
                }

                fields.Add((JsonNode)entry);
            }

            types[type.Name] = new JsonObject { ["defaultSelection"] = DefaultSelection(type), ["fields"] = fields };
        }

        return new JsonObject
        {
            ["model"] = root.Name,
            ["sequence"] = isSequence,
            ["queryParameter"] = options.QueryParameterName,
            ["header"] = options.HeaderName,
            ["types"] = types,
        };
    }

    /// <summary>
    /// The fields an operation's description names: the selectable ones without a <c>[PopcornAuthorize]</c> policy. The
    /// description is one text for every caller, so a field only some callers may see is left out of it (the model's
    /// schema, which is per caller, lists it for those who may; docs/authorization.md).
    /// </summary>
    private static IEnumerable<FieldMetadata> Described(TypeMetadata type) => type.SelectableFields.Where(static f => f.Policy is null);

    private static string DescribeField(FieldMetadata field, TypeMetadata type)
    {
        var text = new StringBuilder("`").Append(field.WireName).Append('`');
        var notes = new List<string>(2);
        if (field.IsAlways)
        {
            notes.Add("*always*");
        }
        else if (IsWrittenByDefault(field, type))
        {
            notes.Add("*default*");
        }

        if (field.ElementType is { } child)
        {
            notes.Add(field.Kind switch { FieldKind.List => "list of " + child.Name, FieldKind.Map => "map of " + child.Name, _ => child.Name });
        }

        return notes.Count == 0 ? text.ToString() : text.Append(" (").AppendJoin(", ", notes).Append(')').ToString();
    }

    // When no field is marked, every visible field is a default (TypeMetadata.DefaultFields), and the list says so.
    private static bool IsWrittenByDefault(FieldMetadata field, TypeMetadata type) => type.DefaultFields.Contains(field);
}
