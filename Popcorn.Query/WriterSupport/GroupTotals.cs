namespace Popcorn.Query;

/// <summary>
/// What a database computed for one group of a <c>groups</c> key for one parent row, in one <c>GROUP BY</c> of the
/// parent's key and the grouped fields
/// (<see cref="PopcornAggregates.Store(object, PlannedField, long, IReadOnlyList{GroupTotals})"/>).
/// </summary>
/// <param name="KeyElement">
/// An element of the list's type holding the group's values of the grouped fields (and nothing else read): the key is
/// written from it through the fields' generated writers, exactly as an element's own values would be.
/// </param>
/// <param name="Count">How many kept elements the group has.</param>
/// <param name="Totals">The totals of each integer field the group's measures read.</param>
public sealed record GroupTotals(object KeyElement, long Count, IReadOnlyList<IntegerTotals> Totals);
