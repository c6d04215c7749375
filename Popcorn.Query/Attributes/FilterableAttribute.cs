namespace Popcorn;

/// <summary>
/// Lets clients filter a list of this member's type by it: <c>where: {status: SHIPPED, total: {gt: 100}}</c> on any
/// list field whose elements have the member. Scalar members (numbers, strings, booleans, enums, dates, times, GUIDs)
/// are compared; a reference to a model is filtered through (<c>customer: {name: "x"}</c>, a join in SQL) and a list
/// of models is quantified (<c>lines: {some: {quantity: {gt: 5}}}</c>, <c>all</c>, <c>none</c>: <c>EXISTS</c> in SQL),
/// by the related type's own <c>[Filterable]</c> members. See docs/data.md, "Arguments on list fields".
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class FilterableAttribute : Attribute;
