namespace Popcorn.Generator.Model;

/// <summary>The values written with a typed Utf8JsonWriter call or a PopcornValueWriter helper.</summary>
internal enum PrimitiveKind
{
    None,
    Boolean,
    Byte,
    SByte,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Single,
    Double,
    Decimal,
    Char,
    String,
    Guid,
    DateTime,
    DateTimeOffset,
    DateOnly,
    TimeOnly,
    TimeSpan,
    Uri,
    ByteArray,
}
