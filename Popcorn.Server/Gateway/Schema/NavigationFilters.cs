using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The GraphQL side of filters through references and over lists (docs/data.md, "Through references and lists"): a
/// <c>[Filterable]</c> reference is an entry of its related type's filter (<c>customer: CustomerFilter</c>), a
/// <c>[Filterable]</c> list of models an entry of <c>TListFilter</c> (<c>lines: OrderLineListFilter</c>, whose
/// <c>some</c>, <c>all</c> and <c>none</c> take the element type's filter). A type reached only through such an entry
/// gets a <c>TFilter</c> too, so no entry names a type the schema lacks.
/// </summary>
internal static class NavigationFilters
{
    private const string ListFilterSuffix = "ListFilter";

    /// <summary>Whether a filterable field is followed by a nested filter rather than compared: a reference or a list of models.</summary>
    public static bool IsFollowed(FieldMetadata field) =>
        field.ElementType is not null && field.Kind is FieldKind.Object or FieldKind.List;

    /// <summary>The filter entry of a followed field: the related type's <c>TFilter</c>, or <c>TListFilter</c> for a list.</summary>
    public static SchemaInputValue Entry(FieldMetadata field) => field.Kind == FieldKind.Object
        ? new(field.WireName, field.Description, TypeRef.Named(field.ElementType!.Name + "Filter"))
        : new(field.WireName, field.Description, TypeRef.Named(field.ElementType!.Name + ListFilterSuffix));

    /// <summary>
    /// The types with a <c>TFilter</c>: those with a filterable field the caller may see, and every type a followed
    /// field of one of them reaches (a worklist, not recursion: models may refer to each other in cycles).
    /// </summary>
    public static HashSet<TypeMetadata> FilteredTypes(IEnumerable<TypeMetadata> models, FieldAccess access)
    {
        var filtered = new HashSet<TypeMetadata>();
        var pending = new Queue<TypeMetadata>(models.Where(m => ArgumentInputTypes.Filterable(m, access).Any()));
        while (pending.TryDequeue(out var type))
        {
            if (!filtered.Add(type))
            {
                continue;
            }

            foreach (var field in ArgumentInputTypes.Filterable(type, access))
            {
                if (IsFollowed(field))
                {
                    pending.Enqueue(field.ElementType!);
                }
            }
        }

        return filtered;
    }

    /// <summary>One <c>TListFilter</c> per element type some filterable list reaches, in name order.</summary>
    public static IEnumerable<SchemaType> ListFilterTypes(IEnumerable<TypeMetadata> filtered, FieldAccess access)
    {
        var elements = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in filtered)
        {
            foreach (var field in ArgumentInputTypes.Filterable(type, access))
            {
                if (IsFollowed(field) && field.Kind == FieldKind.List)
                {
                    elements.Add(field.ElementType!.Name);
                }
            }
        }

        foreach (string element in elements)
        {
            var filter = TypeRef.Named(element + "Filter");
            yield return new SchemaType(
                SchemaTypeKind.INPUT_OBJECT,
                element + ListFilterSuffix,
                $"Which elements of a list of {element} must keep to a filter; every quantifier given holds.",
                [],
                [],
                InputFields:
                [
                    new("some", "At least one element keeps to it (an empty list never does).", filter),
                    new("all", "Every element keeps to it (an empty list always does).", filter),
                    new("none", "No element keeps to it (an empty list always does).", filter),
                ]);
        }
    }
}
