namespace Popcorn.Bench.Data.Dto;

/// <summary>
/// The hand-written side of the aggregate comparison: <c>[id,placedAt,linesAggregate[count,sum[quantity],max[quantity]]]</c>
/// as an EF <c>Select</c> with correlated <c>COUNT</c>/<c>SUM</c>/<c>MAX</c> subqueries into these types, written as
/// Popcorn writes it (a sum of integers as a Float, null over no line).
/// </summary>
public sealed class AggregatedOrderDto
{
    public int Id { get; init; }

    public DateTime PlacedAt { get; init; }

    public LinesAggregateDto LinesAggregate { get; init; } = null!;
}

/// <summary>The numbers over an order's lines.</summary>
public sealed class LinesAggregateDto
{
    public long Count { get; init; }

    public QuantitySumDto Sum { get; init; } = null!;

    public QuantityMaxDto Max { get; init; } = null!;
}

/// <summary>The sum of the lines' quantities; null over no line.</summary>
public sealed class QuantitySumDto
{
    public double? Quantity { get; init; }
}

/// <summary>The greatest of the lines' quantities; null over no line.</summary>
public sealed class QuantityMaxDto
{
    public int? Quantity { get; init; }
}
