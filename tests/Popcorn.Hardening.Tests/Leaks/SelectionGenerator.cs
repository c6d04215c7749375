using System.Globalization;
using System.Text;
using Popcorn.Query;

namespace Popcorn.Hardening.Tests.Leaks;

/// <summary>
/// Random selections over the sample domain's real fields, with wildcards (the deep one often), aliases, removals,
/// optional and unknown names, <c>__typename</c>, and, at random places, a <c>[Never]</c> field's name. Rendered in
/// the include syntax or the GraphQL-like one, where parts of a level may move into named or inline fragments and
/// fields may carry <c>@include</c>/<c>@skip</c>.
/// </summary>
internal sealed class SelectionGenerator(Random random, string neverName)
{
    private static readonly string[] s_wildcards = [PropertyReference.FullWildcard, PropertyReference.FullWildcard, PropertyReference.AllWildcard, PropertyReference.DefaultWildcard];
    private static readonly string[] s_unknownNames = ["nickname", "ssn", "secret", "password", "social"];

    /// <summary>How likely an item is to be the [Never] field's name.</summary>
    public double NeverRate { get; init; } = 0.12;

    public IReadOnlyList<Selection> Level(TypeMetadata type, int depth)
    {
        int count = random.Next(1, depth == 1 ? 6 : 4);
        var items = new List<Selection>(count);
        for (int i = 0; i < count; i++)
        {
            items.Add(Item(type, depth));
        }

        return items;
    }

    private Selection Item(TypeMetadata type, int depth)
    {
        if (random.NextDouble() < NeverRate)
        {
            // The [Never] name, any way a client could write it (never as an alias: an alias is the client's own text).
            return random.Next(5) switch
            {
                0 => new Selection(neverName, Negated: true),
                1 => new Selection(neverName, Optional: true),
                2 => new Selection(neverName, Alias: "x" + random.Next(100).ToString(CultureInfo.InvariantCulture)),
                3 when type.Fields.Any(f => f.IsNever) => new Selection(neverName, Children: [new Selection("!all")], ChildType: type),
                _ => new Selection(neverName),
            };
        }

        var selectable = type.SelectableFields;
        int shape = random.Next(20);
        if (shape < 3)
        {
            return new Selection(s_wildcards[random.Next(s_wildcards.Length)]);
        }

        if (shape == 3)
        {
            return new Selection(selectable[random.Next(selectable.Count)].WireName, Negated: true);
        }

        if (shape == 4)
        {
            return new Selection("__typename");
        }

        if (shape == 5)
        {
            return new Selection(s_unknownNames[random.Next(s_unknownNames.Length)], Optional: true);
        }

        var field = selectable[random.Next(selectable.Count)];
        string? alias = random.Next(6) == 0 ? "a" + random.Next(1_000).ToString(CultureInfo.InvariantCulture) : null;
        if (field.ElementType is { } element && depth < 5 && random.Next(3) > 0)
        {
            var children = random.Next(4) == 0 ? [new Selection(PropertyReference.FullWildcard)] : Level(element, depth + 1);
            return new Selection(field.WireName, alias, Children: children, ChildType: element);
        }

        return new Selection(field.WireName, alias);
    }

    public static string ToInclude(IReadOnlyList<Selection> items)
    {
        var builder = new StringBuilder();
        AppendInclude(builder, items);
        return builder.ToString();
    }

    private static void AppendInclude(StringBuilder builder, IReadOnlyList<Selection> items)
    {
        builder.Append('[');
        for (int i = 0; i < items.Count; i++)
        {
            var item = items[i];
            builder.Append(i > 0 ? "," : string.Empty).Append(item.Negated ? "-" : string.Empty).Append(item.Optional ? "?" : string.Empty);
            builder.Append(item.Alias is null ? string.Empty : item.Alias + ":").Append(item.Name);
            if (item.Children is { Count: > 0 } children)
            {
                AppendInclude(builder, children);
            }
        }

        builder.Append(']');
    }

    /// <summary>A GraphQL-like rendering: a body (a selection set) and the fragment definitions it spreads.</summary>
    public (string Body, string Fragments, bool UsesVariable) ToGraphQL(IReadOnlyList<Selection> items, TypeMetadata type)
    {
        var fragments = new StringBuilder();
        bool usesVariable = false;
        int fragmentCount = 0;
        var body = new StringBuilder();
        AppendSet(body, items, type);
        return (body.ToString(), fragments.ToString(), usesVariable);

        void AppendSet(StringBuilder builder, IReadOnlyList<Selection> set, TypeMetadata setType)
        {
            builder.Append('{');
            int i = 0;
            while (i < set.Count)
            {
                int take = random.Next(1, set.Count - i + 1);
                var part = set.Skip(i).Take(take).ToArray();
                i += take;
                switch (random.Next(8))
                {
                    case 0:
                        // A named fragment holding part of this level.
                        string name = "F" + fragmentCount++.ToString(CultureInfo.InvariantCulture);
                        builder.Append(" ...").Append(name);
                        var definition = new StringBuilder();
                        definition.Append("\nfragment ").Append(name).Append(" on ").Append(setType.Name).Append(' ');
                        AppendSet(definition, part, setType);
                        fragments.Append(definition);
                        break;
                    case 1 when random.Next(2) == 0:
                        builder.Append(" ... on ").Append(setType.Name).Append(' ');
                        AppendSet(builder, part, setType);
                        break;
                    case 1:
                        builder.Append(" ... @include(if: $yes) ");
                        usesVariable = true;
                        AppendSet(builder, part, setType);
                        break;
                    default:
                        foreach (var item in part)
                        {
                            AppendField(builder, item);
                        }

                        break;
                }
            }

            builder.Append(" }");
        }

        void AppendField(StringBuilder builder, Selection item)
        {
            builder.Append(' ');
            if (item.IsWildcard)
            {
                builder.Append(item.Name switch
                {
                    PropertyReference.AllWildcard => "__all",
                    PropertyReference.DefaultWildcard => "__default",
                    _ => "__full",
                });
                return;
            }

            builder.Append(item.Alias is null ? string.Empty : item.Alias + ": ").Append(item.Name);
            if (item.Negated)
            {
                builder.Append(" @exclude");
                return;
            }

            if (item.Optional)
            {
                builder.Append(" @optional");
            }

            if (random.Next(10) == 0)
            {
                builder.Append(" @skip(if: false)");
            }

            if (item.Children is { Count: > 0 } children)
            {
                builder.Append(' ');
                AppendSet(builder, children, item.ChildType!);
            }
        }
    }
}
