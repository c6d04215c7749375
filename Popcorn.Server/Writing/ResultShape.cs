using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>A result Popcorn can write: the model's writer, and whether the result is a sequence of it.</summary>
internal sealed record ResultShape(PopcornTypeWriter Writer, bool IsSequence)
{
    public TypeMetadata Metadata => Writer.Metadata;
}
