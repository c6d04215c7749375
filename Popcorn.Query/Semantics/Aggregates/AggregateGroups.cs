namespace Popcorn.Query;

/// <summary>
/// What a <c>groups(by: [status])</c> key of an aggregate computes (<see cref="AggregateMeasure.Groups"/>): the
/// elements the aggregate's <c>where</c> keeps, split by the values of the <see cref="By"/> fields, and for each group
/// the <see cref="Measures"/> (its <c>key</c>, <c>count</c>, <c>sum</c>, ...), over that group's elements only. Groups
/// come in the order of their keys, as <c>orderBy</c> on the same fields ascending orders (docs/data.md, "Groups").
/// </summary>
public sealed class AggregateGroups
{
    /// <summary>The suffix of a group's type name: <c>Order</c> → <c>OrderGroup</c>.</summary>
    public const string TypeSuffix = "Group";

    /// <summary>The suffix of a group key's type name: <c>Order</c> → <c>OrderGroupKey</c>.</summary>
    public const string KeyTypeSuffix = "GroupKey";

    /// <summary>The suffix of the enumeration of fields a list can be grouped by: <c>Order</c> → <c>OrderGroupField</c>.</summary>
    public const string FieldEnumSuffix = "GroupField";

    internal AggregateGroups(FieldMetadata[] by, AggregateMeasure[] measures, string typeName)
    {
        _by = by;
        _measures = measures;
        TypeName = typeName;
    }

    private readonly FieldMetadata[] _by;
    private readonly AggregateMeasure[] _measures;

    /// <summary>The element's fields the groups are formed by, in the order <c>by</c> names them (and the groups are ordered by).</summary>
    public IReadOnlyList<FieldMetadata> By => _by;

    /// <summary>The keys each group's object writes, in output order.</summary>
    public IReadOnlyList<AggregateMeasure> Measures => _measures;

    /// <summary>A group's type name, <c>OrderGroup</c>: its <c>__typename</c> and its name in schemas.</summary>
    public string TypeName { get; }

    /// <inheritdoc />
    public override string ToString() =>
        $"(by: [{string.Join(", ", _by.Select(f => f.WireName))}])[{string.Join(",", _measures)}]";
}
