namespace Popcorn.TestHost.Model;

/// <summary>How an employee is engaged.</summary>
public enum EmploymentType
{
    /// <summary>A permanent, full-time position.</summary>
    FullTime,

    /// <summary>A permanent, part-time position.</summary>
    PartTime,

    /// <summary>An external contractor.</summary>
    Contractor,
}
