using System.Text;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>The gateway's names for what an OpenAPI document names: types in PascalCase, root fields in camelCase.</summary>
internal static class OpenApiNames
{
    /// <summary>A component schema's name as a GraphQL type name: <c>shipment-status</c> is <c>ShipmentStatus</c>.</summary>
    /// <exception cref="OpenApiRefusal">Nothing of it is a name.</exception>
    public static string TypeName(string id, string at) =>
        Pascal(id) is { Length: > 0 } name && SelectionParser.IsValidFieldName(name)
            ? name
            : throw new OpenApiRefusal($"{at}: the schema name '{id}' cannot be made a GraphQL type name.");

    /// <summary>An operationId as a root field name: <c>GetShipment</c> and <c>get-shipment</c> are <c>getShipment</c>.</summary>
    public static string FieldName(string operationId)
    {
        string pascal = Pascal(operationId);
        return pascal.Length == 0 ? pascal : char.ToLowerInvariant(pascal[0]) + pascal[1..];
    }

    /// <summary>
    /// Letters and digits kept, each run after a character that is not one starting with a capital
    /// (<c>tracking_events</c> is <c>TrackingEvents</c>, <c>Shipment</c> stays).
    /// </summary>
    public static string Pascal(string text)
    {
        var name = new StringBuilder(text.Length);
        bool upper = true;
        foreach (char c in text)
        {
            if (!char.IsAsciiLetterOrDigit(c))
            {
                upper = true;
                continue;
            }

            name.Append(upper ? char.ToUpperInvariant(c) : c);
            upper = false;
        }

        return name.Length > 0 && char.IsAsciiDigit(name[0]) ? "_" + name : name.ToString();
    }
}
