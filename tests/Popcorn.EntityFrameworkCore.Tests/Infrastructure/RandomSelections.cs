using System.Text;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Random include selections over the store's metadata, from a fixed seed: subsets of fields, nested selections up
/// to three levels, navigations named without children (their defaults), aliases and <c>!all</c> at the root. A navigation back
/// to a type already on the path is left out, except the self reference, so that the in-memory graph (where every
/// entity is one object) and the projected rows (fresh objects) mean the same JSON. With <c>arguments</c>, list fields
/// get random <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c> (<see cref="RandomArguments"/>, its own random
/// stream, so the selections are the same with and without).
/// </summary>
internal sealed class RandomSelections(int seed, bool arguments = false)
{
    private readonly Random _random = new(seed);
    private readonly RandomArguments? _arguments = arguments ? new RandomArguments(seed + 1) : null;
    private int _aliases;

    public string Next(TypeMetadata root)
    {
        var text = new StringBuilder("[");
        Level(text, root, [root], depth: 0);
        return text.Append(']').ToString();
    }

    private void Level(StringBuilder text, TypeMetadata type, List<TypeMetadata> path, int depth)
    {
        // Only at the root: a nested !all names back references with their defaults (orders[!all] reaches customer).
        if (depth == 0 && _random.Next(10) == 0)
        {
            text.Append("!all");
            return;
        }

        int written = 0;
        foreach (var field in type.SelectableFields)
        {
            var target = field.ElementType;
            bool allowed = target is null || !path.Contains(target) || (target == type && depth < 3);
            if (!allowed || _random.Next(2) == 0)
            {
                continue;
            }

            if (written++ > 0)
            {
                text.Append(',');
            }

            if (_random.Next(8) == 0)
            {
                text.Append('a').Append(_aliases++).Append(':');
            }

            text.Append(field.WireName);
            if (_arguments is not null && field.AcceptsCollectionArguments)
            {
                text.Append(_arguments.Next(field.ElementType!));
            }

            if (target is not null && depth < 3 && _random.Next(3) > 0)
            {
                text.Append('[');
                path.Add(target);
                Level(text, target, path, depth + 1);
                path.RemoveAt(path.Count - 1);
                text.Append(']');
            }
        }

        if (written == 0)
        {
            text.Append(type.SelectableFields[0].WireName);
        }
    }
}
