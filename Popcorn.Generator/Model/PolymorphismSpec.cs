namespace Popcorn.Generator.Model;

/// <summary>A <c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c> base type: how System.Text.Json writes its values.</summary>
/// <param name="DiscriminatorPropertyName">The discriminator's key: <c>TypeDiscriminatorPropertyName</c>, or <c>$type</c>.</param>
/// <param name="UnknownDerivedTypeHandling">The <c>JsonUnknownDerivedTypeHandling</c> value: 0 fail, 1 base type, 2 nearest ancestor.</param>
/// <param name="IsAbstract">True when the base is abstract.</param>
/// <param name="DerivedTypes">The <c>[JsonDerivedType]</c> entries in declaration order.</param>
internal sealed record PolymorphismSpec(
    string DiscriminatorPropertyName,
    int UnknownDerivedTypeHandling,
    bool IsAbstract,
    EquatableArray<DerivedTypeSpec> DerivedTypes);

/// <summary>One <c>[JsonDerivedType]</c> entry.</summary>
/// <param name="Model">The derived model's identifier (the base's own for a base that names itself).</param>
/// <param name="StringDiscriminator">The string discriminator, or null.</param>
/// <param name="NumberDiscriminator">The integer discriminator, or null.</param>
/// <param name="Depth">How many base classes the type has: a fallback to the nearest ancestor tests the deepest first.</param>
internal sealed record DerivedTypeSpec(string Model, string? StringDiscriminator, int? NumberDiscriminator, int Depth)
{
    public bool HasDiscriminator => StringDiscriminator is not null || NumberDiscriminator is not null;
}
