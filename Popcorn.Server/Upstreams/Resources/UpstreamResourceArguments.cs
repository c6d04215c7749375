using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;

namespace Popcorn.Server;

/// <summary>
/// Binds an upstream root field's own arguments (its resolver's, e.g. <c>customer(id: Int!)</c>, or a plain service's
/// operation parameters) for a REST resource from the request, as Minimal APIs bind a local handler's parameters: by
/// name, from the route values first, then the query string (<c>/api/customers/{id}</c> or <c>/api/customer?id=3</c>).
/// <c>Int</c>, <c>Float</c> and <c>Boolean</c> are parsed (invariant culture); every other named type (<c>String</c>,
/// <c>ID</c>, custom scalars, enums) is sent as the text. A list argument takes the parameter repeated, one element each
/// (<c>?orderId=3&amp;orderId=5</c>), as Minimal APIs bind an array; a single-valued one given twice is refused rather
/// than one of the values picked.
/// </summary>
internal static class UpstreamResourceArguments
{
    private static readonly IReadOnlyDictionary<string, object?> s_none = new Dictionary<string, object?>();

    /// <summary>The arguments found in the request, or false with the detail of a 400 when one is missing or malformed.</summary>
    public static bool TryBind(HttpRequest request, string selectionParameter, IReadOnlyList<(string Name, string Type)> declared, [NotNullWhen(true)] out IReadOnlyDictionary<string, object?>? bound, [NotNullWhen(false)] out string? error)
    {
        bound = null;
        Dictionary<string, object?>? found = null;
        foreach (var (name, type) in declared)
        {
            bool isList = type.StartsWith('[');
            string element = isList ? type.TrimEnd('!')[1..^1].TrimEnd('!') : type.TrimEnd('!');
            var texts = Read(request, name, selectionParameter);
            if (texts.Count == 0)
            {
                if (type.EndsWith('!'))
                {
                    error = $"This resource needs '{name}' ({type}): give it in the route or as '?{name}='{(isList ? ", once per element" : string.Empty)}.";
                    return false;
                }

                continue;
            }

            if (!isList && texts.Count > 1)
            {
                error = $"'{name}' is given {texts.Count} times; it takes one value.";
                return false;
            }

            var values = new object?[texts.Count];
            for (int i = 0; i < values.Length; i++)
            {
                if (!TryParse(texts[i]!, element, out values[i]))
                {
                    error = (isList ? $"Each '{name}'" : $"'{name}'") + $" must be {Article(element)}; '{texts[i]}' is not.";
                    return false;
                }
            }

            (found ??= new(StringComparer.Ordinal))[name] = isList ? values : values[0];
        }

        bound = found ?? s_none;
        error = null;
        return true;
    }

    /// <summary>The route value, else every value of the query parameter; none for the selection's own parameter.</summary>
    private static StringValues Read(HttpRequest request, string name, string selectionParameter)
    {
        if (request.RouteValues.TryGetValue(name, out object? routed) && routed is not null)
        {
            return Convert.ToString(routed, CultureInfo.InvariantCulture);
        }

        // The selection's own parameter is never an argument, whatever the service calls its arguments.
        return name != selectionParameter && request.Query.TryGetValue(name, out var values) ? values : StringValues.Empty;
    }

    private static bool TryParse(string text, string type, out object? value)
    {
        switch (type)
        {
            case "Int":
                bool isInt = int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int number);
                value = number;
                return isInt;
            case "Float":
                bool isFloat = double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double real) && double.IsFinite(real);
                value = real;
                return isFloat;
            case "Boolean":
                bool isBoolean = bool.TryParse(text, out bool flag);
                value = flag;
                return isBoolean;
            default:
                value = text;
                return true;
        }
    }

    private static string Article(string type) => type switch
    {
        "Int" => "an Int (a whole number)",
        "Float" => "a Float (a number)",
        "Boolean" => "a Boolean (true or false)",
        _ => "a " + type,
    };
}
