using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Parsing;

/// <summary><c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c> base types: their derived types and discriminators, as System.Text.Json reads them.</summary>
internal sealed partial class ContextParser
{
    /// <summary>System.Text.Json's default discriminator key.</summary>
    private const string DefaultDiscriminatorPropertyName = "$type";

    /// <summary>Whether System.Text.Json writes values of <paramref name="type"/> polymorphically (either attribute is enough).</summary>
    private bool IsPolymorphic(INamedTypeSymbol type) =>
        type.GetAttributes().Any(a => KnownTypes.IsAttribute(a, _known.JsonPolymorphicAttribute) || KnownTypes.IsAttribute(a, _known.JsonDerivedTypeAttribute));

    /// <summary>
    /// Whether Popcorn writes the hierarchy itself: a class whose derived types are model classes that inherit from it
    /// and are not polymorphic bases of their own. Interfaces as bases, and hierarchies nested in hierarchies, stay
    /// with System.Text.Json, which resolves them.
    /// </summary>
    private bool CanWritePolymorphically(INamedTypeSymbol type)
    {
        if (type.TypeKind != TypeKind.Class)
        {
            return false;
        }

        foreach (var (derived, _) in DerivedTypesOf(type))
        {
            if (SymbolEqualityComparer.Default.Equals(derived, type))
            {
                continue;
            }

            if (derived.TypeKind != TypeKind.Class || !InheritsFrom(derived, type) || IsPolymorphic(derived) || !IsModel(derived))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The <c>[JsonDerivedType]</c> entries of <paramref name="type"/>, in declaration order, with their discriminator argument.</summary>
    private IEnumerable<(INamedTypeSymbol Type, object? Discriminator)> DerivedTypesOf(INamedTypeSymbol type)
    {
        foreach (var attribute in type.GetAttributes())
        {
            if (KnownTypes.IsAttribute(attribute, _known.JsonDerivedTypeAttribute)
                && attribute.ConstructorArguments.Length > 0
                && attribute.ConstructorArguments[0].Value is INamedTypeSymbol derived)
            {
                object? discriminator = attribute.ConstructorArguments.Length > 1 ? attribute.ConstructorArguments[1].Value : null;
                yield return ((INamedTypeSymbol)derived.WithNullableAnnotation(NullableAnnotation.NotAnnotated), discriminator);
            }
        }
    }

    /// <summary>Reads how a base type's values are written, registering its derived types as models; null when it is not polymorphic.</summary>
    private PolymorphismSpec? ReadPolymorphism(ModelBuilder model)
    {
        var type = model.Symbol;
        if (!IsPolymorphic(type))
        {
            return null;
        }

        string propertyName = DefaultDiscriminatorPropertyName;
        int unknownHandling = 0;
        var polymorphic = type.GetAttributes().FirstOrDefault(a => KnownTypes.IsAttribute(a, _known.JsonPolymorphicAttribute));
        foreach (var argument in polymorphic?.NamedArguments ?? Enumerable.Empty<KeyValuePair<string, TypedConstant>>())
        {
            switch (argument.Key)
            {
                case "TypeDiscriminatorPropertyName" when argument.Value.Value is string name:
                    propertyName = name;
                    break;
                case "UnknownDerivedTypeHandling" when argument.Value.Value is int handling:
                    unknownHandling = handling;
                    break;
            }
        }

        var derivedTypes = new List<DerivedTypeSpec>();
        foreach (var (derived, discriminator) in DerivedTypesOf(type))
        {
            var derivedModel = SymbolEqualityComparer.Default.Equals(derived, type) ? model : GetOrAddModel(derived);
            derivedModel.IsDerivedType |= derivedModel != model;
            derivedTypes.Add(new DerivedTypeSpec(derivedModel.Identifier, discriminator as string, discriminator as int?, Depth(derived)));
        }

        return new PolymorphismSpec(propertyName, unknownHandling, type.IsAbstract, derivedTypes.ToEquatableArray());
    }

    private static int Depth(INamedTypeSymbol type)
    {
        int depth = 0;
        for (var current = type.BaseType; current is not null; current = current.BaseType)
        {
            depth++;
        }

        return depth;
    }
}
