using System.Collections.Generic;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Emit;

// The metadata of polymorphic base types, set once every type has its fields.
internal static partial class ContextEmitter
{
    private static void EmitPolymorphismMetadata(SourceWriter w, ContextSpec spec)
    {
        foreach (var model in spec.Models)
        {
            if (model.Polymorphism is not { } polymorphism)
            {
                continue;
            }

            var derivedTypes = new List<string>();
            foreach (var derived in polymorphism.DerivedTypes)
            {
                string discriminator = derived.StringDiscriminator is { } text ? Literal(text)
                    : derived.NumberDiscriminator is { } number ? Number(number)
                    : "null";
                derivedTypes.Add($"new global::Popcorn.Query.DerivedTypeMetadata({derived.Model}, {discriminator})");
            }

            w.Line();
            w.Line($"{model.Identifier}.InitializePolymorphism(new global::Popcorn.Query.PolymorphismMetadata(");
            w.Line($"    {Literal(polymorphism.DiscriminatorPropertyName)},");
            w.Line($"    new global::Popcorn.Query.DerivedTypeMetadata[] {{ {string.Join(", ", derivedTypes)} }},");
            w.Line($"    (global::System.Text.Json.Serialization.JsonUnknownDerivedTypeHandling){Number(polymorphism.UnknownDerivedTypeHandling)},");
            w.Line($"    isAbstract: {(polymorphism.IsAbstract ? "true" : "false")}));");
        }
    }
}
