namespace Popcorn.Query;

// Keyset paging: the order a cursor names, and the seek predicate of the client's `after` (docs/data.md, "Cursor paging").
public static partial class PlanCompiler
{
    /// <summary>The arguments a next page repeats: <c>skip</c> is left out (the cursor places the page) and <c>after</c> replaced.</summary>
    private static readonly string[] s_nextPageArgumentNames = ["first", "orderBy", "where"];

    private sealed partial class ArgumentReader
    {
        /// <summary>
        /// When the client sorts or sends <c>after</c>, the order gains the element type's tie-breakers (its visible
        /// <c>[Always, Sortable]</c> fields) and the list can issue cursors; <c>after</c> is checked against that order and
        /// becomes a seek predicate and-ed into <paramref name="where"/>. Null when the order is the source's own.
        /// </summary>
        private PageCursors? ReadCursors(ref IReadOnlyList<SortKey> orderBy, ref Filter? where, QueryArgument? after)
        {
            if (orderBy.Count == 0 && after is null)
            {
                return null;
            }

            var keys = orderBy.ToList();
            foreach (var field in _element.SelectableFields)
            {
                if (field is { IsAlways: true, IsSortable: true, IsNever: false } && session.Sees(field)
                    && ScalarLiteral.IsComparable(field.ValueType!) && !keys.Exists(k => k.Field == field))
                {
                    keys.Add(new SortKey(field, Descending: false));
                }
            }

            bool hasTieBreaker = keys.Count > orderBy.Count || keys.Exists(k => k.Field.IsAlways);
            orderBy = keys.ToArray();
            if (after is null)
            {
                return hasTieBreaker ? new PageCursors(session.Options.Cursors, orderBy, null, Print(s_nextPageArgumentNames)) : null;
            }

            if (!hasTieBreaker)
            {
                throw Error($"Field '{fieldName}' cannot be paged by cursor: the elements of '{_element.Name}' have no unique sort key.", after.Location);
            }

            if (after.Value.Kind != QueryValueKind.String || after.Value.Text is not { } text)
            {
                throw Error($"Argument 'after' on field '{fieldName}' takes a cursor string (the endCursor of a page, or the after of its Link), not {after.Value}.", after.Location);
            }

            var reading = session.Options.Cursors.Decode(text, orderBy);
            if (reading.Values is not { } values)
            {
                throw Error($"Argument 'after' on field '{fieldName}' {reading.Problem}.", after.Location);
            }

            var seek = SeekFilter.Build(orderBy, values);
            where = where is null ? seek : new FilterGroup(isOr: false, [where, seek]);
            return new PageCursors(session.Options.Cursors, orderBy, text, Print(s_nextPageArgumentNames));
        }
    }
}
