namespace Popcorn.Bench.Host.Models;

/// <summary>The GraphQL comparison's mutation input: an employee and the title to give them.</summary>
public sealed record RetitleEmployeeInput
{
    public required int Id { get; init; }

    public required string Title { get; init; }
}
