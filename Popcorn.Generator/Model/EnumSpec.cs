namespace Popcorn.Generator.Model;

/// <summary>An enum written as strings: each single value's name, pre-encoded once.</summary>
/// <param name="TypeName">The enum type, <c>global::</c>-qualified.</param>
/// <param name="Identifier">A C# identifier unique in the context.</param>
/// <param name="Fallback">
/// What writes values without a single name (flag combinations, undefined values): the identifier of
/// the enum's delegated type info, or of a converter when a property-level <c>JsonStringEnumConverter</c> decides.
/// </param>
/// <param name="FallbackIsConverter">True when <paramref name="Fallback"/> names a converter.</param>
/// <param name="Members">The enum members with a distinct value.</param>
internal sealed record EnumSpec(string TypeName, string Identifier, string Fallback, bool FallbackIsConverter, EquatableArray<EnumMemberSpec> Members);
