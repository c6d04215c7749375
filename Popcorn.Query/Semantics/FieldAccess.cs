namespace Popcorn.Query;

/// <summary>
/// Which field authorization policies a caller was refused: the fields that require one of them are compiled as if they
/// did not exist. Keys plan caches by the decisions, never by the user, so every caller refused the same policies
/// shares the same plans. Immutable; equal when the refused policies are.
/// </summary>
public sealed class FieldAccess : IEquatable<FieldAccess>
{
    /// <summary>No policy refused: every field is visible (also what a plan is compiled with before any decision).</summary>
    public static readonly FieldAccess Unrestricted = new(Array.Empty<string>());

    // Sorted; a handful at most, so a linear search beats any set (and keeps creating one per request cheap).
    private readonly string[] _denied;

    private FieldAccess(string[] sortedDenied)
    {
        _denied = sortedDenied;
    }

    /// <summary>The access of a caller refused <paramref name="deniedPolicies"/> (and allowed every other policy).</summary>
    public static FieldAccess Denying(IEnumerable<string> deniedPolicies)
    {
        ArgumentNullException.ThrowIfNull(deniedPolicies);
        var sorted = deniedPolicies.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToArray();
        return sorted.Length == 0 ? Unrestricted : new FieldAccess(sorted);
    }

    /// <summary>The refused policies, in ordinal order.</summary>
    public IReadOnlyList<string> DeniedPolicies => _denied;

    /// <summary>True when no policy was refused.</summary>
    public bool IsUnrestricted => _denied.Length == 0;

    /// <summary>Whether the caller may see <paramref name="field"/>: it requires no policy, or one not refused.</summary>
    public bool Allows(FieldMetadata field)
    {
        ArgumentNullException.ThrowIfNull(field);
        return field.Policy is null || !Denies(field.Policy);
    }

    /// <summary>Whether <paramref name="policy"/> was refused.</summary>
    public bool Denies(string policy)
    {
        foreach (string denied in _denied)
        {
            if (string.Equals(denied, policy, StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    /// <inheritdoc />
    public bool Equals(FieldAccess? other) =>
        other is not null && (ReferenceEquals(this, other) || _denied.AsSpan().SequenceEqual(other._denied));

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as FieldAccess);

    /// <inheritdoc />
    public override int GetHashCode()
    {
        var hash = new HashCode();
        foreach (string policy in _denied)
        {
            hash.Add(policy, StringComparer.Ordinal);
        }

        return hash.ToHashCode();
    }

    /// <inheritdoc />
    public override string ToString() => _denied.Length == 0 ? "(unrestricted)" : "denied: " + string.Join(", ", _denied);
}
