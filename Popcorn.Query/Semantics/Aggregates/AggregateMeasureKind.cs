namespace Popcorn.Query;

/// <summary>What one key of an aggregate (<c>ordersAggregate[count,sum[total]]</c>) writes.</summary>
public enum AggregateMeasureKind
{
    /// <summary><c>count</c>: how many elements of the list the aggregate's <c>where</c> keeps.</summary>
    Count,

    /// <summary><c>__typename</c>: the aggregate type's name (<c>OrderAggregate</c>), which GraphQL clients select everywhere.</summary>
    TypeName,

    /// <summary><c>sum[total]</c>: the sum of each numeric field over the kept elements; null over none.</summary>
    Sum,

    /// <summary><c>avg[total]</c>: the mean of each numeric field over the kept elements; null over none.</summary>
    Average,

    /// <summary><c>min[placedAt]</c>: the least value of each field over the kept elements; null over none.</summary>
    Minimum,

    /// <summary><c>max[placedAt]</c>: the greatest value of each field over the kept elements; null over none.</summary>
    Maximum,

    /// <summary>
    /// <c>groups(by: [status])[key,count]</c>: the kept elements split by the values of the fields in <c>by</c>, one object
    /// of measures per group, in the order of their keys (<see cref="AggregateMeasure.Groups"/>).
    /// </summary>
    Groups,

    /// <summary><c>key[status]</c>, inside a group only: the values of the grouped fields its elements share.</summary>
    Key,
}
