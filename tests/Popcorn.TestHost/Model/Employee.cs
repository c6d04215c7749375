using System.Text.Json.Serialization;

namespace Popcorn.TestHost.Model;

/// <summary>A person on the payroll.</summary>
public sealed class Employee
{
    /// <summary>The employee number; in every response.</summary>
    [Always]
    public int Id { get; init; }

    /// <summary>Given name.</summary>
    [Default]
    public required string FirstName { get; init; }

    /// <summary>Family name.</summary>
    [Default]
    public required string LastName { get; init; }

    /// <summary>Work email address.</summary>
    public required string Email { get; init; }

    /// <summary>Date of birth.</summary>
    public DateOnly Birthday { get; init; }

    /// <summary>Full-time, part-time or contractor.</summary>
    public EmploymentType EmploymentType { get; init; }

    /// <summary>Yearly salary; null for contractors paid by invoice.</summary>
    public decimal? Salary { get; init; }

    /// <summary>Never leaves the server: no selection can reveal it.</summary>
    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)]
    public required string SocialSecurityNumber { get; init; }

    /// <summary>The employee's manager; null at the top.</summary>
    public Employee? Manager { get; set; }

    /// <summary>The department the employee belongs to; null for unassigned contractors.</summary>
    public Department? Department { get; set; }

    /// <summary>Company cars the employee drives.</summary>
    public List<Car> Vehicles { get; init; } = new();

    /// <summary>What the employee is good at.</summary>
    public string[] Skills { get; init; } = [];

    /// <summary>Profile links by site name.</summary>
    public Dictionary<string, string> Links { get; init; } = new();

    /// <summary>When the employee joined.</summary>
    [JsonPropertyName("hired_at")]
    public DateTimeOffset HiredAt { get; init; }
}
