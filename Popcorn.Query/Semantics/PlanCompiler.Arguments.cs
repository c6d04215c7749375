using System.Text;

namespace Popcorn.Query;

// The arguments of one list field, checked against its element type's metadata and typed (CollectionArguments).
public static partial class PlanCompiler
{
    /// <summary>The argument names a list field of models takes.</summary>
    internal static readonly string[] CollectionArgumentNames = ["first", "skip", "orderBy", "where", "after"];

    /// <summary>
    /// Reads <c>first</c>, <c>skip</c>, <c>orderBy</c> and <c>where</c> (grammar in docs/data.md). A field that is
    /// unknown, <c>[Never]</c> or hidden from the caller is reported exactly like an unknown field in a selection; a
    /// visible field without <c>[Sortable]</c>/<c>[Filterable]</c> says so.
    /// </summary>
    private sealed partial class ArgumentReader(CompileSession session, TypeMetadata element, string fieldName, string ownerName, IReadOnlyList<QueryArgument> arguments, SourceLocation location)
    {
        private readonly TypeMetadata _element = element;

        /// <summary>The arguments of a nested list field.</summary>
        public static ArgumentReader ForField(CompileSession session, TypeMetadata owner, FieldMetadata field, PropertyReference item) =>
            new(session, field.ElementType!, field.WireName, owner.Name, item.Arguments, item.Location);

        public CollectionArguments Read()
        {
            int? first = null;
            int skip = 0;
            IReadOnlyList<SortKey> orderBy = Array.Empty<SortKey>();
            Filter? where = null;
            QueryArgument? after = null;
            var seen = new HashSet<string>(StringComparer.Ordinal);
            foreach (var argument in arguments)
            {
                if (!seen.Add(argument.Name))
                {
                    throw Error($"There can be only one argument named '{argument.Name}' on field '{fieldName}'.", argument.Location);
                }

                if (argument.Value.Kind == QueryValueKind.Null && Array.IndexOf(CollectionArgumentNames, argument.Name) >= 0)
                {
                    // GraphQL's explicit null on a nullable argument: as if it were not given (Relay sends after: null
                    // for a first page, and a variable the client left unset arrives so).
                    continue;
                }

                switch (argument.Name)
                {
                    case "first":
                        first = Count(argument, session.Options.MaxPageSize);
                        break;
                    case "skip":
                        skip = Count(argument, int.MaxValue);
                        break;
                    case "orderBy":
                        orderBy = ReadOrderBy(argument.Value, argument.Location);
                        break;
                    case "where":
                        where = ReadFilter(argument.Value, argument.Location);
                        break;
                    case "after":
                        after = argument;
                        break;
                    case "last" or "before":
                        // Relay's backward paging: refused by name, with the way to get the same page (docs/data.md, "Cursor paging").
                        throw Error($"Argument '{argument.Name}' on field '{fieldName}' is not supported: to page backwards, reverse the orderBy and page with first and after.", argument.Location);
                    default:
                        var suggestions = NameSuggestions.Closest(argument.Name, CollectionArgumentNames);
                        throw Error(
                            $"Unknown argument '{argument.Name}' on field '{fieldName}' of type '{ownerName}'. It takes first, skip, orderBy, where and after.{NameSuggestions.Hint(suggestions)}",
                            argument.Location);
                }
            }

            var filter = where;
            var cursors = ReadCursors(ref orderBy, ref where, after);
            return new CollectionArguments(first, skip, orderBy, where, Print(CollectionArgumentNames), cursors, filter);
        }

        private int Count(QueryArgument argument, int max)
        {
            if (!argument.Value.TryGetInt32(out int count) || count < 0)
            {
                throw Error($"Argument '{argument.Name}' on field '{fieldName}' takes a whole number from 0, not {argument.Value}.", argument.Location);
            }

            if (count > max)
            {
                throw session.Error(
                    QueryErrorKind.LimitExceeded,
                    $"Argument '{argument.Name}' on field '{fieldName}' is {count}, above the largest page of {max}.",
                    argument.Location,
                    fieldName,
                    ownerName);
            }

            return count;
        }

