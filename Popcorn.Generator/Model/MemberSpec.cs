namespace Popcorn.Generator.Model;

/// <summary>One written member of a model type.</summary>
/// <param name="MemberName">The C# property or field name.</param>
/// <param name="WireName">The JSON key System.Text.Json writes.</param>
/// <param name="Kind">The metadata field kind.</param>
/// <param name="TypeDisplay">The type as shown to people, e.g. <c>List&lt;Car&gt;</c>.</param>
/// <param name="Flags">Popcorn's FieldFlags value.</param>
/// <param name="ElementModel">The identifier of the model type children apply to, or null.</param>
/// <param name="SubPropertyDefault">The validated <c>[SubPropertyDefault]</c> text, or null.</param>
/// <param name="Description">The XML doc summary of the member.</param>
/// <param name="IsNullable">Whether the value may be null.</param>
/// <param name="Ignore">When System.Text.Json leaves the member out.</param>
/// <param name="Shape">How the value is written.</param>
/// <param name="Policy">The authorization policy of <c>[PopcornAuthorize]</c>, or null.</param>
/// <param name="DeprecationReason">The <c>[Obsolete]</c> message (GraphQL's default when it has none), or null when the member is not obsolete.</param>
/// <param name="BatchField">For a <c>[BatchResolved]</c> member, the expression that creates its <c>PopcornBatchField</c>; null otherwise.</param>
internal sealed record MemberSpec(
    string MemberName,
    string WireName,
    FieldKindSpec Kind,
    string TypeDisplay,
    int Flags,
    string? ElementModel,
    string? SubPropertyDefault,
    string? Description,
    bool IsNullable,
    IgnoreKind Ignore,
    ValueShape Shape,
    string? Policy = null,
    string? DeprecationReason = null,
    string? BatchField = null)
{
    /// <summary>FieldFlags.Never.</summary>
    public bool IsNever => (Flags & 4) != 0;

    /// <summary>FieldFlags.Sortable or FieldFlags.Filterable: the metadata carries a typed getter for arguments in memory.</summary>
    public bool TakesPartInArguments => (Flags & (8 | 16)) != 0;

    /// <summary>
    /// A <c>[Sortable]</c> scalar: elements can be grouped by it, and the writer emits a method that writes its value
    /// alone (<c>FieldMetadata.WriteValue</c>), so a group's key writes it as the model does.
    /// </summary>
    public bool WritesKeyValue => (Flags & 8) != 0 && !IsNever && Kind == FieldKindSpec.Scalar && BatchField is null
        && Shape.Kind is not (ShapeKind.Model or ShapeKind.Sequence or ShapeKind.Dictionary);

    /// <summary>The name of the writer's method that writes this member's value alone.</summary>
    public string KeyValueWriterName => "WriteKeyValue_" + MemberName;

    /// <summary>A selectable list of models: it takes arguments and has an aggregate sibling (<c>ordersAggregate</c>), which reads it through the getter.</summary>
    public bool IsAggregatable => Kind == FieldKindSpec.List && ElementModel is not null && !IsNever && BatchField is null;
}
