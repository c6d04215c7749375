using System.Text.Json;

namespace Popcorn.Query;

/// <summary>One key an aggregate writes (<see cref="ListAggregate.Measures"/>): what it computes and under which name.</summary>
public sealed class AggregateMeasure
{
    internal AggregateMeasure(AggregateMeasureKind kind, string outputName)
    {
        Kind = kind;
        OutputName = outputName;
        EncodedOutputName = JsonEncodedText.Encode(outputName);
    }

    /// <summary>What the key writes.</summary>
    public AggregateMeasureKind Kind { get; }

    /// <summary>The key: the alias, or the measure's name.</summary>
    public string OutputName { get; }

    /// <summary>The key, pre-encoded once when the plan was compiled.</summary>
    public JsonEncodedText EncodedOutputName { get; }

    /// <inheritdoc />
    public override string ToString() => OutputName;
}
