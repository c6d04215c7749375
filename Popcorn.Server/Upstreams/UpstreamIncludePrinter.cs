using System.Globalization;
using System.Text;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Prints what the gateway sends a Popcorn service for one root field: the canonical include of exactly the part of the
/// compiled plan it owns, <c>[employees(first: 2)[id,boss:manager[email]]]</c>, with the root's arguments. The plan has
/// settled wildcards, defaults, fragments, directives and variables already, so the service gets explicit fields only,
/// in the order the gateway writes them, and its plan cache hits for every spelling of the same selection.
/// </summary>
internal static class UpstreamIncludePrinter
{
    /// <summary>
    /// The selection for root field <paramref name="upstreamName"/>, or null with <paramref name="error"/> when the plan
    /// cannot be sent as a finite selection (a deep wildcard over a cyclic type).
    /// </summary>
    public static string? Print(string upstreamName, IReadOnlyDictionary<string, object?> arguments, SelectionPlan plan, int maxDepth, out string? error)
    {
        error = null;
        var text = new StringBuilder("[").Append(upstreamName);
        var printed = new List<string>();
        foreach (var (name, value) in arguments)
        {
            if (value is not null)
            {
                printed.Add(name + ": " + Literal(value));
            }
        }

        if (plan.Arguments is { } listArguments)
        {
            printed.Add(listArguments.Text);
        }

        if (printed.Count > 0)
        {
            text.Append('(').AppendJoin(", ", printed).Append(')');
        }

        if (!Append(text, plan, depth: 1, maxDepth))
        {
            error = $"The selection goes deeper than {maxDepth} levels into a type of an upstream service; name the fields instead of using a deep wildcard.";
            return null;
        }

        return text.Append(']').ToString();
    }

    private static bool Append(StringBuilder text, SelectionPlan plan, int depth, int maxDepth)
    {
        if (depth > maxDepth)
        {
            return false;
        }

        text.Append('[');
        bool first = true;
        foreach (var planned in plan.Fields)
        {
            if (planned.Field is not { } field)
            {
                continue; // __typename: the gateway writes its own type name
            }

            if (!first)
            {
                text.Append(',');
            }

            first = false;
            if (planned.OutputName != field.WireName)
            {
                text.Append(planned.OutputName).Append(':');
            }

            text.Append(field.WireName);
            if (planned.Arguments is { } arguments)
            {
                text.Append('(').Append(arguments.Text).Append(')');
            }

            if (planned.Child is { } child && !Append(text, child, depth + 1, maxDepth))
            {
                return false;
            }
        }

        // An object selected for __typename alone still needs one field from the service (which the transcoder reads
        // and drops: it writes only the planned keys), or the service would apply its defaults.
        if (first && plan.Type.SelectableFields.Count > 0)
        {
            text.Append(plan.Type.SelectableFields[0].WireName);
        }

        text.Append(']');
        return true;
    }

    /// <summary>A bound root argument as a GraphQL literal.</summary>
    private static string Literal(object value) => value switch
    {
        bool b => b ? "true" : "false",
        string s => JsonSerializer.Serialize(s, UpstreamJsonContext.Default.String),
        UpstreamEnumValue e => e.Name,
        Guid g => "\"" + g.ToString() + "\"",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => JsonSerializer.Serialize(value.ToString(), UpstreamJsonContext.Default.String),
    };
}

/// <summary>An enum value given for an upstream root field's argument, forwarded as the enum literal it was.</summary>
internal sealed record UpstreamEnumValue(string Name);

/// <summary>System.Text.Json metadata for the few values the upstream code serializes (trim-safe).</summary>
[System.Text.Json.Serialization.JsonSerializable(typeof(string))]
internal sealed partial class UpstreamJsonContext : System.Text.Json.Serialization.JsonSerializerContext;
