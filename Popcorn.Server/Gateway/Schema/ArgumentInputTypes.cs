using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The GraphQL side of list arguments (docs/data.md, "Arguments on list fields"): every list of models takes
/// <c>first: Int, skip: Int</c>, plus <c>orderBy: [TSort!]</c> when its element type has <c>[Sortable]</c> fields and
/// <c>where: TFilter</c> when it has <c>[Filterable]</c> ones, with the input types they need: <c>SortDirection</c>,
/// <c>TSort</c> (one <c>SortDirection</c> per sortable field), <c>TFilter</c> (<c>and</c>, <c>or</c>, one comparison per
/// filterable field, a <c>TFilter</c> per filterable reference and a <c>TListFilter</c> per filterable list: see
/// <see cref="NavigationFilters"/>) and a <c>ScalarComparison</c> per scalar compared (<c>eq neq gt gte lt lte in</c>; a
/// <c>BooleanComparison</c> has only <c>eq neq in</c>; <c>StringComparison</c> adds <c>contains startsWith endsWith</c>
/// and <c>mode: TextMatchMode</c>; an enum field's is its enum's, <see cref="EnumComparisons"/>). Built from the
/// metadata, for the fields the caller may see, so the SDL, introspection and the plan compiler agree.
/// </summary>
internal static class ArgumentInputTypes
{
    private const string SortDirection = "SortDirection";

    private const string TextMatchMode = "TextMatchMode";

    private static readonly string[] s_operators = ["eq", "neq", "gt", "gte", "lt", "lte"];

    private static readonly string[] s_equalityOperators = ["eq", "neq"];

    /// <summary>What every list takes: <c>first</c> and <c>skip</c>.</summary>
    private static readonly SchemaInputValue[] PagingArguments =
    [
        new("first", null, TypeRef.Named("Int")),
        new("skip", null, TypeRef.Named("Int")),
    ];

    /// <summary>The arguments of a list field whose elements are <paramref name="element"/>.</summary>
    public static SchemaInputValue[] ListArguments(TypeMetadata element, FieldAccess access)
    {
        var arguments = new List<SchemaInputValue>(PagingArguments);
        if (Sortable(element, access).Any())
        {
            arguments.Add(new("orderBy", null, TypeRef.List(TypeRef.NonNull(TypeRef.Named(element.Name + "Sort")))));
        }

        if (Filterable(element, access).Any())
        {
            arguments.Add(new("where", null, TypeRef.Named(element.Name + "Filter")));
        }

        if (Sortable(element, access).Any(static f => f.IsAlways))
        {
            // Only where a cursor can name one position: an [Always, Sortable] field breaks ties (docs/data.md, "Cursor paging").
            arguments.Add(new("after", null, TypeRef.Named("String")));
        }

        return arguments.ToArray();
    }

    /// <summary>
    /// The list arguments Popcorn applies to root field <paramref name="field"/> of result <paramref name="shape"/>: a
    /// root list's <see cref="ListArguments"/> except those its resolver binds itself (<see cref="GatewayField.LeavesToPopcorn"/>);
    /// none for a field that returns no list. The SDL, introspection and <c>/popcorn/schema</c> all ask here.
    /// </summary>
    public static IEnumerable<SchemaInputValue> RootListArguments(GatewayField field, ResultShape? shape, FieldAccess access) =>
        shape is { IsSequence: true }
            ? ListArguments(shape.Metadata, access).Where(a => field.LeavesToPopcorn(a.Name, shape))
            : [];

