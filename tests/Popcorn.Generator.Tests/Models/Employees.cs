using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Generator.Tests.Models;

/// <summary>Someone on the payroll.</summary>
public class Employee
{
    /// <summary>The employee number.</summary>
    [Default]
    public int Id { get; set; }

    /// <summary>Given name, as written on the badge.</summary>
    [Default]
    public string FirstName { get; set; } = string.Empty;

    public string LastName { get; set; } = string.Empty;

    [Never, JsonIgnore]
    public string? PasswordHash { get; set; }

    [Always]
    public string Kind { get; set; } = "employee";

    public DateOnly? Birthday { get; set; }

    public Status Status { get; set; }

    public Department? Department { get; set; }

    /// <summary>The <see cref="Car"/>s the employee may drive.</summary>
    [SubPropertyDefault("[make,model]")]
    public List<Car> Cars { get; set; } = new();

    public Employee? Manager { get; set; }
}

public enum Status
{
    Active,
    OnLeave,

    [JsonStringEnumMemberName("gone")]
    Terminated,
}

public sealed class Department
{
    [Default]
    public string Name { get; set; } = string.Empty;

    public string? Floor { get; set; }

    public Address? Address { get; set; }
}

public sealed record Address(string Street, string City, [property: JsonPropertyName("zip_code")] string? ZipCode);

public class Car
{
    public string Make { get; set; } = string.Empty;

    public string Model { get; set; } = string.Empty;

    public int Year { get; set; }

    public Color Color { get; set; }

    public Dictionary<string, int> Mileage { get; set; } = new();
}

[Flags]
public enum Color
{
    None = 0,
    Red = 1,
    Green = 2,
    Blue = 4,
}
