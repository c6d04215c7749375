using System.Collections;
using System.Runtime.CompilerServices;
using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// Writes an aggregate key (<c>"ordersAggregate": {"count": 3}</c>, <see cref="PlannedField.Aggregate"/>) for the
/// generated writers. The numbers come from a query source when it computed them for this very object
/// (<see cref="Store(object, PlannedField, long)"/>, <see cref="Store(object, PlannedField, IReadOnlyList{object})"/> or
/// <see cref="Store(object, PlannedField, long, IReadOnlyList{IntegerTotals})"/>: a projected row, whose list was never read), else from the list in memory, read through the
/// generated getter and filtered as <see cref="CollectionArguments.Apply{T}"/> filters.
/// </summary>
public static class PopcornAggregates
{
    // Keyed by the object written, so a number lives exactly as long as the row a query source read for one request,
    // and no writer signature has to carry it. Most writes find no table for their object and count in memory.
    private static readonly ConditionalWeakTable<object, AggregateValues> s_stored = new();

    /// <summary>Writes the key of <paramref name="field"/> and its aggregate object, for <paramref name="parent"/>.</summary>
    public static void Write(Utf8JsonWriter writer, PlannedField field, object parent)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(field);
        ArgumentNullException.ThrowIfNull(parent);
        var aggregate = field.Aggregate ?? throw new ArgumentException($"The key '{field.OutputName}' is not an aggregate.", nameof(field));
        long count = aggregate.Counts ? Count(field, aggregate, parent) : 0;
        IReadOnlyList<object>? kept = null;
        IReadOnlyList<IntegerTotals>? totals = null;
        writer.WritePropertyName(field.EncodedOutputName);
        writer.WriteStartObject();
        foreach (var measure in aggregate.Measures)
        {
            switch (measure.Kind)
            {
                case AggregateMeasureKind.Count:
                    writer.WriteNumber(measure.EncodedOutputName, count);
                    break;
                case AggregateMeasureKind.TypeName:
                    writer.WriteString(measure.EncodedOutputName, aggregate.TypeName);
                    break;
                case AggregateMeasureKind.Groups:
                    if (s_stored.TryGetValue(parent, out var grouped) && grouped.TryGet(field, out var storedGroups) && storedGroups.Groups is { } groups)
                    {
                        GroupedMeasures.Write(writer, measure, groups);
                        break;
                    }

                    kept ??= Kept(field, aggregate, parent);
                    GroupedMeasures.Write(writer, measure, kept);
                    break;
                default:
                    if (totals is null && s_stored.TryGetValue(parent, out var values) && values.TryGet(field, out var stored))
                    {
                        totals = stored.Totals;
                    }

                    if (totals is not null)
                    {
                        MeasureValues.Write(writer, measure, totals);
                        break;
                    }

                    // The elements a query source read for this row (Store), else the row's list in memory.
                    kept ??= Kept(field, aggregate, parent);
                    MeasureValues.Write(writer, measure, kept);
                    break;
            }
        }

