namespace Popcorn.TestHost.Model;

/// <summary>Where a project stands.</summary>
public enum ProjectStatus
{
    /// <summary>Not started yet.</summary>
    Planned,

    /// <summary>Under way.</summary>
    Active,

    /// <summary>Finished.</summary>
    Done,
}
