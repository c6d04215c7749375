using System.Text.Json.Serialization;

namespace Popcorn.Bench.Data.Dto;

/// <summary>
/// The hand-written side of the deep comparison: what a user writes for <c>[id,placedAt,lines[quantity,product[sku,name,price]]]</c>
/// without Popcorn, an EF <c>Select</c> into these types, serialized on System.Text.Json's source-generated fast path.
/// Declared in the order Popcorn writes the selection, so both sides answer the same bytes (checked).
/// </summary>
public sealed class OrderDto
{
    public int Id { get; init; }

    public DateTime PlacedAt { get; init; }

    public List<LineDto> Lines { get; init; } = [];
}

/// <summary>An order line of <see cref="OrderDto"/>.</summary>
public sealed class LineDto
{
    public int Quantity { get; init; }

    public ProductDto Product { get; init; } = null!;
}

/// <summary>A product of <see cref="LineDto"/>.</summary>
public sealed class ProductDto
{
    public string Sku { get; init; } = "";

    public string Name { get; init; } = "";

    public decimal Price { get; init; }
}

/// <summary>The hand-written projection's context, fast path only (as a user tuning for speed would write it).</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, GenerationMode = JsonSourceGenerationMode.Serialization)]
[JsonSerializable(typeof(List<OrderDto>))]
[JsonSerializable(typeof(List<FilteredOrderDto>))]
[JsonSerializable(typeof(FilteredOrderDto))]
[JsonSerializable(typeof(List<AggregatedOrderDto>))]
public partial class DtoJsonContext : JsonSerializerContext;
