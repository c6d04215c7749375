using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Which root fields have a Relay connection beside them, and the names it uses (docs/data.md, "Relay connections"):
/// a query field <c>orders</c> that returns a list of models gets a sibling <c>ordersConnection</c> returning an
/// <c>OrderConnection</c> of <c>OrderEdge</c>s and the shared <c>PageInfo</c>, when a cursor can name a position in it
/// (its element type has a visible <c>[Always, Sortable]</c> field), its resolver binds none of the list arguments
/// itself (Popcorn pages it), it is the app's own (not an upstream service's), and none of those names is taken. The
/// field itself keeps its plain list shape.
/// </summary>
internal static class ConnectionFields
{
    /// <summary>What a connection field's name adds to its list field's.</summary>
    public const string FieldSuffix = "Connection";

    /// <summary>The type every connection shares for its page's state.</summary>
    public const string PageInfoType = "PageInfo";

    /// <summary>The page a connection returns when the client sets no <c>first</c> (HotChocolate's default is also 10).</summary>
    public const int DefaultPageSize = 10;

    /// <summary>The arguments a connection field takes from the list's: no <c>skip</c> (a cursor places the page).</summary>
    public static readonly string[] ArgumentNames = ["first", "after", "orderBy", "where"];

    public static string ConnectionType(TypeMetadata element) => element.Name + "Connection";

    public static string EdgeType(TypeMetadata element) => element.Name + "Edge";

    /// <summary>
    /// The list field a connection named <paramref name="name"/> pages, with its shape, for a caller with
    /// <paramref name="access"/>; null when there is no such connection.
    /// </summary>
    public static (GatewayField Field, ResultShape Shape)? Find(PopcornRegistry registry, GatewayRootFields gateway, string name, FieldAccess access)
    {
        if (!name.EndsWith(FieldSuffix, StringComparison.Ordinal) || name.Length == FieldSuffix.Length
            || gateway.Find(name[..^FieldSuffix.Length]) is not { } field)
        {
            return null;
        }

        return Offered(registry, gateway, field, access) is { } shape ? (field, shape) : null;
    }

    /// <summary>The shape of <paramref name="field"/>'s elements when it has a connection beside it for this caller; null otherwise.</summary>
    public static ResultShape? Offered(PopcornRegistry registry, GatewayRootFields gateway, GatewayField field, FieldAccess access)
    {
        if (field.IsMutation || field.Source is not ResolverSource || registry.ShapeOf(field) is not { IsSequence: true } shape
            || field.Arguments.Any(a => Array.IndexOf(PlanCompiler.CollectionArgumentNames, a.Name) >= 0)
            || gateway.Find(field.Name + FieldSuffix) is not null
            || !TieBreakers(shape.Metadata, access).Any())
        {
            return null;
        }

        // A model already named like a connection's types keeps its name; the list then has no connection.
        var element = shape.Metadata;
        bool taken = gateway.ModelTypes.Any(m => m.Name == ConnectionType(element) || m.Name == EdgeType(element) || m.Name == PageInfoType);
        return taken ? null : shape;
    }

    /// <summary>
    /// The fields that make a position unique: the element type's visible, comparable <c>[Always, Sortable]</c> ones,
    /// as the plan compiler adds them behind a client's sort (docs/data.md, "Cursor paging").
    /// </summary>
    public static IEnumerable<FieldMetadata> TieBreakers(TypeMetadata element, FieldAccess access) =>
        element.SelectableFields.Where(f => f is { IsAlways: true, IsSortable: true, IsNever: false } && access.Allows(f)
            && f.ValueType is { } type && ScalarLiteral.IsComparable(type));
}
