namespace Popcorn;

/// <summary>
/// Replaces the child type's defaults when this member is named without children, e.g.
/// <c>[SubPropertyDefault("[firstName,lastName]")]</c> on a <c>Head</c> property.
/// </summary>
/// <param name="include">A selection in include syntax, resolved against the member's type.</param>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class SubPropertyDefaultAttribute(string include) : Attribute
{
    /// <summary>The selection in include syntax.</summary>
    public string Include { get; } = include;
}
