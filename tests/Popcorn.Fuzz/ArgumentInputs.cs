using System.Globalization;
using System.Text;
using System.Text.Json;

namespace Popcorn.Fuzz;

/// <summary>
/// Seeded inputs for the argument fuzzer: a list field's <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>/<c>after</c>
/// with random literals in both syntaxes, and at <c>/graphql</c>'s syntax random variables: ill-typed values, nulls
/// everywhere, numbers out of every range, dates that do not parse, unknown and hidden fields, repeated sort keys,
/// wrong shapes, deep and wide filters. Input <c>i</c> of a run is built from <c>(seed, i)</c> alone, so a finding replays.
/// </summary>
public static class ArgumentInputs
{
    private static readonly string[] s_operators = ["eq", "neq", "gt", "gte", "lt", "lte", "in", "like", "and", "or"];
    private static readonly string[] s_enums = ["ASC", "DESC", "SHIPPED", "Open", "cancelled", "CLOSED", "true", "null", "NaN"];
    private static readonly string[] s_strings =
    [
        "", "a1", "B3", "2026-01-03T00:00:00Z", "2026-01-03", "2026-13-45", "12:30", "25:61", "1.02:03:04", "00000001-0000-0000-0000-000000000000",
        "not-a-guid", "Shipped", "SHIPPED", "x' OR '1'='1", "\\u0000", "\ud800", "1e400", "-0", "NaN", "Infinity", "9223372036854775808",
    ];
    private static readonly string[] s_numbers =
    [
        "0", "1", "-1", "3", "255", "256", "32767", "32768", "-32769", "2147483647", "2147483648", "-2147483649", "9223372036854775807",
        "9223372036854775808", "1.5", "-0.0", "1e10", "1e400", "-1e400", "0.0000001", "79228162514264337593543950336", "1000", "1001",
    ];
    private static readonly string[] s_variableTypes = ["Int", "Int!", "Float", "String", "Boolean", "[Int]", "[String]", "RowFilter", "[RowSort!]", "RowSort", "ID", "Unknown"];

    /// <summary>Input <paramref name="index"/> of the run with <paramref name="seed"/>.</summary>
    public static FuzzCase Build(int seed, long index)
    {
        var random = new Random(unchecked((seed * 1_000_003) ^ (int)index ^ (int)(index >> 32)));
        var builder = new Builder(random);
        string arguments = builder.Arguments();
        string text = random.Next(3) switch
        {
            0 => $"[rows({arguments})[id,name]]",
            1 => $"{{ rows({arguments}) {{ id name }} }}",
            _ => builder.Variables.Count == 0 ? $"{{ rows({arguments}) {{ id }} }}" : $"query({string.Join(", ", builder.Variables.Select(v => $"${v.Name}: {v.Type}"))}) {{ rows({arguments}) {{ id }} }}",
        };
        var variables = builder.Variables.Count == 0 ? default : JsonDocument.Parse(builder.VariablesJson()).RootElement.Clone();
        return new FuzzCase(index, text, variables, null, ArgumentModel.Holder);
    }

    private sealed class Builder(Random random)
    {
        public List<(string Name, string Type, string Json)> Variables { get; } = [];

        public string Arguments()
        {
            var parts = new List<string>();
            int count = random.Next(1, 5);
            for (int i = 0; i < count; i++)
            {
                parts.Add(random.Next(12) switch
                {
                    0 or 1 => "first: " + Value(0),
                    2 => "skip: " + Value(0),
                    3 or 4 or 5 => "orderBy: " + OrderBy(),
                    6 or 7 or 8 or 9 => "where: " + Filter(0),
                    10 => "after: " + Value(0),
                    _ => Pick(["last", "before", "frist", "where", "orderBy"]) + ": " + Value(0),
                });
            }

            return string.Join(random.Next(2) == 0 ? ", " : " ", parts);
        }

        private string OrderBy()
        {
            string Key() => $"{FieldName()}: {(random.Next(6) == 0 ? Value(1) : Pick(["ASC", "DESC"]))}";
            if (random.Next(8) == 0)
            {
                return Variable(random.Next(2) == 0 ? "[RowSort!]" : "RowSort", SortJson());
            }

            return random.Next(2) == 0
                ? "{" + string.Join(", ", Enumerable.Range(0, random.Next(0, 4)).Select(_ => Key())) + "}"
                : "[" + string.Join(", ", Enumerable.Range(0, random.Next(0, 5)).Select(_ => random.Next(10) == 0 ? Value(1) : "{" + Key() + "}")) + "]";
        }

