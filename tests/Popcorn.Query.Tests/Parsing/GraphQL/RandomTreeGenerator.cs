using System.Globalization;
using System.Text;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// Builds random selection trees that both grammars can express: a removal is a bare name, a
/// wildcard stands alone, names follow the shared name grammar and are never reserved, argument and
/// object-field names are unique within their list, and selection sets are never empty. A type condition never stands
/// directly in one on the same type (the GraphQL-like syntax merges those), nor names <c>T</c> (the round trip through
/// <c>fragment F on T</c> merges those).
/// </summary>
internal sealed class RandomTreeGenerator(int seed)
{
    // Keywords are ordinary names in a selection, so they belong in the pool.
    private static readonly string[] s_names =
    [
        "id", "name", "manager", "a", "B", "_x", "x1", "firstName", "query", "fragment", "on", "true", "null", "mutation", "__typename", "_",
    ];

    private static readonly string[] s_typeNames = ["Manager", "Engineer", "on"];

    private static readonly string[] s_wildcards = [PropertyReference.AllWildcard, PropertyReference.DefaultWildcard, PropertyReference.FullWildcard];

    private readonly Random _random = new(seed);

    public SelectionTree Tree()
    {
        var properties = new PropertyReference[_random.Next(1, 5)];
        for (int i = 0; i < properties.Length; i++)
        {
            properties[i] = Node(depth: 1);
        }

        return new SelectionTree(properties);
    }

    private PropertyReference Node(int depth, string? condition = null)
    {
        int shape = _random.Next(12);
        if (shape == 11 && depth < 5)
        {
            string type = s_typeNames[_random.Next(s_typeNames.Length)];
            if (type != condition)
            {
                var conditioned = new PropertyReference[_random.Next(1, 4)];
                for (int i = 0; i < conditioned.Length; i++)
                {
                    conditioned[i] = Node(depth, type);
                }

                return PropertyReference.TypeConditioned(type, conditioned);
            }
        }

        if (shape == 0)
        {
            return new PropertyReference(s_wildcards[_random.Next(s_wildcards.Length)]);
        }

        if (shape == 1)
        {
            return new PropertyReference(Name(), isNegated: true);
        }

        string? alias = _random.Next(4) == 0 ? Name() : null;
        bool optional = _random.Next(5) == 0;
        var arguments = _random.Next(3) == 0 ? Arguments(depth) : null;
        PropertyReference[]? children = null;
        if (depth < 5 && _random.Next(3) == 0)
        {
            children = new PropertyReference[_random.Next(1, 4)];
            for (int i = 0; i < children.Length; i++)
            {
                children[i] = Node(depth + 1);
            }
        }

        return new PropertyReference(Name(), alias, isNegated: false, optional, children, arguments);
    }

    private QueryArgument[] Arguments(int depth)
    {
        var arguments = new QueryArgument[_random.Next(1, 4)];
        var names = new HashSet<string>();
        for (int i = 0; i < arguments.Length; i++)
        {
            string name;
            do
            {
                name = Name();
            }
            while (!names.Add(name));
            arguments[i] = new QueryArgument(name, Value(depth + 1));
        }

        return arguments;
    }

    private QueryValue Value(int depth)
    {
        int kind = _random.Next(depth < 6 ? 8 : 6);
        switch (kind)
        {
            case 0: return QueryValue.Null;
            case 1: return QueryValue.Boolean(_random.Next(2) == 0);
            case 2: return QueryValue.Int(IntText());
            case 3: return QueryValue.Float(FloatText());
            case 4: return QueryValue.String(StringValue());
            case 5: return QueryValue.Enum(EnumName());
            case 6:
                var items = new QueryValue[_random.Next(0, 4)];
                for (int i = 0; i < items.Length; i++)
                {
                    items[i] = Value(depth + 1);
                }

                return QueryValue.List(items);
            default:
                return QueryValue.Object(Arguments(depth).Take(_random.Next(0, 4)).ToArray());
        }
    }

    private string Name()
    {
        if (_random.Next(3) > 0)
        {
            return s_names[_random.Next(s_names.Length)];
        }

        const string start = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
        const string part = start + "0123456789";
        var builder = new StringBuilder();
        builder.Append(start[_random.Next(start.Length)]);
        int length = _random.Next(0, 12);
        for (int i = 0; i < length; i++)
        {
            builder.Append(part[_random.Next(part.Length)]);
        }

        string name = builder.ToString();
        return name.StartsWith("__", StringComparison.Ordinal) ? "x" + name : name;
    }

    private string EnumName()
    {
        string name = Name();
        return name is "true" or "false" or "null" ? "ACTIVE" : name;
    }

    private string IntText() => _random.Next(6) switch
    {
        0 => "0",
        1 => "-0",
        2 => "12345678901234567890123",
        _ => _random.Next(int.MinValue, int.MaxValue).ToString(CultureInfo.InvariantCulture),
    };

    private string FloatText()
    {
        string integer = _random.Next(3) == 0 ? "0" : _random.Next(1, 100_000).ToString(CultureInfo.InvariantCulture);
        string sign = _random.Next(2) == 0 ? "-" : string.Empty;
        string fraction = _random.Next(3) > 0 ? "." + _random.Next(0, 1000).ToString(CultureInfo.InvariantCulture) : string.Empty;
        string exponent = fraction.Length == 0 || _random.Next(3) == 0
            ? (_random.Next(2) == 0 ? "e" : "E") + new[] { "", "+", "-" }[_random.Next(3)] + _random.Next(0, 400).ToString(CultureInfo.InvariantCulture)
            : string.Empty;
        return sign + integer + fraction + exponent;
    }

    /// <summary>Strings that need every escape: quotes, backslashes, control characters, line breaks, non-ASCII, and surrogate pairs (a lone surrogate is no Unicode scalar value, so no GraphQL string can hold one).</summary>
    private string StringValue()
    {
        const string interesting = "\"\\/\b\f\n\r\t\u0000\u0001\u001f\u007f #{}[](),:$@!.é漢\u2028\uFEFF";
        var builder = new StringBuilder();
        int length = _random.Next(0, 10);
        for (int i = 0; i < length; i++)
        {
            switch (_random.Next(7))
            {
                case 0: builder.Append(interesting[_random.Next(interesting.Length)]); break;
                case 1: builder.Append("😀"); break;
                case 2: builder.Append(char.ConvertFromUtf32(_random.Next(0x10000, 0x110000))); break;
                case 3: builder.Append((char)_random.Next(0x20, 0xD800)); break;
                case 4: builder.Append((char)_random.Next(0xE000, 0xFFFF)); break;
                default: builder.Append((char)_random.Next('a', 'z' + 1)); break;
            }
        }

        return builder.ToString();
    }
}