    /// <summary>
    /// The enum and input types the list arguments of <paramref name="models"/> use, in a stable order.
    /// <paramref name="enumOf"/> names the GraphQL enum of a field written as one (null otherwise): its comparison is a
    /// <c>TEnumComparison</c> of that enum (<see cref="EnumComparisons"/>). <paramref name="dateOf"/> names the date or time
    /// scalar of a field that is one: its comparison is that scalar's (<c>IsoDateTimeComparison</c>), with the order
    /// operators and no text ones.
    /// </summary>
    public static IEnumerable<SchemaType> For(IEnumerable<TypeMetadata> models, FieldAccess access, Func<FieldMetadata, string?>? enumOf = null, Func<FieldMetadata, string?>? dateOf = null)
    {
        var types = new List<SchemaType>();
        var scalars = new SortedSet<string>(StringComparer.Ordinal);
        var enums = new SortedSet<string>(StringComparer.Ordinal);
        var filtered = NavigationFilters.FilteredTypes(models, access);
        foreach (var model in models)
        {
            var sortable = Sortable(model, access).ToArray();
            if (sortable.Length > 0)
            {
                types.Add(Input(model.Name + "Sort", $"How to order lists of {model.Name}: one direction per key.", sortable.Select(f => new SchemaInputValue(f.WireName, f.Description, TypeRef.Named(SortDirection)))));
            }

            if (filtered.Contains(model))
            {
                var filter = TypeRef.List(TypeRef.NonNull(TypeRef.Named(model.Name + "Filter")));
                var fields = new List<SchemaInputValue> { new("and", "Every filter holds.", filter), new("or", "At least one filter holds.", filter), new("not", "The elements this filter does not keep.", TypeRef.Named(model.Name + "Filter")) };
                foreach (var field in Filterable(model, access))
                {
                    if (NavigationFilters.IsFollowed(field))
                    {
                        fields.Add(NavigationFilters.Entry(field));
                        continue;
                    }

                    if (enumOf?.Invoke(field) is { } enumeration)
                    {
                        enums.Add(enumeration);
                        fields.Add(new SchemaInputValue(field.WireName, field.Description, TypeRef.Named(EnumComparisons.NameOf(enumeration))));
                        continue;
                    }

                    string scalar = dateOf?.Invoke(field) ?? SchemaModelBuilder.ScalarName(field.TypeName);
                    scalars.Add(scalar);
                    fields.Add(new SchemaInputValue(field.WireName, field.Description, TypeRef.Named(scalar + "Comparison")));
                }

                types.Add(Input(model.Name + "Filter", $"Which {model.Name} elements a list keeps: every entry holds.", fields));
            }
        }

        types.AddRange(NavigationFilters.ListFilterTypes(filtered, access));

        if (types.Count == 0)
        {
            return types;
        }

        if (types.Any(t => t.Name.EndsWith("Sort", StringComparison.Ordinal)))
        {
            types.Add(new SchemaType(SchemaTypeKind.ENUM, SortDirection, "A sort key's direction.", [], [new SchemaEnumValue("ASC", "Ascending; nulls first."), new SchemaEnumValue("DESC", "Descending; nulls last.")]));
        }

        foreach (string scalar in scalars)
        {
            var operand = TypeRef.Named(scalar);
            // A Boolean has no order: the plan compiler refuses gt/gte/lt/lte on one, so they are not offered either.
            var operators = scalar == "Boolean" ? s_equalityOperators : s_operators;
            var comparisons = operators.Select(op => new SchemaInputValue(op, null, operand)).Append(new SchemaInputValue("in", null, TypeRef.List(operand)));
            if (scalar == "String")
            {
                comparisons = comparisons.Concat(TextComparisons(operand));
            }

            types.Add(Input(scalar + "Comparison", $"Comparisons of a {scalar} field; several hold together.", comparisons) with
            {
                IsDateComparison = DateScalars.IsDateScalar(scalar),
            });
        }

        types.AddRange(enums.Select(EnumComparisons.Type));
        if (scalars.Contains("String"))
        {
            types.Add(new SchemaType(SchemaTypeKind.ENUM, TextMatchMode, "How contains, startsWith and endsWith treat case.", [], [new SchemaEnumValue("SENSITIVE", "Ordinal: every character as it is (the default)."), new SchemaEnumValue("INSENSITIVE", "Letters match in either case, as far as the data source folds them (docs/data.md, \"Text filters\").")]));
        }

        return types;
    }

    /// <summary>
    /// The text comparisons of <c>StringComparison</c>. It is also the comparison of the fields the schema shows as
    /// strings without being text (dates, enums, ids): those the plan compiler refuses with the field's name and position,
    /// rather than splitting the type, which would rename the comparison of every existing text field.
    /// </summary>
    private static IEnumerable<SchemaInputValue> TextComparisons(TypeRef text) =>
    [
        new("contains", "Text fields: holds this text anywhere; % and _ are plain characters.", text),
        new("startsWith", "Text fields: begins with this text.", text),
        new("endsWith", "Text fields: ends with this text.", text),
        new("mode", "Whether contains, startsWith and endsWith ignore case; SENSITIVE when absent.", TypeRef.Named(TextMatchMode)),
    ];

    private static SchemaType Input(string name, string description, IEnumerable<SchemaInputValue> fields) =>
        new(SchemaTypeKind.INPUT_OBJECT, name, description, [], [], InputFields: fields.ToArray());

    private static IEnumerable<FieldMetadata> Sortable(TypeMetadata type, FieldAccess access) =>
        type.SelectableFields.Where(f => f.IsSortable && access.Allows(f));

    /// <summary>The fields a <c>TFilter</c> offers: <c>[Filterable]</c> scalars and followed references and lists the caller may see.</summary>
    internal static IEnumerable<FieldMetadata> Filterable(TypeMetadata type, FieldAccess access) =>
        type.SelectableFields.Where(f => f.IsFilterable && access.Allows(f) && f.WireName is not ("and" or "or" or "not"));
}
