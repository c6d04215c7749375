namespace Popcorn;

/// <summary>Marks a member written in every response, whatever the selection; <c>-name</c> cannot remove it.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class AlwaysAttribute : Attribute;
