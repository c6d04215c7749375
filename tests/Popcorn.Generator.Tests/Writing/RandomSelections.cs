using System.Text;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>Random include selections built from metadata: subsets, aliases, removals, wildcards, nesting.</summary>
internal sealed class RandomSelections(int seed)
{
    private static readonly string[] s_wildcards = ["!all", "!default", "!full"];
    private readonly Random _random = new(seed);
    private int _aliases;

    public string Next(TypeMetadata type)
    {
        _aliases = 0;
        var text = new StringBuilder();
        AppendLevel(type, text, depth: 0);
        return text.ToString();
    }

    private void AppendLevel(TypeMetadata type, StringBuilder text, int depth)
    {
        var items = new List<string>();
        var fields = type.SelectableFields;
        if (_random.Next(4) == 0)
        {
            items.Add(s_wildcards[_random.Next(s_wildcards.Length)]);
        }

        foreach (var field in fields)
        {
            int roll = _random.Next(10);
            if (roll < 4)
            {
                continue;
            }

            if (roll == 4 && items.Count > 0)
            {
                items.Add("-" + field.WireName);
                continue;
            }

            var item = new StringBuilder();
            if (roll == 5)
            {
                item.Append("alias").Append(_aliases++).Append(':');
            }

            item.Append(field.WireName);
            if (field.ElementType is { } element && depth < 3 && _random.Next(3) > 0)
            {
                AppendLevel(element, item, depth + 1);
            }

            items.Add(item.ToString());
            if (roll == 6 && field.ElementType is null)
            {
                // The same field again under another key.
                items.Add($"alias{_aliases++}:{field.WireName}");
            }
        }

        if (_random.Next(8) == 0)
        {
            items.Add("__typename");
        }

        if (items.Count == 0)
        {
            items.Add(fields.Count > 0 ? fields[_random.Next(fields.Count)].WireName : "__typename");
        }

        text.Append('[').Append(string.Join(",", items)).Append(']');
    }
}
