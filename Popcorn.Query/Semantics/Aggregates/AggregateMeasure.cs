using System.Text.Json;

namespace Popcorn.Query;

/// <summary>One key an aggregate writes (<see cref="ListAggregate.Measures"/>): what it computes and under which name.</summary>
public sealed class AggregateMeasure
{
    internal AggregateMeasure(AggregateMeasureKind kind, string outputName, AggregateOperand[]? operands = null, string? typeName = null, AggregateGroups? groups = null)
    {
        Groups = groups;
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

    /// <summary>
    /// The fields a <c>sum</c>, <c>avg</c>, <c>min</c>, <c>max</c> or <c>key</c> object writes, in output order; empty for
    /// <c>count</c>, <c>__typename</c> and <c>groups</c>.
    /// </summary>
    public IReadOnlyList<AggregateOperand> Operands { get; }

    /// <summary>
    /// The type of a <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c>/<c>key</c> object (<c>OrderSums</c>, <c>OrderGroupKey</c>)
    /// or of a group (<c>OrderGroup</c>), its <c>__typename</c>; null for the others.
    /// </summary>
    public string? TypeName { get; }

    /// <summary>What a <c>groups</c> key splits the elements by and writes per group; null for every other kind.</summary>
    public AggregateGroups? Groups { get; }

    /// <inheritdoc />
    public override string ToString() =>
        Groups is not null ? $"{OutputName}{Groups}"
        : Operands.Count == 0 ? OutputName : $"{OutputName}[{string.Join(",", Operands)}]";
}