        /// <summary><c>orderBy: {a: DESC, b: ASC}</c> or <c>orderBy: [{a: DESC}, {b: ASC}]</c>; keys in written order.</summary>
        private SortKey[] ReadOrderBy(QueryValue value, SourceLocation at)
        {
            var keys = new List<SortKey>();
            foreach (var entry in value.Kind == QueryValueKind.List ? value.Items : [value])
            {
                if (entry.Kind != QueryValueKind.Object)
                {
                    throw Error($"Argument 'orderBy' on field '{fieldName}' takes objects such as {{name: ASC}}, not {entry}.", at);
                }

                foreach (var key in entry.Fields)
                {
                    var sortField = Resolve(key, FieldFlags.Sortable, "sorted");
                    // A GraphQL variable (JSON, no position of its own) carries an enum value as a string; the gateway checked it against SortDirection.
                    var direction = key.Location == default && key.Value.Kind == QueryValueKind.String ? QueryValueKind.String : QueryValueKind.Enum;
                    bool descending = key.Value.Kind == direction && key.Value.Text == "DESC";
                    if (!descending && !(key.Value.Kind == direction && key.Value.Text == "ASC"))
                    {
                        throw Error($"The direction of '{key.Name}' in 'orderBy' is ASC or DESC, not {key.Value}.", Where(key, at));
                    }

                    // Once per field: a second key on the same field changes no order, and an unbounded list of them (80,000
                    // fit in a 1 MiB variable) nested EF Core's ThenBy chain so deep that its translator overflowed the stack
                    // and ended the process. So the keys are bounded by the element type's [Sortable] fields.
                    if (keys.Exists(k => ReferenceEquals(k.Field, sortField)))
                    {
                        throw Error($"'{key.Name}' is sorted by twice in 'orderBy' on field '{fieldName}'; each field may be a sort key once.", Where(key, at));
                    }

                    keys.Add(new SortKey(sortField, descending));
                }
            }

            return keys.ToArray();
        }

        /// <summary>The element type's field named by <paramref name="entry"/>, which must carry <paramref name="flag"/>.</summary>
        private FieldMetadata Resolve(QueryArgument entry, FieldFlags flag, string verb)
        {
            var found = _element.FindField(entry.Name);
            bool visible = found is not null && session.Sees(found);
            if (!visible)
            {
                // Exactly the unknown-field error of a selection: a [Never] or hidden field cannot be told from an absent one.
                var access = session.Options.Access;
                var suggestions = NameSuggestions.Closest(entry.Name, _element.SelectableFields.Where(access.Allows).Select(f => f.WireName));
                throw session.Error(
                    QueryErrorKind.UnknownField,
                    $"Unknown field '{entry.Name}' on type '{_element.Name}'.{NameSuggestions.Hint(suggestions)}",
                    Where(entry, location),
                    entry.Name,
                    _element.Name,
                    suggestions);
            }

            // A [Filterable] reference or list of models is followed by a nested filter (PlanCompiler.NavigationFilters);
            // every other field must be a scalar the filter can compare.
            bool followed = flag == FieldFlags.Filterable && IsNavigation(found!);
            if ((found!.Flags & flag) == 0 || (!followed && !ScalarLiteral.IsComparable(found.ValueType!)))
            {
                var allowed = _element.SelectableFields.Where(f => (f.Flags & flag) != 0 && session.Options.Access.Allows(f)).Select(f => f.WireName).ToArray();
                string hint = allowed.Length == 0 ? $" No field of '{_element.Name}' can be {verb} by." : $" It can be {verb} by: {string.Join(", ", allowed)}.";
                throw Error($"Field '{entry.Name}' on type '{_element.Name}' cannot be {verb} by.{hint}", Where(entry, location));
            }

            return found;
        }

        private string Print(string[] names)
        {
            // Canonical: the arguments in one order, values as GraphQL literals; equal text, equal arguments.
            var text = new StringBuilder();
            foreach (string name in names)
            {
                foreach (var argument in arguments)
                {
                    if (argument.Name == name)
                    {
                        text.Append(text.Length == 0 ? string.Empty : ", ").Append(name).Append(": ").Append(argument.Value);
                    }
                }
            }

            return text.ToString();
        }

        // Values bound from GraphQL variables carry no position of their own; the argument's stands for them.
        private static SourceLocation Where(QueryArgument entry, SourceLocation fallback) =>
            entry.Location == default ? fallback : entry.Location;

        private PopcornQueryException Error(string detail, SourceLocation at) =>
            session.Error(QueryErrorKind.InvalidSelection, detail, at, fieldName, ownerName);
    }
}
