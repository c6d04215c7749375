using System.Globalization;
using System.Text;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Random list arguments over an element type's <c>[Sortable]</c>/<c>[Filterable]</c> fields, with values near the
/// seeded store's (ids, quantities, statuses, notes, names, dates), so filters keep some rows and drop others. Strings
/// are ASCII, where ordinal order and the test databases' collations (SQLite's BINARY, PostgreSQL's C) agree, and where
/// every provider folds case as memory does for the text comparisons (either mode); some filters are under <c>not</c>,
/// some go through a reference or over a list (two hops at most).
/// </summary>
internal sealed class RandomArguments(int seed)
{
    private static readonly string[] s_strings = ["open", "shipped", "delivered", "note 1", "note 5", "Customer 3", "Customer 12", "customer4@example.test", "m", "SKU-003", "SKU-010"];
    private static readonly string[] s_comparisons = ["eq", "neq", "gt", "gte", "lt", "lte", "in"];
    private static readonly string[] s_textComparisons = ["contains", "startsWith", "endsWith"];
    private static readonly string[] s_texts = ["note", "NOTE 1", "ship", "Ed", "1", "customer", "%", "_", "", "SKU-00"];
    private static readonly string[] s_quantifiers = ["some", "all", "none"];

    private readonly Random _random = new(seed);

    /// <summary>
    /// The keys of a random aggregate over <paramref name="element"/>: <c>count</c> and one to three of <c>sum</c>,
    /// <c>avg</c>, <c>min</c>, <c>max</c> over random measurable fields (its <c>[Sortable]</c> scalars; numbers only for
    /// sum and avg), some named alone or with <c>!all</c>, some aliased, some taking a field out again.
    /// </summary>
    public string Measures(TypeMetadata element)
    {
        var measurable = element.SelectableFields.Where(f => f is { IsSortable: true, Kind: FieldKind.Scalar, ValueType: not null }).ToArray();
        var numbers = measurable.Where(f => IsNumber(f.ValueType!)).ToArray();
        var keys = new List<string> { "count" };
        string[] names = ["sum", "avg", "min", "max"];
        foreach (string name in names.OrderBy(_ => _random.Next()).Take(_random.Next(1, 4)))
        {
            var fields = name is "sum" or "avg" ? numbers : measurable;
            string key = _random.Next(4) == 0 ? $"{name[0]}{_random.Next(10)}: {name}" : name;
            keys.Add(_random.Next(6) switch
            {
                0 => key,
                1 => $"{key}[!all]",
                2 => $"{key}[!all,-{Pick(fields).WireName}]",
                _ => $"{key}[{string.Join(",", fields.OrderBy(_ => _random.Next()).Take(_random.Next(1, fields.Length + 1)).Select(f => f.WireName))}]",
            });
        }

        return string.Join(",", keys);
    }

    private static bool IsNumber(Type type) =>
        (Nullable.GetUnderlyingType(type) ?? type) is var t && (t == typeof(int) || t == typeof(long) || t == typeof(decimal) || t == typeof(double) || t == typeof(float) || t == typeof(short));

    private FieldMetadata Pick(FieldMetadata[] fields) => fields[_random.Next(fields.Length)];

    /// <summary><c>(first: 2, where: {...})</c>, or nothing about half the time.</summary>
    public string Next(TypeMetadata element)
    {
        var arguments = new List<string>();
        if (_random.Next(3) == 0)
        {
            arguments.Add("first: " + _random.Next(0, 4).ToString(CultureInfo.InvariantCulture));
        }

        if (_random.Next(4) == 0)
        {
            arguments.Add("skip: " + _random.Next(0, 3).ToString(CultureInfo.InvariantCulture));
        }

        var sortable = element.SelectableFields.Where(f => f.IsSortable).ToArray();
        if (sortable.Length > 0 && _random.Next(2) == 0)
        {
            var keys = sortable.OrderBy(_ => _random.Next()).Take(_random.Next(1, 3)).Select(f => $"{{{f.WireName}: {(_random.Next(2) == 0 ? "ASC" : "DESC")}}}");
            arguments.Add($"orderBy: [{string.Join(", ", keys)}]");
        }

        if (element.SelectableFields.Any(f => f.IsFilterable) && _random.Next(2) == 0)
        {
            arguments.Add("where: " + Filter(element, depth: 0, hops: 0));
        }

        return arguments.Count == 0 ? string.Empty : $"({string.Join(", ", arguments)})";
    }

    /// <summary>A random <c>where</c> over <paramref name="element"/>'s <c>[Filterable]</c> fields (an aggregate's only argument).</summary>
    public string Where(TypeMetadata element) => Filter(element, depth: 0, hops: 0);

    /// <summary>
    /// A filter of <paramref name="type"/>: a comparison, and/or, not, or (at most two hops deep) a filter through a
    /// reference (<c>customer: {...}</c>, <c>customer: null</c>) or over a list (<c>lines: {some|all|none: {...}}</c>).
    /// </summary>
    private string Filter(TypeMetadata type, int depth, int hops)
    {
        var fields = type.SelectableFields.Where(f => f.IsFilterable && (hops < 2 || f.ElementType is null)).ToArray();
        if (depth == 0 && _random.Next(4) == 0)
        {
            string join = _random.Next(2) == 0 ? "or" : "and";
            return $"{{{join}: [{Filter(type, 1, hops)}, {Filter(type, 1, hops)}]}}";
        }

        if (depth == 0 && _random.Next(8) == 0)
        {
            return $"{{not: {Filter(type, 1, hops)}}}";
        }

        var field = fields[_random.Next(fields.Length)];
        if (field is { Kind: FieldKind.Object, ElementType: { } referenced })
        {
            return _random.Next(5) == 0 ? $"{{{field.WireName}: null}}" : $"{{{field.WireName}: {Filter(referenced, 0, hops + 1)}}}";
        }

        if (field is { Kind: FieldKind.List, ElementType: { } elements })
        {
            string quantifier = s_quantifiers[_random.Next(s_quantifiers.Length)];
            string test = _random.Next(6) == 0 ? "{}" : Filter(elements, 0, hops + 1);
            return $"{{{field.WireName}: {{{quantifier}: {test}}}}}";
        }

        if (field.ValueType == typeof(string) && _random.Next(3) == 0)
        {
            string textOp = s_textComparisons[_random.Next(s_textComparisons.Length)];
            string mode = _random.Next(2) == 0 ? ", mode: INSENSITIVE" : string.Empty;
            return $"{{{field.WireName}: {{{textOp}: \"{s_texts[_random.Next(s_texts.Length)]}\"{mode}}}}}";
        }

        string op = s_comparisons[_random.Next(s_comparisons.Length)];
        string value = op == "in" ? $"[{Value(field)}, {Value(field)}]" : Value(field);
        return op == "eq" && _random.Next(2) == 0 ? $"{{{field.WireName}: {value}}}" : $"{{{field.WireName}: {{{op}: {value}}}}}";
    }

    private string Value(FieldMetadata field)
    {
        var type = Nullable.GetUnderlyingType(field.ValueType!) ?? field.ValueType!;
        if (type == typeof(int))
        {
            return _random.Next(0, 60).ToString(CultureInfo.InvariantCulture);
        }

        if (type == typeof(DateTime))
        {
            return "\"" + new DateTime(2026, 1, 1).AddDays(_random.Next(0, 300)).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture) + "\"";
        }

        var text = new StringBuilder("\"").Append(s_strings[_random.Next(s_strings.Length)]).Append('"');
        return text.ToString();
    }
}
