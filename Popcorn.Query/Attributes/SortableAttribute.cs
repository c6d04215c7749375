namespace Popcorn;

/// <summary>
/// Lets clients order a list of this member's type by it: <c>orderBy: {placedAt: DESC}</c> on any list field whose
/// elements have the member. Undeclared members cannot be sorted by, so a client cannot make the database sort on an
/// unindexed column the model's author did not choose. See docs/data.md, "Arguments on list fields".
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class SortableAttribute : Attribute;
