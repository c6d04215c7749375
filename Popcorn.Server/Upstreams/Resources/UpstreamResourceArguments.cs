using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// Binds an upstream root field's own arguments (its resolver's, e.g. <c>customer(id: Int!)</c>) for a REST resource
/// from the request, as Minimal APIs bind a local handler's parameters: by name, from the route values first, then the
/// query string (<c>/api/customers/{id}</c> or <c>/api/customer?id=3</c>). <c>Int</c>, <c>Float</c> and <c>Boolean</c>
/// are parsed (invariant culture); every other named type (<c>String</c>, <c>ID</c>, custom scalars, enums) is sent as
/// the text. A list argument cannot be written in a URL, so it is never bound (a required one stops the app at startup).
/// </summary>
internal static class UpstreamResourceArguments
{
    private static readonly IReadOnlyDictionary<string, object?> s_none = new Dictionary<string, object?>();

    /// <summary>Whether a resource can give an argument of GraphQL type <paramref name="type"/> (<c>Int!</c>, <c>[Int!]</c>).</summary>
    public static bool CanBind(string type) => !type.StartsWith('[');

    /// <summary>The arguments found in the request, or false with the detail of a 400 when one is missing or malformed.</summary>
    public static bool TryBind(HttpRequest request, string selectionParameter, IReadOnlyList<(string Name, string Type)> declared, [NotNullWhen(true)] out IReadOnlyDictionary<string, object?>? bound, [NotNullWhen(false)] out string? error)
    {
        bound = s_none;
        error = null;
        Dictionary<string, object?>? found = null;
        foreach (var (name, type) in declared)
        {
            bool required = type.EndsWith('!');
            string? text = Read(request, name, selectionParameter);
            if (text is null || !CanBind(type))
            {
                if (required)
                {
                    error = $"This resource needs '{name}' ({type}): give it in the route or as '?{name}='.";
                    bound = null;
                    return false;
                }

                continue;
            }

            if (!TryParse(text, type.TrimEnd('!'), out object? value))
            {
                error = $"'{name}' must be {Article(type.TrimEnd('!'))}; '{text}' is not.";
                bound = null;
                return false;
            }

            (found ??= new(StringComparer.Ordinal))[name] = value;
        }

        bound = found ?? s_none;
        return true;
    }

    private static string? Read(HttpRequest request, string name, string selectionParameter)
    {
        if (request.RouteValues.TryGetValue(name, out object? routed) && routed is not null)
        {
            return Convert.ToString(routed, CultureInfo.InvariantCulture);
        }

        // The selection's own parameter is never an argument, whatever the service calls its arguments.
        return name != selectionParameter && request.Query.TryGetValue(name, out var values) && values.Count == 1 ? values[0] : null;
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
