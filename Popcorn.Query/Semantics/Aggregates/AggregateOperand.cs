using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// One key inside a measure of an aggregate (<c>total</c> in <c>sum[total]</c>): the element field it reads, or
/// <c>__typename</c> (<see cref="Field"/> null), under its alias or name.
/// </summary>
public sealed class AggregateOperand
{
    internal AggregateOperand(FieldMetadata? field, string outputName)
    {
        Field = field;
        OutputName = outputName;
        EncodedOutputName = JsonEncodedText.Encode(outputName);
    }

    /// <summary>The element's <c>[Sortable]</c> scalar field measured; null for <c>__typename</c>.</summary>
    public FieldMetadata? Field { get; }

    /// <summary>The key: the alias, or the field's wire name.</summary>
    public string OutputName { get; }

    /// <summary>The key, pre-encoded once when the plan was compiled.</summary>
    public JsonEncodedText EncodedOutputName { get; }

    /// <inheritdoc />
    public override string ToString() => Field is null || Field.WireName == OutputName ? OutputName : $"{OutputName}:{Field.WireName}";
}
