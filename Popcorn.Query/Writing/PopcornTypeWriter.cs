using System.Text.Json;

namespace Popcorn.Query;

/// <summary>
/// Writes instances of one model type to a <see cref="Utf8JsonWriter"/> following a <see cref="SelectionPlan"/>.
/// Implemented by generated code; hosts find writers through an <see cref="IPopcornContext"/>.
/// </summary>
public abstract class PopcornTypeWriter
{
    /// <summary>The model type written.</summary>
    public abstract Type Type { get; }

    /// <summary>The type's metadata, which plans for this writer are compiled against.</summary>
    public abstract TypeMetadata Metadata { get; }

    /// <summary>Writes <paramref name="value"/> (an instance of <see cref="Type"/>, or null) as selected by <paramref name="plan"/>.</summary>
    public abstract void WriteObject(Utf8JsonWriter writer, object? value, SelectionPlan plan);

    /// <summary>
    /// Writes <paramref name="value"/> in parts, so a host can flush between them: see
    /// <see cref="PopcornTypeWriter{T}.WritePart"/>.
    /// </summary>
    /// <returns>The key index to resume from, or -1 when the object is complete.</returns>
    public abstract int WriteObjectPart(Utf8JsonWriter writer, object? value, SelectionPlan plan, int start, int pauseAfterBytes);

    /// <summary>Calls <paramref name="visitor"/> back with this writer typed, e.g. to write sequences of the model type.</summary>
    public abstract TResult Accept<TResult>(IPopcornTypeWriterVisitor<TResult> visitor);
}
