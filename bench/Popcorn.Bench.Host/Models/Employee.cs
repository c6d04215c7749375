namespace Popcorn.Bench.Host.Models;

/// <summary>
/// A company employee: the GraphQL comparison's payload, served by Popcorn's gateway and by GraphQL.NET from the same
/// objects (<see cref="Data.CompanyData"/>). Only strings and ints, whose JSON both engines write alike.
/// </summary>
public sealed class Employee
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string FirstName { get; init; }

    [Default]
    public required string LastName { get; init; }

    public required string Email { get; init; }

    public required string Title { get; set; }

    public Employee? Manager { get; set; }

    public Department? Department { get; set; }
}