        writer.WriteEndObject();
    }

    /// <summary>
    /// Records the count a query source computed for the aggregate <paramref name="field"/> of <paramref name="row"/>
    /// (one <c>GROUP BY</c> per aggregated level), which <see cref="Write"/> then writes instead of counting the row's
    /// list. The record lives as long as <paramref name="row"/>.
    /// </summary>
    public static void Store(object row, PlannedField field, long count)
    {
        ArgumentNullException.ThrowIfNull(row);
        ArgumentNullException.ThrowIfNull(field);
        s_stored.GetOrCreateValue(row).Update(field, stored => stored with { Count = count });
    }

    /// <summary>
    /// Records the elements of <paramref name="row"/>'s list that the aggregate <paramref name="field"/>'s <c>where</c>
    /// keeps, as a query source read them (its measures need their values, not only their number); <see cref="Write"/>
    /// then counts and measures them instead of the row's own list. The record lives as long as <paramref name="row"/>.
    /// </summary>
    public static void Store(object row, PlannedField field, IReadOnlyList<object> kept)
    {
        ArgumentNullException.ThrowIfNull(row);
        ArgumentNullException.ThrowIfNull(field);
        ArgumentNullException.ThrowIfNull(kept);
        s_stored.GetOrCreateValue(row).Update(field, stored => stored with { Kept = kept });
    }

    /// <summary>
    /// Records the count and the per-field totals a query source computed in one grouped statement for the aggregate
    /// <paramref name="field"/> of <paramref name="row"/>, whose measures are over integer fields only;
    /// <see cref="Write"/> then writes them instead of reading elements. The record lives as long as <paramref name="row"/>.
    /// </summary>
    public static void Store(object row, PlannedField field, long count, IReadOnlyList<IntegerTotals> totals)
    {
        ArgumentNullException.ThrowIfNull(row);
        ArgumentNullException.ThrowIfNull(field);
        ArgumentNullException.ThrowIfNull(totals);
        s_stored.GetOrCreateValue(row).Update(field, stored => stored with { Count = count, Totals = totals });
    }

    /// <summary>
    /// Records the groups a query source computed in one <c>GROUP BY</c> of the parent's key and the grouped fields for
    /// the aggregate <paramref name="field"/> of <paramref name="row"/> (whose only measures are its count and one
    /// <c>groups</c> key over integer fields), and the aggregate's <paramref name="count"/>; <see cref="Write"/> then
    /// writes them instead of reading elements. The record lives as long as <paramref name="row"/>.
    /// </summary>
    public static void Store(object row, PlannedField field, long count, IReadOnlyList<GroupTotals> groups)
    {
        ArgumentNullException.ThrowIfNull(row);
        ArgumentNullException.ThrowIfNull(field);
        ArgumentNullException.ThrowIfNull(groups);
        s_stored.GetOrCreateValue(row).Update(field, stored => stored with { Count = count, Groups = groups });
    }

    /// <summary>The count of <paramref name="aggregate"/> for <paramref name="parent"/>: stored by a query source, else counted in memory.</summary>
    internal static long Count(PlannedField field, ListAggregate aggregate, object parent)
    {
        if (s_stored.TryGetValue(parent, out var values) && values.TryGet(field, out var stored) && (stored.Count ?? stored.Kept?.Count) is { } storedCount)
        {
            return storedCount;
        }

        if (aggregate.List.GetValue?.Invoke(parent) is not IEnumerable list)
        {
            // No list (null, or metadata without a getter, which the compiler refuses) has no elements.
            return 0;
        }

        var filter = aggregate.Filter?.Where;
        long count = 0;
        foreach (object? element in list)
        {
            // As CollectionArguments.Apply: a null element has no fields to test, so no filter keeps it.
            if (filter is null || (element is not null && InMemoryArrangement.Matches(filter, element)))
            {
                count++;
            }
        }

        return count;
    }

    /// <summary>The non-null elements of <paramref name="parent"/>'s list that the aggregate's <c>where</c> keeps.</summary>
    private static IReadOnlyList<object> Kept(PlannedField field, ListAggregate aggregate, object parent)
    {
        if (s_stored.TryGetValue(parent, out var values) && values.TryGet(field, out var stored) && stored.Kept is { } read)
        {
            return read;
        }

        var kept = new List<object>();
        if (aggregate.List.GetValue?.Invoke(parent) is IEnumerable list)
        {
            var filter = aggregate.Filter?.Where;
            foreach (object? element in list)
            {
                // A null element has no field to measure (and count() leaves it out under a where, as here).
                if (element is not null && (filter is null || InMemoryArrangement.Matches(filter, element)))
                {
                    kept.Add(element);
                }
            }
        }

        return kept;
    }

    /// <summary>What a query source stored for one aggregate of one row: its count, its kept elements, its totals or its groups.</summary>
    private readonly record struct StoredAggregate(long? Count, IReadOnlyList<object>? Kept, IReadOnlyList<IntegerTotals>? Totals, IReadOnlyList<GroupTotals>? Groups = null);

    /// <summary>The aggregates stored for one row, by planned field: a handful at most, so a list.</summary>
    private sealed class AggregateValues
    {
        private readonly List<(PlannedField Field, StoredAggregate Stored)> _entries = new(1);

        public void Update(PlannedField field, Func<StoredAggregate, StoredAggregate> change)
        {
            lock (_entries)
            {
                for (int i = 0; i < _entries.Count; i++)
                {
                    if (ReferenceEquals(_entries[i].Field, field))
                    {
                        _entries[i] = (field, change(_entries[i].Stored));
                        return;
                    }
                }

                _entries.Add((field, change(default)));
            }
        }

        public bool TryGet(PlannedField field, out StoredAggregate stored)
        {
            lock (_entries)
            {
                foreach (var entry in _entries)
                {
                    if (ReferenceEquals(entry.Field, field))
                    {
                        stored = entry.Stored;
                        return true;
                    }
                }
            }

            stored = default;
            return false;
        }
    }
}
