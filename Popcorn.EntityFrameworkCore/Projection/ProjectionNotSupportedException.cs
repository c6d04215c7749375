namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// A selection touches something EF Core cannot read in a projection (an unmapped or computed member, a member
/// without a setter, an unsupported collection type, a type without a parameterless constructor). The message
/// names the member and the ways out.
/// </summary>
public sealed class ProjectionNotSupportedException : NotSupportedException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What cannot be projected, and why.</param>
    public ProjectionNotSupportedException(string message)
        : base(message)
    {
    }
}
