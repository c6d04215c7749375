namespace Popcorn.Query.Generated;

/// <summary>
/// The values batch resolvers computed for one response (<c>[BatchResolved]</c> fields), by object and field, which
/// the generated writers read instead of the property. Popcorn.Server fills one per root value before writing it and
/// makes it current for the write (an <see cref="AsyncLocal{T}"/>, so concurrent requests writing the same in-memory
/// object each read their own values). Used by generated writers only.
/// </summary>
public sealed class PopcornBatchValues
{
    private static readonly AsyncLocal<PopcornBatchValues?> s_current = new();

    private readonly Dictionary<(object Parent, FieldMetadata Field), object?> _values = new(ReferencePairComparer<object, FieldMetadata>.Instance);

    internal PopcornBatchValues()
    {
    }

    /// <summary>The values of the write in progress on this flow, or null when no resolver ran.</summary>
    internal static PopcornBatchValues? Current
    {
        get => s_current.Value;
        set => s_current.Value = value;
    }

    /// <summary>
    /// The value resolved for <paramref name="field"/> of <paramref name="parent"/> in the current write; when none
    /// was (a writer called outside Popcorn.Server), <paramref name="unresolved"/>, the property's own value.
    /// </summary>
    public static T Read<T>(object parent, FieldMetadata field, T unresolved)
    {
        if (s_current.Value is { } current && current._values.TryGetValue((parent, field), out object? value))
        {
            return (T)value!;
        }

        return unresolved;
    }

    /// <summary>Records the value of <paramref name="field"/> for <paramref name="parent"/>.</summary>
    internal void Store(object parent, FieldMetadata field, object? value) => _values[(parent, field)] = value;

    /// <summary>Whether <paramref name="field"/> of <paramref name="parent"/> has a value already.</summary>
    internal bool Contains(object parent, FieldMetadata field) => _values.ContainsKey((parent, field));

    /// <summary>Forgets every value: the next chunk of a long sequence is resolved into the same store.</summary>
    internal void Clear() => _values.Clear();
}
