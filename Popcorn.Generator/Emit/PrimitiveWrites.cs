using System;
using System.Collections.Generic;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Emit;

/// <summary>
/// The typed <c>Utf8JsonWriter</c> call for a primitive, as a property (<c>writer.WriteNumber(name, v)</c>) or at the
/// current position (<c>writer.WriteNumberValue(v)</c>). One table of method stems serves both forms, as
/// System.Text.Json's emitter does: the named form passes the name, the value form appends <c>Value</c>.
/// </summary>
internal static class PrimitiveWrites
{
    private const string ValueWriter = "global::Popcorn.Query.Generated.PopcornValueWriter";

    /// <summary>One statement writing <paramref name="value"/>, under <paramref name="name"/> when it is not null.</summary>
    public static string Call(PrimitiveKind primitive, string? name, string value)
    {
        var (stem, argument, helper, nullable) = Stem(primitive, value);
        string write = Write(stem, name, argument, helper);
        return nullable
            ? $"if ({value} is null) {Write("Null", name, argument: null, helper: false)}; else {write};"
            : write + ";";
    }

    /// <summary>
    /// The method stem, its value argument, whether the call goes through Popcorn's own helper (for what
    /// <c>Utf8JsonWriter</c> has no overload of) and whether a null reference is written as <c>null</c> first.
    /// </summary>
    private static (string Stem, string Argument, bool Helper, bool Nullable) Stem(PrimitiveKind primitive, string value) => primitive switch
    {
        PrimitiveKind.Boolean => ("Boolean", value, false, false),
        PrimitiveKind.Byte or PrimitiveKind.UInt16 => ("Number", $"(uint){value}", false, false),
        PrimitiveKind.SByte or PrimitiveKind.Int16 => ("Number", $"(int){value}", false, false),
        PrimitiveKind.Int32 or PrimitiveKind.UInt32 or PrimitiveKind.Int64 or PrimitiveKind.UInt64
            or PrimitiveKind.Single or PrimitiveKind.Double or PrimitiveKind.Decimal => ("Number", value, false, false),
        PrimitiveKind.String or PrimitiveKind.Guid or PrimitiveKind.DateTime or PrimitiveKind.DateTimeOffset => ("String", value, false, false),
        PrimitiveKind.Char => ("Char", value, true, false),
        PrimitiveKind.DateOnly or PrimitiveKind.TimeOnly or PrimitiveKind.TimeSpan => (primitive.ToString(), value, true, false),
        PrimitiveKind.Uri => ("String", value + ".OriginalString", false, true),
        PrimitiveKind.ByteArray => ("Base64String", value, false, true),
        _ => throw new InvalidOperationException("Unknown primitive " + primitive),
    };

    private static string Write(string stem, string? name, string? argument, bool helper)
    {
        var arguments = new List<string>(3);
        if (helper)
        {
            arguments.Add("writer");
        }

        if (name is not null)
        {
            arguments.Add(name);
        }

        if (argument is not null)
        {
            arguments.Add(argument);
        }

        string method = (helper ? ValueWriter : "writer") + ".Write" + stem + (name is null ? "Value" : string.Empty);
        return $"{method}({string.Join(", ", arguments)})";
    }
}
