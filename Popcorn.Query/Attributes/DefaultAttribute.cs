namespace Popcorn;

/// <summary>Marks a member written when the client does not choose. A type with no <c>[Default]</c> or <c>[Always]</c> member writes all of them by default.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class DefaultAttribute : Attribute;
