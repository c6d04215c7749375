namespace Popcorn.Server;

/// <summary>
/// The JSON a scalar field of an upstream type may hold, from the C# type name its schema declares (<c>int?</c>,
/// <c>string</c>, <c>DateTime</c>): a value of another JSON kind breaks the service's declared schema.
/// </summary>
internal enum UpstreamScalar
{
    /// <summary>Any JSON scalar: a type the gateway does not know the JSON of (an enum may be a name or a number).</summary>
    Any,

    Number,

    String,

    Boolean,
}

/// <summary>Reads <see cref="UpstreamScalar"/> from a declared type name.</summary>
internal static class UpstreamScalars
{
    private static readonly HashSet<string> s_numbers = new(StringComparer.Ordinal)
    {
        "int", "long", "short", "byte", "sbyte", "uint", "ulong", "ushort", "double", "float", "decimal",
        "Int32", "Int64", "Int16", "Byte", "SByte", "UInt32", "UInt64", "UInt16", "Double", "Single", "Decimal",
    };

    private static readonly HashSet<string> s_strings = new(StringComparer.Ordinal)
    {
        "string", "String", "char", "Char", "DateTime", "DateTimeOffset", "DateOnly", "TimeOnly", "TimeSpan", "Guid", "Uri",
    };

    /// <summary>What a scalar of <paramref name="typeName"/> (or the elements of a list of them) must be.</summary>
    public static UpstreamScalar Of(string typeName)
    {
        string name = ElementName(typeName).TrimEnd('?');
        return s_numbers.Contains(name) ? UpstreamScalar.Number
            : s_strings.Contains(name) ? UpstreamScalar.String
            : name is "bool" or "Boolean" ? UpstreamScalar.Boolean
            : UpstreamScalar.Any;
    }

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
