namespace Popcorn.Bench.Host.Models;

/// <summary>A team, led by one of its own members (the back reference that makes the payload cyclic).</summary>
public sealed class Team
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string Name { get; init; }

    public Member? Lead { get; set; }
}
