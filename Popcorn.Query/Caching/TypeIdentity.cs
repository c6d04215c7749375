namespace Popcorn.Query;

/// <summary>
/// A model type as the tag of a <see cref="BoundedMap{TKey,TTag,TValue}"/> entry, compared by reference.
/// </summary>
/// <remarks>
/// Why a struct and not the <see cref="TypeMetadata"/> itself: the JIT shares one body of a generic class between all
/// reference-type arguments, and in that shared body <see cref="EqualityComparer{T}.Default"/> is a run-time lookup and
/// an interface call on every probe. A value-type tag gets a body of its own, where the comparison inlines to one
/// reference test. On the plan cache's hit for <c>[Id,Name]</c> that is 46 of 330 instructions (bench/results/instructions.md).
/// </remarks>
internal readonly struct TypeIdentity(TypeMetadata type) : IEquatable<TypeIdentity>
{
    public TypeMetadata Type { get; } = type;

    public bool Equals(TypeIdentity other) => ReferenceEquals(Type, other.Type);

    public override bool Equals(object? obj) => obj is TypeIdentity other && Equals(other);

    public override int GetHashCode() => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(Type);
}
