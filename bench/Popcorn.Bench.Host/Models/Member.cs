namespace Popcorn.Bench.Host.Models;

/// <summary>
/// A team member: the cyclic payload. <see cref="Team"/>'s <see cref="Models.Team.Lead"/> is a member whose own team
/// is that team again, so plain System.Text.Json needs <c>ReferenceHandler.IgnoreCycles</c> to write it.
/// </summary>
public sealed class Member
{
    [Always]
    public int Id { get; init; }

    [Default]
    public required string FirstName { get; init; }

    [Default]
    public required string LastName { get; init; }

    public required string Email { get; init; }

    public decimal? Salary { get; init; }

    public Member? Manager { get; set; }

    public Team? Team { get; set; }

    public string[] Skills { get; init; } = [];
}
