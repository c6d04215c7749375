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
    /// cannot be sent as a finite selection (a deep wildcard over a cyclic type). Joined fields (<paramref name="catalog"/>'s
    /// joins) are left out and their keys put in; <paramref name="joins"/> then says where they are and what their
    /// services are sent, and is null when the plan selects none. With <paramref name="connection"/> (the service's Relay
    /// connection beside the list) the list is asked for as that connection's nodes, under the list's own name, with the
    /// page's end cursor: <c>[errands:errandsConnection(first: 2, orderBy: {...})[edges[node[id]],pageInfo[endCursor,hasNextPage]]]</c>
    /// (<see cref="UpstreamConnectionPage"/> turns the answer back into the list).
    /// </summary>
    public static string? Print(string upstreamName, IReadOnlyDictionary<string, object?> arguments, SelectionPlan plan, int maxDepth, UpstreamCatalog catalog, out UpstreamJoinPlan? joins, out string? error, string? connection = null)
    {
        error = null;
        joins = null;
        var text = new StringBuilder("[").Append(upstreamName);
        if (connection is not null)
        {
            text.Append(':').Append(connection);
        }

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

        if (connection is not null)
        {
            text.Append("[edges[node");
        }

        var printing = new Printing(catalog, new UpstreamJoinPlan(), maxDepth);
        if (!printing.Append(text, plan, depth: 1, extraKey: null, out _))
        {
            error = $"The selection goes deeper than {maxDepth} levels into a type of an upstream service; name the fields instead of using a deep wildcard.";
            return null;
        }

        if (connection is not null)
        {
            text.Append("],").Append(UpstreamConnectionPage.PageInfoSelection).Append(']');
        }

        joins = printing.Joins.IsEmpty ? null : printing.Joins;
        return text.Append(']').ToString();
    }

    private sealed class Printing(UpstreamCatalog catalog, UpstreamJoinPlan joins, int maxDepth)
    {
        public UpstreamJoinPlan Joins { get; } = joins;

        /// <summary>
        /// Appends <paramref name="plan"/>'s selection; with <paramref name="extraKey"/> (a join's target key) that field
        /// too, under the name given in <paramref name="extraKeyAlias"/>.
        /// </summary>
        public bool Append(StringBuilder text, SelectionPlan plan, int depth, FieldMetadata? extraKey, out string? extraKeyAlias)
        {
            extraKeyAlias = null;
            if (depth > maxDepth)
            {
                return false;
            }

            text.Append('[');
            bool first = true;
            JoinSite?[]? sites = null;
            List<(string Alias, FieldMetadata Key)>? keys = null;
            for (int i = 0; i < plan.Fields.Length; i++)
            {
                var planned = plan.Fields[i];
                if (planned.Field is not { } field)
                {
                    continue; // __typename: the gateway writes its own type name
                }

                if (catalog.JoinOf(field) is { } join)
                {
                    // Another service answers it: the parent's service is sent the key instead.
                    keys ??= new();
                    string alias = KeyAlias(plan, join.Key);
                    int slot = keys.FindIndex(k => k.Alias == alias);
                    if (slot < 0)
                    {
                        slot = keys.Count;
                        keys.Add((alias, join.Key));
                    }

                    var selection = new StringBuilder();
                    if (!Append(selection, planned.Child!, depth + 1, join.TargetKey, out string? targetKeyAlias))
                    {
                        return false;
                    }

                    sites ??= new JoinSite?[plan.Fields.Length];
                    sites[i] = new JoinSite(join, planned, slot, selection.ToString(), targetKeyAlias!);
                    continue;
                }

                Separate(text, ref first);
                if (planned.OutputName != field.WireName)
                {
                    text.Append(planned.OutputName).Append(':');
                }

                text.Append(field.WireName);
                if (planned.Arguments is { } arguments)
                {
                    text.Append('(').Append(arguments.Text).Append(')');
                }

                if (planned.Child is { } child && !Append(text, child, depth + 1, extraKey: null, out _))
                {
                    return false;
                }
            }

            foreach (var (alias, key) in keys ?? [])
            {
                AppendKey(text, plan, alias, key, ref first);
            }

            if (extraKey is not null)
            {
                extraKeyAlias = KeyAlias(plan, extraKey);
                AppendKey(text, plan, extraKeyAlias, extraKey, ref first);
            }

            // An object selected for __typename alone still needs one field from the service (which the transcoder reads
            // and drops: it writes only the planned keys), or the service would apply its defaults.
            if (first && plan.Type.SelectableFields.Count > 0)
            {
                text.Append(plan.Type.SelectableFields[0].WireName);
            }

            if (sites is not null)
            {
                Joins.Add(plan, new PlanJoins(sites, keys!.Select(k => k.Alias).ToArray()));
            }

            text.Append(']');
            return true;
        }

        /// <summary>Puts a key in unless the client's selection already has it, unaliased, under the same name.</summary>
        private static void AppendKey(StringBuilder text, SelectionPlan plan, string alias, FieldMetadata key, ref bool first)
        {
            if (SelectsPlainly(plan, key))
            {
                return;
            }

            Separate(text, ref first);
            if (alias != key.WireName)
            {
                text.Append(alias).Append(':');
            }

            text.Append(key.WireName);
        }

        /// <summary>
        /// The name the service sends <paramref name="key"/> under: its own, unless the client's selection gives that name
        /// to something else (an alias), then the first of <c>key_</c>, <c>key__</c>, … that it does not use.
        /// </summary>
        private static string KeyAlias(SelectionPlan plan, FieldMetadata key)
        {
            if (SelectsPlainly(plan, key))
            {
                return key.WireName;
            }

            string alias = key.WireName;
            while (Uses(plan, alias))
            {
                alias += "_";
            }

            return alias;
        }

        private static bool SelectsPlainly(SelectionPlan plan, FieldMetadata key)
        {
            foreach (var planned in plan.Fields)
            {
                if (ReferenceEquals(planned.Field, key) && planned.OutputName == key.WireName && planned.Arguments is null)
                {
                    return true;
                }
            }

            return false;
        }

        private static bool Uses(SelectionPlan plan, string outputName)
        {
            foreach (var planned in plan.Fields)
            {
                if (planned.OutputName == outputName)
                {
                    return true;
                }
            }

            return false;
        }

        private static void Separate(StringBuilder text, ref bool first)
        {
            if (!first)
            {
                text.Append(',');
            }

            first = false;
        }
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
