using System.Text.Json;

namespace Popcorn.Query;

/// <summary>One key a <see cref="SelectionPlan"/> writes: which field, under which name, with which child plan.</summary>
public sealed class PlannedField
{
    /// <summary>The <see cref="FieldIndex"/> of the <c>__typename</c> meta-field, which writes the type's name.</summary>
    public const int TypeNameIndex = -1;

    /// <summary>
    /// The <see cref="FieldIndex"/> of an aggregate key (<c>ordersAggregate</c>, see <see cref="Aggregate"/>), which the
    /// generated writer hands to <see cref="PopcornAggregates.Write"/>.
    /// </summary>
    public const int AggregateIndex = -2;

    internal PlannedField(FieldMetadata? field, string outputName, SelectionPlan? child, CollectionArguments? arguments = null, bool elementsRequired = false)
    {
        Arguments = arguments;
        ElementsRequired = elementsRequired;
        Field = field;
        FieldIndex = field?.Index ?? TypeNameIndex;
        OutputName = outputName;
        EncodedOutputName = field is not null && outputName == field.WireName ? field.EncodedName : JsonEncodedText.Encode(outputName);
        Child = child;
    }

    internal PlannedField(string outputName, ListAggregate aggregate)
    {
        Field = aggregate.List;
        FieldIndex = AggregateIndex;
        OutputName = outputName;
        EncodedOutputName = JsonEncodedText.Encode(outputName);
        Aggregate = aggregate;
    }

    /// <summary>
    /// For an aggregate key (<see cref="FieldIndex"/> is <see cref="AggregateIndex"/>): what it computes over the list
    /// <see cref="Field"/>, which this key does not write. Null for every other key.
    /// </summary>
    public ListAggregate? Aggregate { get; }

    /// <summary>The field's position in its type's <see cref="TypeMetadata.Fields"/>; the generated writer switches on it. <see cref="TypeNameIndex"/> for <c>__typename</c>.</summary>
    public int FieldIndex { get; }

    /// <summary>The field, or null for <c>__typename</c>; for an aggregate key, the list it aggregates (<see cref="Aggregate"/>).</summary>
    public FieldMetadata? Field { get; }

    /// <summary>The key written: the alias, or the wire name.</summary>
    public string OutputName { get; }

    /// <summary>The key, pre-encoded once when the plan was compiled.</summary>
    public JsonEncodedText EncodedOutputName { get; }

    /// <summary>The plan for the value (Object), each element (List) or each value (Map); null for scalars.</summary>
    public SelectionPlan? Child { get; }

    /// <summary>
    /// The list field's <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>, validated and typed; null (the common
    /// case) when the client gave none, and then the list is written exactly as without arguments.
    /// </summary>
    public CollectionArguments? Arguments { get; }

    /// <summary>
    /// True when a null element of this list must not be written: the field is <see cref="FieldFlags.NonNullElements"/>
    /// and the plan was compiled under <see cref="SelectionSemantics.GraphQL"/>, whose schema types the elements
    /// non-null. A writer that meets one throws <see cref="PopcornNullElementException"/> instead of writing it, so the
    /// host can answer with an error rather than with bytes that break the schema. False for every other key.
    /// </summary>
    public bool ElementsRequired { get; }

    /// <summary>
    /// Whether a query source (EF Core) applies this list's <c>first</c>/<c>skip</c> itself: always. A list whose
    /// elements read a nested model used to be paged in memory (EF Core would need a lateral join, SQL <c>APPLY</c>,
    /// which SQLite does not have), so the database read every row of it; Popcorn.EntityFrameworkCore now pages it with
    /// a predicate correlated to each row, and <see cref="SelectionPlan.ForQueriedRows"/> leaves nothing to memory.
    /// </summary>
    [Obsolete("Every list is paged by the query source now; this is always true.")]
    public bool PagesInQuery => true;

    /// <inheritdoc />
    public override string ToString() =>
        Aggregate is { } aggregate ? $"{OutputName}:{aggregate}" : (Arguments is null ? OutputName : $"{OutputName}({Arguments})") + (Child is null ? string.Empty : $"{{{Child.Type.Name}}}");
}
