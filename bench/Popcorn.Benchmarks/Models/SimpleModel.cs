namespace Popcorn.Benchmarks.Models;

/// <summary>The flat payload of the published Popcorn v2 comparison.</summary>
public sealed class SimpleModel
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    [Always]
    public DateTime CreatedAt { get; set; }

    [Default]
    public string? Description { get; set; }

    public bool IsActive { get; set; }
}
