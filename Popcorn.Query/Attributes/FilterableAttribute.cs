namespace Popcorn;

/// <summary>
/// Lets clients filter a list of this member's type by it: <c>where: {status: SHIPPED, total: {gt: 100}}</c> on any
/// list field whose elements have the member. Only scalar members (numbers, strings, booleans, enums, dates, times,
/// GUIDs) can be filtered by. See docs/data.md, "Arguments on list fields".
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class FilterableAttribute : Attribute;
