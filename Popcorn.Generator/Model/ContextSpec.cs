namespace Popcorn.Generator.Model;

/// <summary>One <c>[PopcornContext]</c> context and everything the emitter writes for it.</summary>
/// <param name="Namespace">The context's namespace, or null for the global namespace.</param>
/// <param name="ClassName">The context's simple name.</param>
/// <param name="FullyQualifiedName">The context as <c>global::Ns.Outer.Context</c>.</param>
/// <param name="ContainingTypes">Declarations of the types the context is nested in, outermost first, e.g. <c>partial class Outer</c>.</param>
/// <param name="HintPrefix">Prefix of the generated files' hint names.</param>
/// <param name="Models">Every model type reached from the roots.</param>
/// <param name="Enums">Enums written as strings, with their pre-encoded names.</param>
/// <param name="DelegatedTypes">Types written by System.Text.Json through the context, one cached JsonTypeInfo each.</param>
/// <param name="Converters">Converters written through directly (member-level <c>[JsonConverter]</c>).</param>
/// <param name="DictionaryKeyPolicy">The dictionary key policy's JsonNamingPolicy property name, or null.</param>
internal sealed record ContextSpec(
    string? Namespace,
    string ClassName,
    string FullyQualifiedName,
    EquatableArray<string> ContainingTypes,
    string HintPrefix,
    EquatableArray<ModelSpec> Models,
    EquatableArray<EnumSpec> Enums,
    EquatableArray<DelegatedTypeSpec> DelegatedTypes,
    EquatableArray<ConverterSpec> Converters,
    string? DictionaryKeyPolicy);
