namespace Popcorn.Query;

/// <summary>
/// What a planned <c>xAggregate</c> key computes over the list field <c>x</c> of the object it is written on
/// (<see cref="PlannedField.Aggregate"/>): the elements its <c>where</c> keeps, then one number per measure. Not a
/// page: <c>first</c>, <c>skip</c>, <c>orderBy</c> and <c>after</c> do not apply (docs/data.md, "Aggregates").
/// </summary>
public sealed class ListAggregate
{
    /// <summary>The suffix that names a list's aggregate: <c>orders</c> → <c>ordersAggregate</c>.</summary>
    public const string FieldSuffix = "Aggregate";

    /// <summary>The suffix of the aggregate's type name: <c>Order</c> → <c>OrderAggregate</c>.</summary>
    public const string TypeSuffix = "Aggregate";

    internal ListAggregate(FieldMetadata list, CollectionArguments? filter, AggregateMeasure[] measures)
    {
        List = list;
        Filter = filter;
        _measures = measures;
        TypeName = list.ElementType!.Name + TypeSuffix;
    }

    private readonly AggregateMeasure[] _measures;

    /// <summary>The list of models aggregated (<c>orders</c> for <c>ordersAggregate</c>).</summary>
    public FieldMetadata List { get; }

    /// <summary>The aggregate's <c>where</c> (its <see cref="CollectionArguments.Where"/>, nothing else set); null keeps every element.</summary>
    public CollectionArguments? Filter { get; }

    /// <summary>The keys the aggregate object writes, in output order.</summary>
    public IReadOnlyList<AggregateMeasure> Measures => _measures;

    /// <summary>The aggregate's type name, <c>OrderAggregate</c> for a list of <c>Order</c>: its <c>__typename</c> and its name in schemas.</summary>
    public string TypeName { get; }

    /// <summary>Whether a measure needs the count (every measure but <c>__typename</c> does today).</summary>
    public bool Counts
    {
        get
        {
            foreach (var measure in _measures)
            {
                if (measure.Kind == AggregateMeasureKind.Count)
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <inheritdoc />
    public override string ToString() =>
        $"{List.WireName}{FieldSuffix}{(Filter is null ? string.Empty : $"({Filter})")}[{string.Join(",", _measures)}]";
}
