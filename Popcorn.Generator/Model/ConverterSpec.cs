namespace Popcorn.Generator.Model;

/// <summary>A converter instance the writers call directly, as System.Text.Json does for <c>[JsonConverter]</c> on a member.</summary>
/// <param name="TypeName">The type converted (with nullable annotations).</param>
/// <param name="ConverterTypeName">The converter type to instantiate.</param>
/// <param name="Identifier">The cached converter's member name.</param>
internal sealed record ConverterSpec(string TypeName, string ConverterTypeName, string Identifier);
