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

    /// <inheritdoc />
    public sealed override void WriteObject(Utf8JsonWriter writer, object? value, SelectionPlan plan) => Write(writer, (T?)value, plan);

    /// <inheritdoc />
    public sealed override TResult Accept<TResult>(IPopcornTypeWriterVisitor<TResult> visitor)
    {
        ArgumentNullException.ThrowIfNull(visitor);
        return visitor.Visit(this);
    }
}
