namespace Popcorn.TestHost.Model;

/// <summary>A unit of the company with its people and projects.</summary>
public sealed class Department
{
    /// <summary>The department number; in every response.</summary>
    [Always]
    public int Id { get; init; }

    /// <summary>The department's name.</summary>
    [Default]
    public required string Name { get; init; }

    /// <summary>Who runs the department; named alone, it shows their name and email.</summary>
    [Default]
    [SubPropertyDefault("[firstName,lastName,email]")]
    public Employee? Head { get; set; }

    /// <summary>Everyone in the department.</summary>
    public List<Employee> Members { get; init; } = new();

    /// <summary>The department's projects by project code.</summary>
    public Dictionary<string, Project> Projects { get; init; } = new();

    /// <summary>Yearly budget.</summary>
    public decimal Budget { get; init; }
}
