using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Popcorn.Server;

/// <summary>
/// The date and time scalars as inputs (docs/graphql-syntax.md, "Enums and dates"): which C# type each one is, and
/// whether a client's value is one. A value is one exactly when System.Text.Json reads it as that type (its own
/// reader, through source-generated metadata: no reflection), so every date string a document sent when these inputs
/// were <c>String</c> is read as it was; a value it cannot read is refused before any resolver runs, in the words
/// graphql-js's built-in scalars use.
/// </summary>
internal static class DateScalars
{
    /// <summary>The scalar a C# <see cref="DateTimeOffset"/> is.</summary>
    public const string DateTime = "DateTime";

    /// <summary>The scalar a C# <see cref="System.DateTime"/> is: ISO 8601, with or without an offset.</summary>
    public const string IsoDateTime = "IsoDateTime";

    /// <summary>The scalar a C# <see cref="DateOnly"/> is.</summary>
    public const string LocalDate = "LocalDate";

    /// <summary>The scalar a C# <see cref="TimeOnly"/> is.</summary>
    public const string LocalTime = "LocalTime";

    /// <summary>The scalar of <paramref name="type"/> (or of its <c>Nullable&lt;T&gt;</c>'s underlying type); null when it is not a date or time.</summary>
    public static string? NameOf(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        return type == typeof(DateTimeOffset) ? DateTime
            : type == typeof(System.DateTime) ? IsoDateTime
            : type == typeof(DateOnly) ? LocalDate
            : type == typeof(TimeOnly) ? LocalTime
            : null;
    }

    /// <summary>
    /// True when <paramref name="value"/>, not a value of <paramref name="scalar"/>, is still a date string the filter
    /// compiler reads as the field's type (with <c>DateTime.TryParse</c> and its siblings, invariant culture, which take
    /// more than System.Text.Json: <c>"01/05/2026"</c>, <c>"2026-01-05 09:00"</c>): the form a date field's comparison
    /// took when it was <c>StringComparison</c>, accepted there with a deprecation warning.
    /// </summary>
    public static bool IsLegacyFilterValue(string scalar, Popcorn.Query.QueryValue value)
    {
        var type = scalar switch
        {
            DateTime => typeof(DateTimeOffset),
            IsoDateTime => typeof(System.DateTime),
            LocalDate => typeof(DateOnly),
            LocalTime => typeof(TimeOnly),
            _ => null,
        };
        return type is not null && value.Kind == Popcorn.Query.QueryValueKind.String && Popcorn.Query.ScalarLiteral.TryConvert(value, type, out _);
    }

    /// <summary>The warning for a legacy date string in a comparison: the form to send instead.</summary>
    public static string LegacyFilterValueWarning(string text, string scalar) =>
        $"Comparing a {scalar} field with \"{GraphQLError.Quote(text)}\" is deprecated: it is not a valid {scalar} ({What(scalar)} in ISO 8601, e.g. {Example(scalar)}).";

    /// <summary>True for the name of one of these scalars.</summary>
    public static bool IsDateScalar(string name) => name is DateTime or IsoDateTime or LocalDate or LocalTime;

    /// <summary>
    /// Why <paramref name="text"/> (a string value; null for a value of another kind, shown as <paramref name="shown"/>)
    /// is not a value of <paramref name="scalar"/>, in graphql-js's built-in scalars' words; null when it is one.
    /// </summary>
    public static string? Error(string scalar, string? text, string shown)
    {
        if (text is null)
        {
            return $"{scalar} cannot represent a non string value: {shown}";
        }

        return TryRead(scalar, text, out _) ? null : $"{scalar} cannot represent an invalid {What(scalar)} string: {shown}";
    }

    /// <summary>The value of <paramref name="text"/> as the scalar's C# type, read as System.Text.Json reads it.</summary>
    public static bool TryRead(string scalar, string text, out object? value)
    {
        value = null;
        byte[] json = JsonSerializer.SerializeToUtf8Bytes(text, PopcornServerJsonContext.Default.String);
        try
        {
            value = scalar switch
            {
                DateTime => Read(json, PopcornServerJsonContext.Default.DateTimeOffset),
                IsoDateTime => Read(json, PopcornServerJsonContext.Default.DateTime),
                LocalDate => Read(json, PopcornServerJsonContext.Default.DateOnly),
                LocalTime => Read(json, PopcornServerJsonContext.Default.TimeOnly),
                _ => null,
            };
        }
        catch (JsonException)
        {
            return false;
        }

        return value is not null;
    }

    private static object Read<T>(byte[] json, JsonTypeInfo<T> info) where T : struct => JsonSerializer.Deserialize(json, info);

    private static string What(string scalar) => scalar switch
    {
        LocalDate => "date",
        LocalTime => "time",
        _ => "date-time",
    };

    private static string Example(string scalar) => scalar switch
    {
        DateTime => "\"2026-01-05T09:00:00+00:00\"",
        LocalDate => "\"2026-01-05\"",
        LocalTime => "\"09:00:00\"",
        _ => "\"2026-01-05T09:00:00\"",
    };
}
