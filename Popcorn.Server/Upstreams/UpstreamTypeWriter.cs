using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Stands for an upstream service's type where the gateway expects a model's writer (<see cref="ResultShape"/>): it
/// carries the metadata read from the service's schema, which plans compile against, and what each scalar field's JSON
/// must be. Values of these types never reach a generated writer: the gateway copies the service's JSON through
/// <see cref="UpstreamTranscoder"/>.
/// </summary>
internal sealed class UpstreamTypeWriter(TypeMetadata metadata, UpstreamScalar[] scalars) : PopcornTypeWriter
{
    public override Type Type => typeof(UpstreamValue);

    public override TypeMetadata Metadata { get; } = metadata;

    /// <summary>What each field's scalar JSON must be, by <see cref="FieldMetadata.Index"/>.</summary>
    public UpstreamScalar[] Scalars { get; } = scalars;

    /// <summary>Writes nothing but a missing value (<c>null</c>), as every writer does; a value is copied, never written here.</summary>
    public override void WriteObject(Utf8JsonWriter writer, object? value, SelectionPlan plan)
    {
        if (value is not null)
        {
            throw new NotSupportedException("An upstream value is copied by UpstreamTranscoder, not written by a model writer.");
        }

        // A root whose source gave no value at all: without this the answer was cut off after its headers.
        writer.WriteNullValue();
    }

    public override int WriteObjectPart(Utf8JsonWriter writer, object? value, SelectionPlan plan, int start, int pauseAfterBytes)
    {
        WriteObject(writer, value, plan);
        return -1;
    }

    public override TResult Accept<TResult>(IPopcornTypeWriterVisitor<TResult> visitor) =>
        throw new NotSupportedException("An upstream value is copied by UpstreamTranscoder, not written by a model writer.");
}
