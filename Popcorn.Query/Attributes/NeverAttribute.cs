namespace Popcorn;

/// <summary>
/// Marks a member that is never written, not even by wildcards. A client naming it gets the same
/// error as for a field that does not exist, so a response never reveals that it does. Pair it with
/// <c>[JsonIgnore]</c> so System.Text.Json skips it too wherever the model is serialized without Popcorn (plain
/// responses, OpenAPI schemas); the generator reports POP012, an error, when the pair is incomplete.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, Inherited = true)]
public sealed class NeverAttribute : Attribute;
