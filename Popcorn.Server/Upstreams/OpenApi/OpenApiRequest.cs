using System.Globalization;
using System.Text;

namespace Popcorn.Server;

/// <summary>
/// How one GET operation of a plain JSON service is called: its path template and which of the root field's arguments
/// go into the path (<c>/shipments/{id}</c>) and which into the query string. Printed once per operation document,
/// with the arguments bound (the planner caches it with the operation).
/// </summary>
internal sealed record OpenApiRequest(string PathTemplate, IReadOnlyList<OpenApiRequestParameter> Parameters)
{
    /// <summary>
    /// True for an operation that answers one object and declares a 404 response (<c>GET /shipments/{id}</c>): a 404 is
    /// then <c>null</c> for the field, without an error, as a Popcorn by-id field answers null for a missing row.
    /// </summary>
    public bool NotFoundIsNull { get; init; }

    /// <summary>
    /// The path and query for <paramref name="arguments"/>, each value escaped; an argument left out or null is not
    /// sent, and a list (an <see cref="IReadOnlyList{T}"/> of scalars) is sent as one pair per element.
    /// </summary>
    public string Print(IReadOnlyDictionary<string, object?> arguments)
    {
        var path = new StringBuilder(PathTemplate);
        char separator = '?';
        var query = new StringBuilder();
        foreach (var parameter in Parameters)
        {
            if (!arguments.TryGetValue(parameter.ArgumentName, out object? value) || value is null)
            {
                continue;
            }

            if (parameter.InPath)
            {
                path.Replace("{" + parameter.Name + "}", Uri.EscapeDataString(Format(value)));
                continue;
            }

            string name = Uri.EscapeDataString(parameter.Name);
            if (value is not IReadOnlyList<object?> list)
            {
                query.Append(separator).Append(name).Append('=').Append(Uri.EscapeDataString(Format(value)));
                separator = '&';
            }
            else if (parameter.JoinsList)
            {
                query.Append(separator).Append(name).Append('=').AppendJoin(',', list.OfType<object>().Select(item => Uri.EscapeDataString(Format(item))));
                separator = '&';
            }
            else
            {
                foreach (object item in list.OfType<object>())
                {
                    query.Append(separator).Append(name).Append('=').Append(Uri.EscapeDataString(Format(item)));
                    separator = '&';
                }
            }
        }

        return path.Append(query).ToString();
    }

    /// <summary>
    /// The first list argument holding more than <paramref name="maxValues"/> values, as an error to send; null when
    /// none does. A list becomes one query pair per value, so a client's long list would become a URL the service
    /// refuses: the bound of an <c>in</c> list (<c>MaxFilterInValues</c>) applies to it too.
    /// </summary>
    public string? RefuseLongList(IReadOnlyDictionary<string, object?> arguments, int maxValues)
    {
        foreach (var parameter in Parameters)
        {
            if (arguments.TryGetValue(parameter.ArgumentName, out object? value) && value is IReadOnlyList<object?> { Count: var count } && count > maxValues)
            {
                return $"Argument '{parameter.ArgumentName}' holds {count} values; at most {maxValues} are accepted.";
            }
        }

        return null;
    }

    private static string Format(object value) => value switch
    {
        bool b => b ? "true" : "false",
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? string.Empty,
    };
}

/// <summary>A path or query parameter of an operation: its name in the document and the root field argument that gives it.</summary>
internal sealed record OpenApiRequestParameter(string Name, string ArgumentName, bool InPath)
{
    /// <summary>For a list declared <c>explode: false</c>: one pair with the elements joined by commas, not one pair per element.</summary>
    public bool JoinsList { get; init; }
}
