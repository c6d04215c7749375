namespace Popcorn.Server;

/// <summary>
/// What a scalar field of an upstream type may hold, from the C# type name its schema declares (<c>int?</c>,
/// <c>string</c>, <c>DateTime</c>): a value System.Text.Json would not read as that type breaks the service's declared
/// schema (<see cref="UpstreamScalarCopy"/>). The members are grouped by the JSON token they take
/// (<see cref="UpstreamScalars.TokenOf"/>).
/// </summary>
internal enum UpstreamScalar
{
    /// <summary>Any JSON scalar: a type the gateway does not know the JSON of (an enum may be a name or a number).</summary>
    Any,

    // Numbers.
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

    // Strings.
    String,
    Char,
    DateTime,
    DateTimeOffset,
    DateOnly,
    TimeOnly,
    TimeSpan,
    Guid,

    Boolean,
}

/// <summary>Reads <see cref="UpstreamScalar"/> from a declared type name.</summary>
internal static class UpstreamScalars
{
    /// <summary>What a scalar of <paramref name="typeName"/> (or the elements of a list of them) must be.</summary>
    public static UpstreamScalar Of(string typeName) => ElementName(typeName).TrimEnd('?') switch
    {
        "byte" or "Byte" => UpstreamScalar.Byte,
        "sbyte" or "SByte" => UpstreamScalar.SByte,
        "short" or "Int16" => UpstreamScalar.Int16,
        "ushort" or "UInt16" => UpstreamScalar.UInt16,
        "int" or "Int32" => UpstreamScalar.Int32,
        "uint" or "UInt32" => UpstreamScalar.UInt32,
        "long" or "Int64" => UpstreamScalar.Int64,
        "ulong" or "UInt64" => UpstreamScalar.UInt64,
        "float" or "Single" => UpstreamScalar.Single,
        "double" or "Double" => UpstreamScalar.Double,
        "decimal" or "Decimal" => UpstreamScalar.Decimal,
        "string" or "String" or "Uri" => UpstreamScalar.String,
        "char" or "Char" => UpstreamScalar.Char,
        "DateTime" => UpstreamScalar.DateTime,
        "DateTimeOffset" => UpstreamScalar.DateTimeOffset,
        "DateOnly" => UpstreamScalar.DateOnly,
        "TimeOnly" => UpstreamScalar.TimeOnly,
        "TimeSpan" => UpstreamScalar.TimeSpan,
        "Guid" => UpstreamScalar.Guid,
        "bool" or "Boolean" => UpstreamScalar.Boolean,
        _ => UpstreamScalar.Any,
    };

    /// <summary>The JSON a scalar is written as: a number, a string, true or false, or (for <see cref="UpstreamScalar.Any"/>) any of them.</summary>
    public static UpstreamToken TokenOf(UpstreamScalar scalar) => scalar switch
    {
        >= UpstreamScalar.Byte and <= UpstreamScalar.Decimal => UpstreamToken.Number,
        >= UpstreamScalar.String and <= UpstreamScalar.Guid => UpstreamToken.String,
        UpstreamScalar.Boolean => UpstreamToken.Boolean,
        _ => UpstreamToken.Any,
    };

    /// <summary>The CLR type a sortable or filterable field's argument values are converted to; null when unknown.</summary>
    public static Type? ClrType(string typeName) => typeName.TrimEnd('?') switch
    {
        "int" or "Int32" => typeof(int),
        "long" or "Int64" => typeof(long),
        "short" or "Int16" => typeof(short),
        "double" or "Double" => typeof(double),
        "float" or "Single" => typeof(float),
        "decimal" or "Decimal" => typeof(decimal),
        "bool" or "Boolean" => typeof(bool),
        "string" or "String" => typeof(string),
        "DateTime" => typeof(DateTime),
        "DateTimeOffset" => typeof(DateTimeOffset),
        "DateOnly" => typeof(DateOnly),
        "Guid" => typeof(Guid),
        _ => null,
    };

    internal static string ElementName(string typeName)
    {
        int open = typeName.IndexOf('<', StringComparison.Ordinal);
        if (open >= 0 && typeName.EndsWith('>'))
        {
            return typeName[(open + 1)..^1];
        }

        return typeName.EndsWith("[]", StringComparison.Ordinal) ? typeName[..^2] : typeName;
    }
}

/// <summary>The JSON token an <see cref="UpstreamScalar"/> is written as.</summary>
internal enum UpstreamToken
{
    Any,
    Number,
    String,
    Boolean,
}
