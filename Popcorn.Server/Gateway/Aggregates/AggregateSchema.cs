using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The schema side of aggregates (docs/data.md, "Aggregates"): beside every list of models <c>x</c> the caller sees,
/// a field <c>xAggregate(where: XFilter): XAggregate!</c>, and the types it returns, <c>XAggregate { count: Int! sum: XSums! ... }</c>,
/// named after the element type as connections are. A name already taken (a real field <c>xAggregate</c>, a model
/// named <c>XAggregate</c>) leaves the list without its aggregate, as the plan compiler does for the field.
/// </summary>
internal static class AggregateSchema
{
    /// <summary>
    /// Whether <paramref name="list"/> of <paramref name="owner"/> has an aggregate in the schema, given the type names
    /// already taken. Only the app's own models (with a CLR type): an upstream service's lists are not aggregated by
    /// the gateway, which does not read them.
    /// </summary>
    public static bool Offered(TypeMetadata owner, FieldMetadata list, ISet<string> takenTypes) =>
        owner.ClrType is not null
        && list.IsAggregatable
        && owner.FindField(list.WireName + ListAggregate.FieldSuffix) is null
        && !takenTypes.Contains(list.ElementType!.Name + ListAggregate.TypeSuffix);

    /// <summary>The aggregate field beside <paramref name="list"/>: only the list's <c>where</c>, since an aggregate is not a page.</summary>
    public static SchemaField Field(FieldMetadata list, FieldAccess access)
    {
        var element = list.ElementType!;
        var where = ArgumentInputTypes.ListArguments(element, access).Where(static a => a.Name == "where").ToArray();
        return new SchemaField(
            list.WireName + ListAggregate.FieldSuffix,
            $"Numbers over every element of {list.WireName} that where keeps (not a page: first, skip, orderBy and after do not apply).",
            where,
            TypeRef.NonNull(TypeRef.Named(element.Name + ListAggregate.TypeSuffix)));
    }

    /// <summary>
    /// The aggregate type of each element type in <paramref name="elements"/> (<c>count</c>, then a <c>sum</c>,
    /// <c>avg</c>, <c>min</c> and <c>max</c> object where the caller sees a field it measures), each followed by its
    /// measure types (<c>OrderSums { total: Float }</c>). A measure type whose name a model or input already has is
    /// left out with its field.
    /// </summary>
    public static IEnumerable<SchemaType> Types(IEnumerable<TypeMetadata> elements, FieldAccess access, OutputScalars scalars, ISet<string> takenTypes)
    {
        foreach (var element in elements.Distinct())
        {
            var fields = new List<SchemaField> { new("count", "How many elements the aggregate's where keeps.", [], TypeRef.NonNull(TypeRef.Named("Int"))) };
            var measureTypes = new List<SchemaType>();
            foreach (var (kind, name, typeName, operands) in Measures(element, access, takenTypes))
            {
                fields.Add(new SchemaField(name, MeasureDescription(kind, "each field it selects") + ".", [], TypeRef.NonNull(TypeRef.Named(typeName))));
                measureTypes.Add(new SchemaType(
                    SchemaTypeKind.OBJECT,
                    typeName,
                    $"{MeasureDescription(kind, $"each field of {element.Name} it can measure")}; a field is null when no kept element has a value.",
                    operands.Select(f => new SchemaField(f.WireName, MeasureDescription(kind, f.WireName) + "; null when no kept element has one.", [], TypeRef.Named(MeasureScalar(kind, f, scalars)))).ToArray(),
                    []));
            }

            var groupTypes = GroupSchema.Types(element, access, scalars, takenTypes, fields).ToArray();
            yield return new SchemaType(
                SchemaTypeKind.OBJECT,
                element.Name + ListAggregate.TypeSuffix,
                $"Numbers over a list of {element.Name}, computed in the database when the list comes from one.",
                fields,
                []);
            foreach (var type in measureTypes.Concat(groupTypes))
            {
                yield return type;
            }
        }
    }

    /// <summary>
    /// The measure objects every schema declares on <paramref name="element"/>'s aggregate for this caller, with the
    /// fields each measures: those with at least one field the caller sees, whose type name no model or input has.
    /// </summary>
    public static IEnumerable<DeclaredMeasure> Measures(TypeMetadata element, FieldAccess access, ISet<string> takenTypes)
    {
        foreach (var (kind, name) in MeasureRules.Objects)
        {
            string typeName = MeasureRules.TypeName(kind, element.Name)!;
            var fields = element.SelectableFields.Where(f => MeasureRules.Takes(kind, f) && access.Allows(f)).ToArray();
            if (fields.Length > 0 && !takenTypes.Contains(typeName))
            {
                yield return new DeclaredMeasure(kind, name, typeName, fields);
            }
        }
    }

    /// <summary>
    /// What a measure writes for <paramref name="field"/>: a <c>sum</c> or <c>avg</c> a <c>Float</c> (decimals are written
    /// exactly, as the numbers JSON has); a <c>min</c> or <c>max</c> the field's own scalar (a date as its date scalar).
    /// </summary>
    private static string MeasureScalar(AggregateMeasureKind kind, FieldMetadata field, OutputScalars scalars) =>
        MeasureRules.IsNumericOnly(kind) ? "Float" : scalars.NamedTypeOf(field, element: false, () => SchemaModelBuilder.ScalarName(field.TypeName));

    /// <summary>What a measure of <paramref name="kind"/> is, in words: "The sum of {of} over the kept elements".</summary>
    internal static string MeasureDescription(AggregateMeasureKind kind, string of) => kind switch
    {
        AggregateMeasureKind.Sum => $"The sum of {of} over the kept elements",
        AggregateMeasureKind.Average => $"The mean of {of} over the kept elements",
        AggregateMeasureKind.Minimum => $"The least value of {of} over the kept elements",
        _ => $"The greatest value of {of} over the kept elements",
    };
}

/// <summary>A measure object as the schemas declare it: <c>sum</c> of type <c>OrderSums</c>, with the fields it measures.</summary>
internal sealed record DeclaredMeasure(AggregateMeasureKind Kind, string Name, string TypeName, FieldMetadata[] Fields);
