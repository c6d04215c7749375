using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// Compares pairs by the identity of both halves: two equal records are still two objects of a response, and a key
/// of (object, field) or (plan, object) must never merge them.
/// </summary>
internal sealed class ReferencePairComparer<TFirst, TSecond> : IEqualityComparer<(TFirst First, TSecond Second)>
    where TFirst : class
    where TSecond : class
{
    public static readonly ReferencePairComparer<TFirst, TSecond> Instance = new();

    public bool Equals((TFirst First, TSecond Second) x, (TFirst First, TSecond Second) y) =>
        ReferenceEquals(x.First, y.First) && ReferenceEquals(x.Second, y.Second);

    public int GetHashCode((TFirst First, TSecond Second) pair) =>
        HashCode.Combine(RuntimeHelpers.GetHashCode(pair.First), RuntimeHelpers.GetHashCode(pair.Second));
}
