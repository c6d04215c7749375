namespace Popcorn.Query;

// A polymorphic base type's derived types, and for each type the bases it is a derived type of.
public sealed partial class TypeMetadata
{
    private TypeMetadata[] _baseTypes = Array.Empty<TypeMetadata>();

    /// <summary>How the type is written polymorphically, when it is a <c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c> base; else null.</summary>
    public PolymorphismMetadata? Polymorphism { get; private set; }

    /// <summary>The polymorphic base types that name this type as a derived type (GraphQL: the interfaces it implements).</summary>
    public IReadOnlyList<TypeMetadata> BaseTypes => _baseTypes;

    /// <summary>Makes this type a polymorphic base. May be called once, after the derived types exist.</summary>
    /// <exception cref="InvalidOperationException">Already polymorphic.</exception>
    public void InitializePolymorphism(PolymorphismMetadata polymorphism)
    {
        ArgumentNullException.ThrowIfNull(polymorphism);
        if (Polymorphism is not null)
        {
            throw new InvalidOperationException($"The polymorphism of '{Name}' is already initialized.");
        }

        Polymorphism = polymorphism;
        foreach (var derived in polymorphism.DerivedTypes)
        {
            if (!ReferenceEquals(derived.Type, this))
            {
                derived.Type._baseTypes = [.. derived.Type._baseTypes, this];
            }
        }
    }

    /// <summary>
    /// The concrete types a value selected as this type can be: itself unless it is an abstract base, and the derived
    /// types it names. GraphQL's possible types, and the types a type condition on this type may name.
    /// </summary>
    public IEnumerable<TypeMetadata> PossibleTypes()
    {
        if (Polymorphism is not { } polymorphism)
        {
            yield return this;
            yield break;
        }

        if (!polymorphism.IsAbstract && polymorphism.Find(this) is null)
        {
            yield return this;
        }

        foreach (var derived in polymorphism.DerivedTypes)
        {
            yield return derived.Type;
        }
    }
}
