namespace Popcorn.TestHost.Model;

/// <summary>A piece of work a department owns. It has no Popcorn attributes, so every field is a default.</summary>
public sealed class Project
{
    /// <summary>Short unique code, e.g. <c>ENG-1</c>.</summary>
    public required string Code { get; init; }

    /// <summary>What the project is called.</summary>
    public required string Title { get; init; }

    /// <summary>Planned, active or done.</summary>
    public ProjectStatus Status { get; init; }

    /// <summary>Completion from 0 to 1.</summary>
    public double Progress { get; init; }

    /// <summary>When it is due; null when open-ended.</summary>
    public DateOnly? DueDate { get; init; }
}
