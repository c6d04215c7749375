using System.Buffers;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// What the transcoder notes while it copies JSON that selects joins: the holes it left for joined values, in the order
/// of their positions, and, for a join's answer, each object's key and range. Positions are offsets in
/// <see cref="Output"/>, which the transcoder's writer writes to.
/// </summary>
internal sealed class JoinRecorder(UpstreamJoinPlan joins, ArrayBufferWriter<byte> output)
{
    public UpstreamJoinPlan Joins { get; } = joins;

    public ArrayBufferWriter<byte> Output { get; } = output;

    public List<JoinHole> Holes { get; } = new();

    public List<JoinElement> Elements { get; } = new();

    /// <summary>The offset the writer's next byte will have.</summary>
    public int Position(Utf8JsonWriter writer) => Output.WrittenCount + (int)writer.BytesPending;
}
