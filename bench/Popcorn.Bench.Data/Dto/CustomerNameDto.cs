namespace Popcorn.Bench.Data.Dto;

/// <summary>A customer of <see cref="FilteredOrderDto"/>: its name only.</summary>
public sealed class CustomerNameDto
{
    public string Name { get; init; } = "";
}
