namespace Popcorn.TestHost.Model;

/// <summary>A company car.</summary>
public sealed class Car
{
    /// <summary>The fleet number; in every response.</summary>
    [Always]
    public int Id { get; init; }

    /// <summary>Manufacturer.</summary>
    [Default]
    public required string Make { get; init; }

    /// <summary>Model name.</summary>
    [Default]
    public required string Model { get; init; }

    /// <summary>Model year.</summary>
    public int Year { get; init; }

    /// <summary>Paint colour.</summary>
    public required string Color { get; init; }

    /// <summary>Registration; null while unregistered.</summary>
    public string? LicensePlate { get; init; }

    /// <summary>Who drives it; null for pool cars.</summary>
    public Employee? Owner { get; set; }
}
