using System.Text.Json.Serialization;

namespace Popcorn.Playground.Staff;

/// <summary>
/// Someone on the engineering staff: an engineer or a manager. A System.Text.Json polymorphic base, so every member is
/// written with its <c>$type</c> first; GraphQL sees an interface, and a selection reaches a derived type's fields
/// with a type condition, <c>...on Manager[reports]</c> or <c>... on Manager { reports }</c>.
/// </summary>
[JsonPolymorphic]
[JsonDerivedType(typeof(Engineer), "engineer")]
[JsonDerivedType(typeof(Manager), "manager")]
public abstract class StaffMember
{
    /// <summary>The staff number; in every response.</summary>
    [Always]
    public int Id { get; init; }

    /// <summary>Full name.</summary>
    [Default]
    public required string Name { get; init; }

    /// <summary>Work email.</summary>
    public required string Email { get; init; }
}

/// <summary>A member of the staff who writes software.</summary>
public sealed class Engineer : StaffMember
{
    /// <summary>Seniority, 1 (junior) to 5 (principal).</summary>
    [Default]
    public int Level { get; init; }

    /// <summary>The languages they work in.</summary>
    public List<string> Languages { get; init; } = [];
}

/// <summary>A member of the staff who leads others.</summary>
public sealed class Manager : StaffMember
{
    /// <summary>The team they lead.</summary>
    [Default]
    public required string Team { get; init; }

    /// <summary>Their direct reports: engineers and other managers.</summary>
    public List<StaffMember> Reports { get; init; } = [];
}
