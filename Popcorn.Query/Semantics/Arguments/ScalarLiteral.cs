using System.Globalization;

namespace Popcorn.Query;

/// <summary>
/// Converts a <c>where</c> value to a field's CLR type when the plan is compiled, so that a wrong type is a 400 with a
/// position and the typed value is what reaches the database (as a parameter) or the in-memory comparison.
/// </summary>
internal static class ScalarLiteral
{
    /// <summary>Whether a field of <paramref name="type"/> can be filtered by (and so sorted by) at all.</summary>
    public static bool IsComparable(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        return type.IsEnum || type.IsPrimitive || type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime)
            || type == typeof(DateTimeOffset) || type == typeof(DateOnly) || type == typeof(TimeOnly) || type == typeof(TimeSpan)
            || type == typeof(Guid);
    }

    /// <summary>The literal as a value of <paramref name="type"/>; false when it is not one (null is handled by the caller).</summary>
    public static bool TryConvert(QueryValue literal, Type type, out object? value)
    {
        value = null;
        type = Nullable.GetUnderlyingType(type) ?? type;
        string? text = literal.Text;
        if (text is null)
        {
            return false;
        }

        if (type.IsEnum)
        {
            // A member name only, in any case (GraphQL's SHIPPED for C#'s Shipped): Enum.TryParse alone would also take
            // "3" or "1, 2", which are not the enum's literals.
            if (literal.Kind is not (QueryValueKind.Enum or QueryValueKind.String))
            {
                return false;
            }

            string? name = Array.Find(Enum.GetNames(type), candidate => string.Equals(candidate, text, StringComparison.OrdinalIgnoreCase));
            return name is not null && Enum.TryParse(type, name, out value);
        }

        var invariant = CultureInfo.InvariantCulture;
        switch (literal.Kind)
        {
            case QueryValueKind.String when type == typeof(string):
                value = text;
                return true;
            case QueryValueKind.Boolean when type == typeof(bool):
                value = text == "true";
                return true;
            case QueryValueKind.Int or QueryValueKind.Float when IsNumber(type):
                return TryNumber(text, literal.Kind == QueryValueKind.Int, type, out value);
            case QueryValueKind.String:
                // A DateTime is read as UTC (an offset is converted, none means UTC): Npgsql refuses an unspecified
                // kind for timestamptz, and a server's local zone must not change what a query means.
                value = type == typeof(DateTime) && DateTime.TryParse(text, invariant, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out var dateTime) ? dateTime
                    : type == typeof(DateTimeOffset) && DateTimeOffset.TryParse(text, invariant, DateTimeStyles.RoundtripKind, out var offset) ? offset
                    : type == typeof(DateOnly) && DateOnly.TryParse(text, invariant, out var date) ? date
                    : type == typeof(TimeOnly) && TimeOnly.TryParse(text, invariant, out var time) ? time
                    : type == typeof(TimeSpan) && TimeSpan.TryParse(text, invariant, out var span) ? span
                    : type == typeof(Guid) && Guid.TryParse(text, out var guid) ? guid
                    : null;
                return value is not null;
            default:
                return false;
        }
    }

    private static bool IsNumber(Type type) =>
        type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte) || type == typeof(sbyte)
        || type == typeof(uint) || type == typeof(ulong) || type == typeof(ushort)
        || type == typeof(double) || type == typeof(float) || type == typeof(decimal);

    private static bool TryNumber(string text, bool isInt, Type type, out object? value)
    {
        value = null;
        var invariant = CultureInfo.InvariantCulture;
        if (type == typeof(double) || type == typeof(float))
        {
            if (!double.TryParse(text, NumberStyles.Float, invariant, out double real))
            {
                return false;
            }

            value = type == typeof(float) ? (float)real : real;
            return true;
        }

        if (!decimal.TryParse(text, NumberStyles.Float, invariant, out decimal number))
        {
            return false;
        }

        if (type == typeof(decimal))
        {
            value = number;
            return true;
        }

        // An integral field takes only whole numbers in its range: 1.5 or 300 for a byte is a wrong type, not rounded.
        if (!isInt && decimal.Truncate(number) != number)
        {
            return false;
        }

        try
        {
            value = Convert.ChangeType(number, type, invariant);
            return true;
        }
        catch (OverflowException)
        {
            return false;
        }
    }
}
