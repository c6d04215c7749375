using System.Text.Json;

namespace Popcorn.Query;

/// <summary>One key an aggregate writes (<see cref="ListAggregate.Measures"/>): what it computes and under which name.</summary>
public sealed class AggregateMeasure
{
    internal AggregateMeasure(AggregateMeasureKind kind, string outputName, AggregateOperand[]? operands = null, string? typeName = null)
    {
        Kind = kind;
        OutputName = outputName;
        EncodedOutputName = JsonEncodedText.Encode(outputName);
        Operands = operands ?? [];
        TypeName = typeName;
    }

    /// <summary>What the key writes.</summary>
    public AggregateMeasureKind Kind { get; }

    /// <summary>The key: the alias, or the measure's name.</summary>
    public string OutputName { get; }

    /// <summary>The key, pre-encoded once when the plan was compiled.</summary>
    public JsonEncodedText EncodedOutputName { get; }

    /// <summary>The fields a <c>sum</c>, <c>avg</c>, <c>min</c> or <c>max</c> object writes, in output order; empty for <c>count</c> and <c>__typename</c>.</summary>
    public IReadOnlyList<AggregateOperand> Operands { get; }

    /// <summary>The type of a <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> object (<c>OrderSums</c>), its <c>__typename</c>; null for the others.</summary>
    public string? TypeName { get; }

    /// <inheritdoc />
    public override string ToString() =>
        Operands.Count == 0 ? OutputName : $"{OutputName}[{string.Join(",", Operands)}]";
}
