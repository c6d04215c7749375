using System.Globalization;
using System.Text;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// Valid GraphQL executable documents, as token lists, from a seeded <see cref="Random"/>: one query (named or not)
/// with variables and defaults, fields with aliases, arguments of every value kind and directives, fragment spreads,
/// inline fragments and fragment definitions, joined by white space, commas and comments. Every variable declared is
/// nullable or defaulted and used, every fragment defined is spread exactly where no cycle can form, so that a
/// document the generator makes is one Popcorn accepts as a whole, not only as grammar.
/// </summary>
internal sealed class ExecutableDocumentGenerator(int seed)
{
    private static readonly string[] s_names = ["id", "name", "manager", "reports", "on", "query", "fragment", "true", "a", "_b2", "__typename"];
    private static readonly string[] s_escapes = ["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\uD83D\\uDE00", "\\u{1F600}", "\\u{0041}", "\\u{10FFFF}"];

    private readonly Random _random = new(seed);
    private readonly List<string> _variables = [];
    private readonly List<string> _fragments = [];
    private List<string> _tokens = [];
    private int _depth;

    public Random Random => _random;

    /// <summary>A fresh document as its tokens, in order.</summary>
    public List<string> NextDocument()
    {
        _tokens = [];
        _variables.Clear();
        _fragments.Clear();
        int fragmentCount = _random.Next(3);
        for (int i = 0; i < fragmentCount; i++)
        {
            _fragments.Add("F" + i.ToString(CultureInfo.InvariantCulture));
        }

        int variableCount = _random.Next(3);
        for (int i = 0; i < variableCount; i++)
        {
            _variables.Add("v" + i.ToString(CultureInfo.InvariantCulture));
        }

        bool shorthand = variableCount == 0 && _random.Next(3) == 0;
        if (!shorthand)
        {
            Emit("query");
            if (_random.Next(2) == 0)
            {
                Emit("Q");
            }

            if (variableCount > 0)
            {
                EmitVariableDefinitions();
            }
        }

        // Each variable is used in the operation itself; each fragment is spread there once, and defined after it.
        EmitSelectionSet(usesEverything: true);
        for (int i = 0; i < fragmentCount; i++)
        {
            Emit("fragment", _fragments[i], "on", "T");
            EmitSelectionSet(usesEverything: false);
        }

        return _tokens;
    }

    /// <summary>The tokens joined by ignored text of every kind.</summary>
    public string Join(List<string> tokens)
    {
        var builder = new StringBuilder();
        if (_random.Next(10) == 0)
        {
            builder.Append('\uFEFF');
        }

        foreach (string token in tokens)
        {
            builder.Append(token);
            builder.Append(_random.Next(12) switch
            {
                0 => "\n",
                1 => ", ",
                2 => "\t",
                3 => " # a comment { ( [\n",
                4 => "\r\n",
                _ => " ",
            });
        }

        return builder.ToString();
    }

    private void Emit(params string[] tokens) => _tokens.AddRange(tokens);

    private void EmitVariableDefinitions()
    {
        Emit("(");
        foreach (string variable in _variables)
        {
            Emit("$", variable, ":");
            string type = _random.Next(4) switch
            {
                0 => "Int",
                1 => "String",
                2 => "Boolean",
                _ => "Custom",
            };
            bool isList = _random.Next(3) == 0;
            Emit(isList ? ["[", type, "]"] : [type]);
            if (_random.Next(2) == 0)
            {
                // A non-null variable needs a default, since the test sends no variables; the default fits the type.
                Emit("!", "=");
                if (isList)
                {
                    Emit("[");
                    EmitDefault(type);
                    Emit("]");
                }
                else
                {
                    EmitDefault(type);
                }
            }
        }

        Emit(")");
    }

    private void EmitDefault(string type)
    {
        switch (type)
        {
            case "Int": Emit(IntText()); break;
            case "String": Emit(_random.Next(2) == 0 ? StringText() : BlockStringText()); break;
            case "Boolean": Emit("true"); break;
            default:
                // Any non-null literal: Popcorn cannot know a custom type, so it passes the value as written.
                Emit(new[] { "ACTIVE", "\"x\"", "1.5", "[]" }[_random.Next(4)]);
                break;
        }
    }

