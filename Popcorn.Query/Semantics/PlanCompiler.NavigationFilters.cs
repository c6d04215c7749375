namespace Popcorn.Query;

// Filters through a [Filterable] reference (customer: {name: "x"}) and over a [Filterable] list of models (lines: {some:
// {...}}, all, none): the nested filter is read against the related type's fields by a reader for that type, so a
// [Never] or hidden field there is unknown exactly as it is at the top (docs/data.md, "Through references and lists").
public static partial class PlanCompiler
{
    private sealed partial class ArgumentReader
    {
        /// <summary>How many references and lists the filter being read went through to reach this reader's type.</summary>
        private int _navigationDepth;

        /// <summary>Whether a field is followed by a filter rather than compared: an object or a list of models.</summary>
        private static bool IsNavigation(FieldMetadata field) =>
            field.ElementType is not null && field.Kind is FieldKind.Object or FieldKind.List;

        /// <summary>
        /// <c>reference: {...}</c> (set, and keeping to the filter), <c>reference: null</c> (not set), or
        /// <c>list: {some: {...}, all: {...}, none: {...}}</c>, each quantifier holding.
        /// </summary>
        private Filter? ReadNavigation(FieldMetadata navigation, QueryArgument entry, SourceLocation at)
        {
            int max = session.Options.MaxFilterNavigationDepth;
            if (_navigationDepth >= max)
            {
                throw Limit($"'where' on field '{fieldName}' goes through more than {max} references and lists in one path (MaxFilterNavigationDepth).", at);
            }

            var related = new ArgumentReader(session, navigation.ElementType!, fieldName, ownerName, arguments, location) { _navigationDepth = _navigationDepth + 1 };
            var value = entry.Value;
            string example = ExampleFilter(navigation.ElementType!);
            if (navigation.Kind == FieldKind.Object)
            {
                Count(1, at);
                if (value.Kind == QueryValueKind.Null)
                {
                    // The reference is not set: the negation of "set, keeping to nothing in particular".
                    return new FilterNot(new FilterReference(navigation, null));
                }

                if (value.Kind != QueryValueKind.Object)
                {
                    throw Error($"'{navigation.WireName}' in 'where' on field '{fieldName}' is a {navigation.ElementType!.Name}: filter it by its fields, such as {{{navigation.WireName}: {example}}}, or test it with null; {value} is neither.", at);
                }

                return new FilterReference(navigation, related.ReadFilter(value, at));
            }

            if (value.Kind != QueryValueKind.Object)
            {
                throw Error($"'{navigation.WireName}' in 'where' on field '{fieldName}' is a list: filter it with some, all or none, such as {{{navigation.WireName}: {{some: {example}}}}}; {value} is not one.", at);
            }

            var quantified = new List<Filter>();
            foreach (var test in value.Fields)
            {
                var testAt = Where(test, at);
                var quantifier = test.Name switch
                {
                    "some" => FilterQuantifier.Some,
                    "all" => FilterQuantifier.All,
                    "none" => FilterQuantifier.None,
                    _ => throw Error($"Unknown list filter '{test.Name}' on '{navigation.WireName}' in 'where'; use some, all or none.", testAt),
                };
                if (test.Value.Kind != QueryValueKind.Object)
                {
                    throw Error($"'{test.Name}' on '{navigation.WireName}' in 'where' takes a filter of {navigation.ElementType!.Name}, such as {example}, not {test.Value}.", testAt);
                }

                Count(1, testAt);
                quantified.Add(new FilterCollection(navigation, quantifier, related.ReadFilter(test.Value, testAt)));
            }

            return quantified.Count switch
            {
                0 => null,
                1 => quantified[0],
                _ => new FilterGroup(isOr: false, quantified.ToArray()),
            };
        }

        /// <summary>A filter of <paramref name="type"/> for a message: its first filterable field the caller sees, compared with a placeholder.</summary>
        private string ExampleFilter(TypeMetadata type) =>
            type.SelectableFields.FirstOrDefault(f => f.IsFilterable && !IsNavigation(f) && session.Options.Access.Allows(f)) is { } field
                ? $"{{{field.WireName}: {{eq: ...}}}}"
                : "{...}";
    }
}
