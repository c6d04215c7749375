namespace Popcorn.Query;

/// <summary>Structural equality over the read-only lists that tree nodes hold.</summary>
internal static class SequenceEquality
{
    public static bool Equal<T>(IReadOnlyList<T> left, IReadOnlyList<T> right)
        where T : IEquatable<T>
    {
        if (ReferenceEquals(left, right))
        {
            return true;
        }

        if (left.Count != right.Count)
        {
            return false;
        }

        for (int i = 0; i < left.Count; i++)
        {
            if (!left[i].Equals(right[i]))
            {
                return false;
            }
        }

        return true;
    }

    public static int Hash<T>(IReadOnlyList<T> items)
        where T : IEquatable<T>
    {
        var hash = new HashCode();
        hash.Add(items.Count);
        for (int i = 0; i < items.Count; i++)
        {
            hash.Add(items[i]);
        }

        return hash.ToHashCode();
    }
}