    private void EmitSelectionSet(bool usesEverything)
    {
        _depth++;
        Emit("{");
        int count = 1 + _random.Next(3);
        for (int i = 0; i < count; i++)
        {
            EmitSelection();
        }

        if (usesEverything)
        {
            foreach (string variable in _variables)
            {
                Emit("use", "(", "x", ":", "$", variable, ")");
            }

            foreach (string fragment in _fragments)
            {
                Emit("...", fragment);
                EmitDirectives(onField: false);
            }
        }

        Emit("}");
        _depth--;
    }

    private void EmitSelection()
    {
        switch (_random.Next(8))
        {
            case 0 when _depth < 4:
                Emit("...");
                if (_random.Next(2) == 0)
                {
                    Emit("on", "T");
                }

                EmitDirectives(onField: false);
                EmitSelectionSet(usesEverything: false);
                break;
            default:
                EmitField();
                break;
        }
    }

    private void EmitField()
    {
        string name = s_names[_random.Next(s_names.Length)];
        if (_random.Next(4) == 0 && name != "__typename")
        {
            Emit("alias" + _random.Next(9).ToString(CultureInfo.InvariantCulture), ":");
        }

        Emit(name);
        bool isTypeName = name == "__typename";
        if (!isTypeName && _random.Next(3) == 0)
        {
            Emit("(");
            int count = 1 + _random.Next(3);
            for (int i = 0; i < count; i++)
            {
                Emit("arg" + i.ToString(CultureInfo.InvariantCulture), ":");
                EmitValue(constant: false);
            }

            Emit(")");
        }

        EmitDirectives(onField: !isTypeName);
        if (!isTypeName && _depth < 5 && _random.Next(3) == 0)
        {
            EmitSelectionSet(usesEverything: false);
        }
    }

    /// <summary>Popcorn's <c>@optional</c> only on fields, where it applies.</summary>
    private void EmitDirectives(bool onField)
    {
        switch (_random.Next(6))
        {
            case 0: Emit("@", "include", "(", "if", ":", "true", ")"); break;
            case 1: Emit("@", "skip", "(", "if", ":", "false", ")"); break;
            case 2 when onField: Emit("@", "optional"); break;
        }
    }

    private void EmitValue(bool constant, int depth = 0)
    {
        int kind = _random.Next(depth > 2 ? 8 : 10);
        switch (kind)
        {
            case 0: Emit(IntText()); break;
            case 1: Emit(IntText() + "." + _random.Next(100).ToString(CultureInfo.InvariantCulture) + (_random.Next(2) == 0 ? "e-3" : string.Empty)); break;
            case 2: Emit(StringText()); break;
            case 3: Emit(BlockStringText()); break;
            case 4: Emit(_random.Next(2) == 0 ? "true" : "false"); break;
            case 5: Emit("null"); break;
            case 6: Emit(new[] { "ACTIVE", "on", "B_2" }[_random.Next(3)]); break;
            case 7 when !constant && _variables.Count > 0:
                Emit("$", _variables[_random.Next(_variables.Count)]);
                break;
            case 7: Emit("0"); break;
            case 8:
                Emit("[");
                for (int i = _random.Next(3); i > 0; i--)
                {
                    EmitValue(constant, depth + 1);
                }

                Emit("]");
                break;
            default:
                Emit("{");
                int count = _random.Next(3);
                for (int i = 0; i < count; i++)
                {
                    Emit("f" + i.ToString(CultureInfo.InvariantCulture), ":");
                    EmitValue(constant, depth + 1);
                }

                Emit("}");
                break;
        }
    }

    private string IntText() => _random.Next(4) switch
    {
        0 => "0",
        1 => "-" + _random.Next(1, 1000).ToString(CultureInfo.InvariantCulture),
        _ => _random.Next(1, 100000).ToString(CultureInfo.InvariantCulture),
    };

    private string StringText()
    {
        var builder = new StringBuilder("\"");
        for (int i = _random.Next(6); i > 0; i--)
        {
            builder.Append(_random.Next(5) switch
            {
                0 => s_escapes[_random.Next(s_escapes.Length)],
                1 => "é😀",
                2 => "# {",
                _ => "ab",
            });
        }

        return builder.Append('"').ToString();
    }

    private string BlockStringText() => _random.Next(3) switch
    {
        0 => "\"\"\"\n    block\n      indented\n  \"\"\"",
        1 => "\"\"\"say \\\"\"\" \"\" \\n\"\"\"",
        _ => "\"\"\"\"\"\"",
    };
}
