namespace Popcorn;

/// <summary>
/// Marks a member that is never written, not even by wildcards. A client naming it gets the same
/// error as for a field that does not exist, so a response never reveals that it does.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class NeverAttribute : Attribute;
