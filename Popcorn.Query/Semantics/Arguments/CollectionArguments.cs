namespace Popcorn.Query;

/// <summary>
/// The validated <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c> of one list field in a plan
/// (<see cref="PlannedField.Arguments"/>): fields resolved against the element type's metadata, values typed. Applied
/// in the order SQL applies them: filter, then sort, then skip, then take. A list in memory is arranged by
/// <see cref="Apply{T}"/> (the generated writers call it); a query source gets them as expression-tree operators
/// (Popcorn.EntityFrameworkCore).
/// </summary>
public sealed class CollectionArguments
{
    internal CollectionArguments(int? first, int skip, IReadOnlyList<SortKey> orderBy, Filter? where, string text, PageCursors? cursors = null, Filter? filter = null)
    {
        First = first;
        Skip = skip;
        OrderBy = orderBy;
        Where = where;
        Text = text;
        Cursors = cursors;
        ClientFilter = cursors?.After is null ? where : filter;
    }

    /// <summary>The client's <c>where</c> alone, without the seek predicate of <see cref="After"/>: what a total counts.</summary>
    internal Filter? ClientFilter { get; }

    /// <summary>
    /// These arguments reading <paramref name="first"/> elements instead: a connection reads one more than its page to
    /// know whether another follows (docs/data.md, "Relay connections"). Not bounded by the page size: the client's
    /// <c>first</c> already was.
    /// </summary>
    internal CollectionArguments WithFirst(int first) => new(first, Skip, OrderBy, Where, Text, Cursors, ClientFilter);

    /// <summary>What a total counts: the client's filter only (no seek, order, skip or page).</summary>
    internal CollectionArguments ForCounting() => new(null, 0, Array.Empty<SortKey>(), ClientFilter, Text);

    /// <summary>
    /// How this list pages by cursor, when it can: its order is fully decided by the arguments (an <c>orderBy</c> or an
    /// <c>after</c>, then the element type's <c>[Always, Sortable]</c> fields as tie-breakers). Null otherwise (no
    /// order, or no tie-breaker), and then no cursor is issued.
    /// </summary>
    public PageCursors? Cursors { get; }

    /// <summary>The client's <c>after</c> cursor, checked and already part of <see cref="Where"/> as a seek predicate; null when none.</summary>
    public string? After => Cursors?.After;

    /// <summary>At most this many elements; null when the client set no <c>first</c>.</summary>
    public int? First { get; }

    /// <summary>Elements left out before the first one written; 0 when not set.</summary>
    public int Skip { get; }

    /// <summary>
    /// The sort keys, most significant first; empty keeps the source's order. When the client sorts or sends a cursor,
    /// the element type's <c>[Always, Sortable]</c> fields follow the client's keys, so ties are broken the same way
    /// in memory and in SQL and a cursor names exactly one position.
    /// </summary>
    public IReadOnlyList<SortKey> OrderBy { get; }

    /// <summary>The filter, with the seek predicate of <see cref="After"/> and-ed in; null keeps every element.</summary>
    public Filter? Where { get; }

    /// <summary>The arguments as the client wrote them, canonically printed (<c>first: 3, orderBy: {sku: DESC}</c>); two plans differ exactly when these differ.</summary>
    public string Text { get; }

    /// <summary>
    /// Arranges a list in memory: filtered, stably sorted (nulls first, strings by ordinal), skipped and taken.
    /// Null stays null. Reads fields through <see cref="FieldMetadata.GetValue"/>, never by reflection.
    /// </summary>
    public T[]? Apply<T>(IEnumerable<T>? source) => source is null ? null : InMemoryArrangement.Apply(this, source);

    /// <inheritdoc />
    public override string ToString() => Text;
}
