using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The schema side of Relay connections (docs/data.md, "Relay connections"): the <c>&lt;name&gt;Connection</c> root
/// field beside a list field, and the types it returns, <c>XConnection</c>, <c>XEdge</c> and the shared
/// <c>PageInfo</c>, in the shape Relay's Cursor Connections specification gives them.
/// </summary>
internal static class ConnectionSchema
{
    private static readonly TypeRef s_string = TypeRef.Named("String");

    private static readonly TypeRef s_requiredString = TypeRef.NonNull(s_string);

    private static readonly TypeRef s_requiredBoolean = TypeRef.NonNull(TypeRef.Named("Boolean"));

    /// <summary>The connection field beside <paramref name="field"/>: its own arguments, then first, after, orderBy and where.</summary>
    public static SchemaField Field(GatewayField field, ResultShape shape, FieldAccess access)
    {
        var element = shape.Metadata;
        var own = field.Arguments.Select(a => new SchemaInputValue(a.Name, null, TypeRef.Parse(a.GraphQLType)));
        var paging = ArgumentInputTypes.ListArguments(element, access).Where(a => Array.IndexOf(ConnectionFields.ArgumentNames, a.Name) >= 0);
        string description = $"{field.Description} As a Relay connection: pages of {ConnectionFields.DefaultPageSize} unless first says otherwise, by first and after.".TrimStart();
        return new SchemaField(field.Name + ConnectionFields.FieldSuffix, description, own.Concat(paging).ToArray(), TypeRef.NonNull(TypeRef.Named(ConnectionFields.ConnectionType(element))));
    }

    /// <summary>The connection and edge types of each element type in <paramref name="elements"/>, then <c>PageInfo</c> once; none for none.</summary>
    public static IEnumerable<SchemaType> Types(IEnumerable<TypeMetadata> elements)
    {
        var types = new List<SchemaType>();
        foreach (var element in elements.Distinct())
        {
            string edge = ConnectionFields.EdgeType(element);
            types.Add(Object(
                ConnectionFields.ConnectionType(element),
                $"A page of {element.Name}, as Relay's Cursor Connections specification shapes it.",
                new SchemaField("edges", "The page's elements in order, each with its cursor.", [], TypeRef.NonNull(TypeRef.List(TypeRef.NonNull(TypeRef.Named(edge))))),
                new SchemaField("pageInfo", "Where the page stands: whether more follow, and its first and last cursors.", [], TypeRef.NonNull(TypeRef.Named(ConnectionFields.PageInfoType))),
                new SchemaField("totalCount", "How many elements the filter keeps over every page; counted (in the database when it can be) only when selected.", [], TypeRef.NonNull(TypeRef.Named("Int")))));
            types.Add(Object(
                edge,
                $"One {element.Name} of a page and the cursor that names its position.",
                new SchemaField("cursor", "Pass it as after to read the elements that follow this one.", [], s_requiredString),
                new SchemaField("node", null, [], TypeRef.NonNull(TypeRef.Named(element.Name)))));
        }

        if (types.Count > 0)
        {
            types.Add(Object(
                ConnectionFields.PageInfoType,
                "Where a page of a connection stands.",
                new SchemaField("hasNextPage", "True when more elements follow this page (read as one element more than the page).", [], s_requiredBoolean),
                new SchemaField("hasPreviousPage", "True when the page was asked for after a cursor: elements come before it.", [], s_requiredBoolean),
                new SchemaField("startCursor", "The cursor of the page's first element; null for an empty page.", [], s_string),
                new SchemaField("endCursor", "The cursor of the page's last element (the next page's after); null for an empty page.", [], s_string)));
        }

        return types;
    }

    private static SchemaType Object(string name, string description, params SchemaField[] fields) =>
        new(SchemaTypeKind.OBJECT, name, description, fields, []);
}
