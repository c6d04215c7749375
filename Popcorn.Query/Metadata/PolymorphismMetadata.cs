using System.Text.Json;
using System.Text.Json.Serialization;

namespace Popcorn.Query;

/// <summary>
/// How a <c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c> base type is written, as System.Text.Json writes it: the
/// derived types it names, each with its type discriminator, and what happens to an instance of a type it does not
/// name. GraphQL sees the base as an interface (a union when it has no fields of its own) and the derived types as
/// the object types that implement it.
/// </summary>
public sealed class PolymorphismMetadata
{
    /// <summary>Describes a polymorphic base type.</summary>
    /// <param name="discriminatorPropertyName">The key of the type discriminator: <c>TypeDiscriminatorPropertyName</c>, or <c>$type</c>.</param>
    /// <param name="derivedTypes">The <c>[JsonDerivedType]</c> entries in declaration order; the base itself may be one of them.</param>
    /// <param name="unknownDerivedTypeHandling">What an instance of a type not named is written as.</param>
    /// <param name="isAbstract">True when the base has no instances of its own (an abstract class).</param>
    public PolymorphismMetadata(
        string discriminatorPropertyName,
        IReadOnlyList<DerivedTypeMetadata> derivedTypes,
        JsonUnknownDerivedTypeHandling unknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FailSerialization,
        bool isAbstract = false)
    {
        ArgumentException.ThrowIfNullOrEmpty(discriminatorPropertyName);
        ArgumentNullException.ThrowIfNull(derivedTypes);
        DiscriminatorPropertyName = discriminatorPropertyName;
        EncodedDiscriminatorPropertyName = JsonEncodedText.Encode(discriminatorPropertyName);
        DerivedTypes = derivedTypes.ToArray();
        UnknownDerivedTypeHandling = unknownDerivedTypeHandling;
        IsAbstract = isAbstract;
    }

    /// <summary>The key the discriminator is written under, first in the object.</summary>
    public string DiscriminatorPropertyName { get; }

    /// <summary>The key, pre-encoded.</summary>
    public JsonEncodedText EncodedDiscriminatorPropertyName { get; }

    /// <summary>The derived types in declaration order; a plan over the base holds one plan per entry, by index.</summary>
    public IReadOnlyList<DerivedTypeMetadata> DerivedTypes { get; }

    /// <summary>What System.Text.Json does with an instance of a type that is not named.</summary>
    public JsonUnknownDerivedTypeHandling UnknownDerivedTypeHandling { get; }

    /// <summary>True when the base is abstract: every value is one of the derived types (or an unknown one).</summary>
    public bool IsAbstract { get; }

    /// <summary>The entry for <paramref name="type"/>, or null.</summary>
    public DerivedTypeMetadata? Find(TypeMetadata type)
    {
        foreach (var derived in DerivedTypes)
        {
            if (ReferenceEquals(derived.Type, type))
            {
                return derived;
            }
        }

        return null;
    }
}

/// <summary>One <c>[JsonDerivedType]</c> entry: the type and its discriminator.</summary>
public sealed class DerivedTypeMetadata
{
    /// <summary>Describes a derived type.</summary>
    /// <param name="type">The derived type's metadata.</param>
    /// <param name="discriminator">The type discriminator: a <see cref="string"/>, an <see cref="int"/>, or null when none is written.</param>
    public DerivedTypeMetadata(TypeMetadata type, object? discriminator = null)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (discriminator is not (null or string or int))
        {
            throw new ArgumentException("A type discriminator is a string or an int.", nameof(discriminator));
        }

        Type = type;
        Discriminator = discriminator;
    }

    /// <summary>The derived type.</summary>
    public TypeMetadata Type { get; }

    /// <summary>The discriminator System.Text.Json writes for it: a string, an int, or null for none.</summary>
    public object? Discriminator { get; }

    /// <inheritdoc />
    public override string ToString() => Discriminator is null ? Type.Name : $"{Type.Name} ({Discriminator})";
}