        private string Filter(int depth)
        {
            if (random.Next(10) == 0)
            {
                return Variable("RowFilter", FilterJson(depth));
            }

            if (depth > 3 || random.Next(12) == 0)
            {
                return Value(depth + 1);
            }

            var entries = new List<string>();
            for (int i = random.Next(0, 4); i > 0; i--)
            {
                entries.Add(random.Next(6) switch
                {
                    0 => $"{Pick(["and", "or"])}: [{string.Join(", ", Enumerable.Range(0, random.Next(0, 4)).Select(_ => Filter(depth + 1)))}]",
                    1 => $"{FieldName()}: {Value(depth + 1)}",
                    _ => $"{FieldName()}: {{{string.Join(", ", Enumerable.Range(0, random.Next(0, 3)).Select(_ => $"{Pick(s_operators)}: {(random.Next(4) == 0 ? "[" + string.Join(", ", Enumerable.Range(0, random.Next(0, 5)).Select(_ => Value(depth + 2))) + "]" : Value(depth + 2))}"))}}}",
                });
            }

            return "{" + string.Join(", ", entries) + "}";
        }

        private string Value(int depth) => random.Next(depth > 3 ? 7 : 10) switch
        {
            0 or 1 => Pick(s_numbers),
            2 or 3 => JsonSerializer.Serialize(Pick(s_strings)),
            4 => Pick(["true", "false", "null"]),
            5 => Pick(s_enums),
            6 => Variable(Pick(s_variableTypes), ScalarJson()),
            7 => "[" + string.Join(", ", Enumerable.Range(0, random.Next(0, 4)).Select(_ => Value(depth + 1))) + "]",
            8 => "{" + string.Join(", ", Enumerable.Range(0, random.Next(0, 3)).Select(_ => $"{FieldName()}: {Value(depth + 1)}")) + "}",
            _ => "null",
        };

        private string FieldName() => random.Next(10) switch
        {
            0 => Pick(["unknown", "Id", "rows", "and", "or", "__typename", "secret"]),
            _ => Pick(ArgumentModel.FieldNames),
        };

        /// <summary>A <c>$vN</c> reference, declared with <paramref name="type"/> and given <paramref name="json"/> (sometimes left out, so the variable is missing).</summary>
        private string Variable(string type, string json)
        {
            string name = "v" + Variables.Count.ToString(CultureInfo.InvariantCulture);
            Variables.Add((name, type, random.Next(8) == 0 ? "" : json));
            return "$" + name;
        }

        private string ScalarJson() => random.Next(8) switch
        {
            0 or 1 => Pick(s_numbers),
            2 or 3 => JsonSerializer.Serialize(Pick(s_strings)),
            4 => Pick(["true", "false", "null"]),
            5 => "[" + string.Join(",", Enumerable.Range(0, random.Next(0, 6)).Select(_ => random.Next(3) == 0 ? "null" : Pick(s_numbers))) + "]",
            6 => "[" + string.Join(",", Enumerable.Range(0, random.Next(0, 3000)).Select(i => i.ToString(CultureInfo.InvariantCulture))) + "]",
            _ => "{\"" + FieldName() + "\":" + Pick(s_numbers) + "}",
        };

        private string SortJson()
        {
            string Key() => "{\"" + FieldName() + "\":" + (random.Next(5) == 0 ? ScalarJson() : JsonSerializer.Serialize(Pick(["ASC", "DESC", "asc", "UP"]))) + "}";
            return random.Next(6) == 0
                ? "[" + string.Join(",", Enumerable.Range(0, random.Next(100, 3000)).Select(_ => Key())) + "]"
                : "[" + string.Join(",", Enumerable.Range(0, random.Next(0, 5)).Select(_ => Key())) + "]";
        }

        private string FilterJson(int depth)
        {
            if (depth > 4 || random.Next(10) == 0)
            {
                return ScalarJson();
            }

            var entries = new List<string>();
            for (int i = random.Next(0, 4); i > 0; i--)
            {
                entries.Add(random.Next(5) switch
                {
                    0 => $"\"{Pick(["and", "or"])}\":[{string.Join(",", Enumerable.Range(0, random.Next(0, random.Next(20) == 0 ? 200 : 4)).Select(_ => FilterJson(depth + 1)))}]",
                    1 => $"\"{FieldName()}\":{ScalarJson()}",
                    _ => $"\"{FieldName()}\":{{{string.Join(",", Enumerable.Range(0, random.Next(0, 3)).Select(_ => $"\"{Pick(s_operators)}\":{ScalarJson()}"))}}}",
                });
            }

            return "{" + string.Join(",", entries) + "}";
        }

        public string VariablesJson()
        {
            var json = new StringBuilder("{");
            foreach (var (name, _, value) in Variables)
            {
                if (value.Length == 0)
                {
                    continue;
                }

                json.Append(json.Length > 1 ? "," : "").Append('"').Append(name).Append("\":").Append(value);
            }

            return json.Append('}').ToString();
        }

        private string Pick(string[] choices) => choices[random.Next(choices.Length)];
    }
}
