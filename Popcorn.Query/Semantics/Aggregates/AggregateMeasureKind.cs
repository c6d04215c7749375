namespace Popcorn.Query;

/// <summary>What one key of an aggregate (<c>ordersAggregate[count]</c>) writes.</summary>
public enum AggregateMeasureKind
{
    /// <summary><c>count</c>: how many elements of the list the aggregate's <c>where</c> keeps.</summary>
    Count,

    /// <summary><c>__typename</c>: the aggregate type's name (<c>OrderAggregate</c>), which GraphQL clients select everywhere.</summary>
    TypeName,
}
