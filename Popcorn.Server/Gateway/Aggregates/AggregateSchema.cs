using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The schema side of aggregates (docs/data.md, "Aggregates"): beside every list of models <c>x</c> the caller sees,
/// a field <c>xAggregate(where: XFilter): XAggregate!</c>, and the types it returns, <c>XAggregate { count: Int! }</c>,
/// named after the element type as connections are. A name already taken (a real field <c>xAggregate</c>, a model
/// named <c>XAggregate</c>) leaves the list without its aggregate, as the plan compiler does for the field.
/// </summary>
internal static class AggregateSchema
{
    /// <summary>
    /// Whether <paramref name="list"/> of <paramref name="owner"/> has an aggregate in the schema, given the type names
    /// already taken. Only the app's own models (with a CLR type): an upstream service's lists are not aggregated by
    /// the gateway, which does not read them.
    /// </summary>
    public static bool Offered(TypeMetadata owner, FieldMetadata list, ISet<string> takenTypes) =>
        owner.ClrType is not null
        && list is { AcceptsCollectionArguments: true, GetValue: not null }
        && owner.FindField(list.WireName + ListAggregate.FieldSuffix) is null
        && !takenTypes.Contains(list.ElementType!.Name + ListAggregate.TypeSuffix);

    /// <summary>The aggregate field beside <paramref name="list"/>: only the list's <c>where</c>, since an aggregate is not a page.</summary>
    public static SchemaField Field(FieldMetadata list, FieldAccess access)
    {
        var element = list.ElementType!;
        var where = ArgumentInputTypes.ListArguments(element, access).Where(static a => a.Name == "where").ToArray();
        return new SchemaField(
            list.WireName + ListAggregate.FieldSuffix,
            $"Numbers over every element of {list.WireName} that where keeps (not a page: first, skip, orderBy and after do not apply).",
            where,
            TypeRef.NonNull(TypeRef.Named(element.Name + ListAggregate.TypeSuffix)));
    }

    /// <summary>The aggregate type of each element type in <paramref name="elements"/>.</summary>
    public static IEnumerable<SchemaType> Types(IEnumerable<TypeMetadata> elements) =>
        elements.Distinct().Select(static element => new SchemaType(
            SchemaTypeKind.OBJECT,
            element.Name + ListAggregate.TypeSuffix,
            $"Numbers over a list of {element.Name}, computed in the database when the list comes from one.",
            [new SchemaField("count", "How many elements the aggregate's where keeps.", [], TypeRef.NonNull(TypeRef.Named("Int")))],
            []));
}
