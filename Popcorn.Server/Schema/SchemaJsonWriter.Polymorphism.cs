using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

// Polymorphic models in /popcorn/schema: written only for the types concerned, so other types' entries are unchanged.
internal static partial class SchemaJsonWriter
{
    /// <summary>
    /// A polymorphic base's discriminator key and derived types (each with its discriminator, a string, a number or
    /// null), and a derived type's bases: what a client needs to write <c>...on Type[...]</c> and read the discriminator.
    /// </summary>
    private static void WritePolymorphism(Utf8JsonWriter json, TypeMetadata type)
    {
        if (type.Polymorphism is { } polymorphism)
        {
            json.WriteString("discriminatorName", polymorphism.DiscriminatorPropertyName);
            json.WriteBoolean("isAbstract", polymorphism.IsAbstract);
            json.WriteStartArray("derivedTypes");
            foreach (var derived in polymorphism.DerivedTypes)
            {
                json.WriteStartObject();
                json.WriteString("name", derived.Type.Name);
                switch (derived.Discriminator)
                {
                    case string text:
                        json.WriteString("discriminator", text);
                        break;
                    case int number:
                        json.WriteNumber("discriminator", number);
                        break;
                    default:
                        json.WriteNull("discriminator");
                        break;
                }

                json.WriteEndObject();
            }

            json.WriteEndArray();
        }

        if (type.BaseTypes.Count > 0)
        {
            json.WriteStartArray("baseTypes");
            foreach (var baseType in type.BaseTypes)
            {
                json.WriteStringValue(baseType.Name);
            }

            json.WriteEndArray();
        }
    }
}
