using System.ComponentModel;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace Popcorn.Query.Generated;

/// <summary>
/// Hands values Popcorn does not model to System.Text.Json: through the context's own type information,
/// or through a member's <c>[JsonConverter]</c>. Called by generated writers only.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class PopcornConverters
{
    /// <summary>The context's type information for <typeparamref name="T"/>.</summary>
    /// <exception cref="InvalidOperationException">The context has no metadata for the type.</exception>
    public static JsonTypeInfo<T> GetTypeInfo<T>(JsonSerializerContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return context.GetTypeInfo(typeof(T)) as JsonTypeInfo<T>
            ?? throw new InvalidOperationException($"The JsonSerializerContext has no metadata for '{typeof(T)}'; add [JsonSerializable(typeof({typeof(T).Name}))] to it.");
    }

    /// <summary>The converter for <typeparamref name="T"/>: <paramref name="converter"/> itself, or what the factory creates.</summary>
    /// <exception cref="InvalidOperationException">The converter cannot convert <typeparamref name="T"/>.</exception>
    public static JsonConverter<T> Resolve<T>(JsonConverter converter, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(converter);
        ArgumentNullException.ThrowIfNull(options);
        if (converter is JsonConverterFactory factory)
        {
            converter = factory.CreateConverter(typeof(T), options)
                ?? throw new InvalidOperationException($"The converter factory '{factory.GetType()}' created no converter for '{typeof(T)}'.");
        }

        return converter as JsonConverter<T>
            ?? throw new InvalidOperationException($"The converter '{converter.GetType()}' does not convert '{typeof(T)}'.");
    }

    /// <summary>Writes <paramref name="value"/> with <paramref name="converter"/>; null is written as <c>null</c> unless the converter handles it.</summary>
    public static void Write<T>(Utf8JsonWriter writer, T value, JsonConverter<T> converter, JsonSerializerOptions options)
    {
        if (value is null && !converter.HandleNull)
        {
            writer.WriteNullValue();
            return;
        }

        converter.Write(writer, value, options);
    }
}
