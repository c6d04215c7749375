namespace Popcorn.Bench.Host.Models;

/// <summary>A department and its employees (each pointing back at it): the GraphQL comparison's nested list.</summary>
public sealed class Department
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string Name { get; init; }

    public List<Employee> Members { get; init; } = new();
}
