using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The schema side of groups (docs/data.md, "Groups"): on an aggregate type, <c>groups(by: [OrderGroupField!]!):
/// [OrderGroup!]!</c>, where <c>OrderGroup</c> has a <c>key: OrderGroupKey!</c> (the fields the caller may group by,
/// each nullable: only those in <c>by</c> may be selected) beside the aggregate's own <c>count</c> and measures, and
/// <c>OrderGroupField</c> enumerates those fields by their wire names. Offered when the caller sees a field to group by
/// and none of the three names is taken; otherwise the aggregate has no <c>groups</c> in the schemas (REST still
/// answers it, as for a measure type whose name is taken).
/// </summary>
internal static class GroupSchema
{
    /// <summary>What a group's <c>count</c> is, in the schemas.</summary>
    public const string CountDescription = "How many of the kept elements this group has.";

    /// <summary>The fields of <paramref name="element"/> this caller may group by.</summary>
    public static FieldMetadata[] Fields(TypeMetadata element, FieldAccess access) =>
        element.SelectableFields.Where(f => MeasureRules.GroupsBy(f) && access.Allows(f)).ToArray();

    /// <summary>Whether the aggregate of <paramref name="element"/> declares <c>groups</c> for this caller.</summary>
    public static bool Offered(TypeMetadata element, FieldAccess access, ISet<string> takenTypes) =>
        Fields(element, access).Length > 0
        && !takenTypes.Contains(GroupTypeName(element)) && !takenTypes.Contains(KeyTypeName(element)) && !takenTypes.Contains(FieldEnumName(element));

    public static string GroupTypeName(TypeMetadata element) => element.Name + AggregateGroups.TypeSuffix;

    public static string KeyTypeName(TypeMetadata element) => element.Name + AggregateGroups.KeyTypeSuffix;

    public static string FieldEnumName(TypeMetadata element) => element.Name + AggregateGroups.FieldEnumSuffix;

    /// <summary>
    /// Adds <c>groups</c> to the aggregate's <paramref name="aggregateFields"/> (which hold its <c>count</c> and measure
    /// fields, a group's too) and yields the group, key and field enumeration types; nothing when not offered.
    /// </summary>
    public static IEnumerable<SchemaType> Types(TypeMetadata element, FieldAccess access, OutputScalars scalars, ISet<string> takenTypes, List<SchemaField> aggregateFields)
    {
        if (!Offered(element, access, takenTypes))
        {
            yield break;
        }

        var fields = Fields(element, access);
        var groupFields = new List<SchemaField>
        {
            new("key", "The values of the fields the groups are formed by, which every element of this group has.", [], TypeRef.NonNull(TypeRef.Named(KeyTypeName(element)))),
        };
        groupFields.AddRange(aggregateFields.Select(static f => f.Name == "count" ? f with { Description = CountDescription } : f));
        aggregateFields.Add(new SchemaField(
            "groups",
            "The kept elements split by the values of the fields in by, one group per distinct combination, in the order of those values (by's fields in turn, ascending, nulls first).",
            [new SchemaInputValue("by", null, TypeRef.NonNull(TypeRef.List(TypeRef.NonNull(TypeRef.Named(FieldEnumName(element))))))],
            TypeRef.NonNull(TypeRef.List(TypeRef.NonNull(TypeRef.Named(GroupTypeName(element)))))));

        yield return new SchemaType(SchemaTypeKind.OBJECT, GroupTypeName(element), $"One group of a list of {element.Name}: its key, and numbers over its elements.", groupFields, []);
        yield return new SchemaType(
            SchemaTypeKind.OBJECT,
            KeyTypeName(element),
            $"The values a group of {element.Name} is formed by; only the fields named in by may be selected.",
            fields.Select(f => new SchemaField(f.WireName, $"The group's {f.WireName}.", [], TypeRef.Named(scalars.NamedTypeOf(f, element: false, () => SchemaModelBuilder.ScalarName(f.TypeName))))).ToArray(),
            []);
        yield return new SchemaType(
            SchemaTypeKind.ENUM,
            FieldEnumName(element),
            $"A field a list of {element.Name} can be grouped by.",
            [],
            fields.Select(f => new SchemaEnumValue(f.WireName, null)).ToArray());
    }
}
