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

/// <param name="MemberName">The C# member name.</param>
/// <param name="JsonName">The string System.Text.Json writes.</param>
internal sealed record EnumMemberSpec(string MemberName, string JsonName);

/// <summary>A type written by System.Text.Json through the context's own type info.</summary>
/// <param name="TypeName">The type in code (with nullable annotations).</param>
/// <param name="TypeOfName">The type as <c>typeof</c> accepts it.</param>
/// <param name="Identifier">The cached type info's member name.</param>
internal sealed record DelegatedTypeSpec(string TypeName, string TypeOfName, string Identifier);

/// <summary>A converter instance the writers call directly, as System.Text.Json does for <c>[JsonConverter]</c> on a member.</summary>
/// <param name="TypeName">The type converted (with nullable annotations).</param>
/// <param name="ConverterTypeName">The converter type to instantiate.</param>
/// <param name="Identifier">The cached converter's member name.</param>
internal sealed record ConverterSpec(string TypeName, string ConverterTypeName, string Identifier);
