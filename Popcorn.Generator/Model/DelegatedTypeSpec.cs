namespace Popcorn.Generator.Model;

/// <summary>A type written by System.Text.Json through the context's own type info.</summary>
/// <param name="TypeName">The type in code (with nullable annotations).</param>
/// <param name="TypeOfName">The type as <c>typeof</c> accepts it.</param>
/// <param name="Identifier">The cached type info's member name.</param>
internal sealed record DelegatedTypeSpec(string TypeName, string TypeOfName, string Identifier);
