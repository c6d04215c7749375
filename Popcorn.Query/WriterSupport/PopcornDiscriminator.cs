using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Text.Json;

namespace Popcorn.Query.Generated;

/// <summary>
/// A type discriminator a polymorphic base's writer hands to a derived type's writer, which writes it first in the
/// object as System.Text.Json does. The default value writes nothing: the derived type written as itself. Called by
/// generated writers only.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct PopcornDiscriminator
{
    private readonly JsonEncodedText _name;
    private readonly JsonEncodedText _text;
    private readonly int _number;
    private readonly byte _kind;

    private PopcornDiscriminator(JsonEncodedText name, JsonEncodedText text, int number, byte kind)
    {
        _name = name;
        _text = text;
        _number = number;
        _kind = kind;
    }

    /// <summary>A string discriminator.</summary>
    public static PopcornDiscriminator String(JsonEncodedText name, string value) => new(name, JsonEncodedText.Encode(value), 0, 1);

    /// <summary>An integer discriminator.</summary>
    public static PopcornDiscriminator Number(JsonEncodedText name, int value) => new(name, default, value, 2);

    /// <summary>Writes the discriminator's key and value, or nothing for the default value.</summary>
    public void Write(Utf8JsonWriter writer)
    {
        if (_kind == 1)
        {
            writer.WriteString(_name, _text);
        }
        else if (_kind == 2)
        {
            writer.WriteNumber(_name, _number);
        }
    }

    /// <summary>
    /// Throws what System.Text.Json throws for an instance of a type a polymorphic base does not name under
    /// <c>JsonUnknownDerivedTypeHandling.FailSerialization</c>.
    /// </summary>
    [DoesNotReturn]
    public static void ThrowUnknownType(Type runtimeType, Type baseType) =>
        throw new NotSupportedException($"Runtime type '{runtimeType}' is not supported by polymorphic type '{baseType}'.");
}
