using System.Text.Json;

namespace Popcorn.Query;

/// <summary>The typed writer of <typeparamref name="T"/>: no boxing, no reflection.</summary>
/// <typeparam name="T">The model type.</typeparam>
public abstract class PopcornTypeWriter<T> : PopcornTypeWriter
{
    /// <inheritdoc />
    public sealed override Type Type => typeof(T);

    /// <summary>Writes <paramref name="value"/> as selected by <paramref name="plan"/>; null writes <c>null</c>.</summary>
    /// <exception cref="ArgumentException"><paramref name="plan"/> was compiled for another type.</exception>
    public abstract void Write(Utf8JsonWriter writer, T? value, SelectionPlan plan);

    /// <summary>
    /// Writes <paramref name="value"/> in parts, so a host can flush to the client between them and one large object
    /// streams instead of being buffered whole. Start with <paramref name="start"/> 0, which opens the object; each
    /// call writes the plan's keys from <paramref name="start"/> on and stops after the key that brings what it wrote
    /// to <paramref name="pauseAfterBytes"/>, returning the key index to resume from. The last part closes the object
    /// and returns -1. Between parts only the caller's flush may touch <paramref name="writer"/>. A null value, a full
    /// plan, and writers that do not override this are written in one part.
    /// </summary>
    /// <returns>The key index to resume from, or -1 when the object is complete.</returns>
    public virtual int WritePart(Utf8JsonWriter writer, T? value, SelectionPlan plan, int start, int pauseAfterBytes)
    {
        Write(writer, value, plan);
        return -1;
    }

    /// <summary>
    /// Writes the elements of a sequence (without the array's brackets, which the caller writes), each as
    /// <paramref name="plan"/> selects, and stops after the element that brings what it wrote to
    /// <paramref name="pauseAfterBytes"/>, so a host can flush between calls. Generated writers check the arguments,
    /// and take the cycle path, once per call rather than once per element, and write each element straight through
    /// their full or plan-driven path.
    /// </summary>
    /// <returns>
    /// How many elements were written: all of <paramref name="values"/>, or fewer (but at least one) when the writer
    /// paused. Overrides must also write at least one element of a non-empty span, or a caller's loop would not advance.
    /// </returns>
    /// <exception cref="ArgumentException"><paramref name="plan"/> was compiled for another type.</exception>
    public virtual int WriteElements(Utf8JsonWriter writer, ReadOnlySpan<T?> values, SelectionPlan plan, int pauseAfterBytes)
    {
        ArgumentNullException.ThrowIfNull(writer);
        long stopAt = writer.BytesCommitted + writer.BytesPending + pauseAfterBytes;
        for (int i = 0; i < values.Length; i++)
        {
            Write(writer, values[i], plan);
            if (writer.BytesCommitted + writer.BytesPending >= stopAt)
            {
                return i + 1;
            }
        }

        return values.Length;
    }

    /// <summary>
    /// Whether <see cref="WriteCsvRow"/> can write <paramref name="plan"/>'s rows straight from the objects: true when
    /// every field the plan selects, at every level, is one whose CSV cell the generated writer writes directly (an
    /// integer, decimal, boolean or string; a nested object of such fields; <c>__typename</c>), and nothing in it is
    /// polymorphic or can cycle. Otherwise a host writes the row's JSON and reads the cells back from it.
    /// </summary>
    public virtual bool CanWriteCsvRow(SelectionPlan plan) => false;

    /// <summary>
    /// Writes <paramref name="value"/> as one CSV row of <paramref name="plan"/>'s columns (a null value is a row of
    /// empty cells), ended by CRLF. Only for a plan <see cref="CanWriteCsvRow"/> accepts.
    /// </summary>
    /// <exception cref="NotSupportedException">This writer has no CSV path.</exception>
    public virtual void WriteCsvRow(Generated.PopcornCsvRow row, T? value, SelectionPlan plan) =>
        throw new NotSupportedException($"The writer of '{typeof(T).Name}' has no CSV path; check CanWriteCsvRow first.");

    /// <inheritdoc />
    public sealed override int WriteObjectPart(Utf8JsonWriter writer, object? value, SelectionPlan plan, int start, int pauseAfterBytes) =>
        WritePart(writer, (T?)value, plan, start, pauseAfterBytes);

    /// <inheritdoc />
    public sealed override void WriteObject(Utf8JsonWriter writer, object? value, SelectionPlan plan) => Write(writer, (T?)value, plan);

    /// <inheritdoc />
    public sealed override TResult Accept<TResult>(IPopcornTypeWriterVisitor<TResult> visitor)
    {
        ArgumentNullException.ThrowIfNull(visitor);
        return visitor.Visit(this);
    }
}
