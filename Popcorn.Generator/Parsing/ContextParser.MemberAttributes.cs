using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Parsing;

/// <summary>What a member's attributes say: System.Text.Json's, Popcorn's own, and <c>[Obsolete]</c>.</summary>
internal sealed partial class ContextParser
{
    /// <summary>
    /// <c>[Obsolete("Use x.")]</c> makes the field deprecated in the GraphQL schema with that reason; without a
    /// message, with GraphQL's default reason, as graphql-js and HotChocolate do.
    /// </summary>
    private string? DeprecationReason(ISymbol member)
    {
        var obsolete = member.GetAttributes().FirstOrDefault(a => KnownTypes.IsAttribute(a, _known.ObsoleteAttribute));
        if (obsolete is null)
        {
            return null;
        }

        return obsolete.ConstructorArguments.Length > 0 && obsolete.ConstructorArguments[0].Value is string { Length: > 0 } message
            ? message
            : "No longer supported";
    }

    private int PopcornFlags(ISymbol member)
    {
        int flags = 0;
        foreach (var attribute in member.GetAttributes())
        {
            if (KnownTypes.IsAttribute(attribute, _known.DefaultAttribute))
            {
                flags |= 1;
            }
            else if (KnownTypes.IsAttribute(attribute, _known.AlwaysAttribute))
            {
                flags |= 2;
            }
            else if (KnownTypes.IsAttribute(attribute, _known.NeverAttribute))
            {
                flags |= 4;
            }
            else if (KnownTypes.IsAttribute(attribute, _known.SortableAttribute))
            {
                flags |= 8;
            }
            else if (KnownTypes.IsAttribute(attribute, _known.FilterableAttribute))
            {
                flags |= 16;
            }
        }

        return flags;
    }

    /// <summary>The System.Text.Json and Popcorn attributes of one member.</summary>
    private readonly struct MemberAttributes
    {
        public MemberAttributes(IEnumerable<AttributeData> attributes, KnownTypes known)
        {
            foreach (var attribute in attributes)
            {
                if (KnownTypes.IsAttribute(attribute, known.JsonPropertyNameAttribute))
                {
                    Name = attribute.ConstructorArguments.FirstOrDefault().Value as string;
                }
                else if (KnownTypes.IsAttribute(attribute, known.JsonIncludeAttribute))
                {
                    Include = true;
                }
                else if (KnownTypes.IsAttribute(attribute, known.JsonIgnoreAttribute))
                {
                    // JsonIgnoreCondition: Never 0, Always 1, WhenWritingDefault 2, WhenWritingNull 3, WhenWriting 4, WhenReading 5.
                    int condition = 1;
                    foreach (var argument in attribute.NamedArguments)
                    {
                        if (argument.Key == "Condition" && argument.Value.Value is int value)
                        {
                            condition = value;
                        }
                    }

                    IgnoredForWriting = condition is 1 or 4;
                    Ignore = condition switch
                    {
                        2 => IgnoreKind.WhenWritingDefault,
                        3 => IgnoreKind.WhenWritingNull,
                        _ => IgnoreKind.Never,
                    };
                }
                else if (KnownTypes.IsAttribute(attribute, known.JsonPropertyOrderAttribute) && attribute.ConstructorArguments.FirstOrDefault().Value is int order)
                {
                    Order = order;
                }
                else if (KnownTypes.IsAttribute(attribute, known.JsonConverterAttribute))
                {
                    Converter = attribute.ConstructorArguments.FirstOrDefault().Value as INamedTypeSymbol;
                }
                else if (KnownTypes.IsAttribute(attribute, known.JsonExtensionDataAttribute))
                {
                    ExtensionData = true;
                }
                else if (KnownTypes.IsAttribute(attribute, known.JsonNumberHandlingAttribute))
                {
                    NumberHandling = true;
                }
            }
        }

        public string? Name { get; }

        public bool Include { get; }

        public bool IgnoredForWriting { get; }

        public IgnoreKind? Ignore { get; }

        public int Order { get; }

        public INamedTypeSymbol? Converter { get; }

        public bool ExtensionData { get; }

        public bool NumberHandling { get; }
    }
}
