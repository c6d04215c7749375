using System.Globalization;
using System.Text.Json;

namespace Popcorn.Query;

/// <summary>An argument's literal value. Immutable; equality is structural.</summary>
public sealed class QueryValue : IEquatable<QueryValue>
{
    /// <summary>The <c>null</c> literal.</summary>
    public static readonly QueryValue Null = new(QueryValueKind.Null, null, null, null);

    /// <summary>The <c>true</c> literal.</summary>
    public static readonly QueryValue True = new(QueryValueKind.Boolean, "true", null, null);

    /// <summary>The <c>false</c> literal.</summary>
    public static readonly QueryValue False = new(QueryValueKind.Boolean, "false", null, null);

    private QueryValue(QueryValueKind kind, string? text, IReadOnlyList<QueryValue>? items, IReadOnlyList<QueryArgument>? fields)
    {
        Kind = kind;
        Text = text;
        Items = items ?? Array.Empty<QueryValue>();
        Fields = fields ?? Array.Empty<QueryArgument>();
    }

    /// <summary>What kind of literal this is.</summary>
    public QueryValueKind Kind { get; }

    /// <summary>The literal's text: the number as written, the unescaped string, the enum name, or <c>true</c>/<c>false</c>.</summary>
    public string? Text { get; }

    /// <summary>The items of a list value.</summary>
    public IReadOnlyList<QueryValue> Items { get; }

    /// <summary>The fields of an object value, in written order.</summary>
    public IReadOnlyList<QueryArgument> Fields { get; }

    /// <summary>A boolean literal.</summary>
    public static QueryValue Boolean(bool value) => value ? True : False;

    /// <summary>An integer literal (its text must be a valid GraphQL IntValue).</summary>
    public static QueryValue Int(string text) => new(QueryValueKind.Int, text, null, null);

    /// <summary>An integer literal.</summary>
    public static QueryValue Int(long value) => Int(value.ToString(CultureInfo.InvariantCulture));

    /// <summary>A floating-point literal (its text must be a valid GraphQL FloatValue).</summary>
    public static QueryValue Float(string text) => new(QueryValueKind.Float, text, null, null);

    /// <summary>A string literal.</summary>
    public static QueryValue String(string value) => new(QueryValueKind.String, value, null, null);

    /// <summary>An enum literal (a bare name).</summary>
    public static QueryValue Enum(string name) => new(QueryValueKind.Enum, name, null, null);

    /// <summary>A list literal.</summary>
    public static QueryValue List(IReadOnlyList<QueryValue> items) => new(QueryValueKind.List, null, items, null);

    /// <summary>An object literal.</summary>
    public static QueryValue Object(IReadOnlyList<QueryArgument> fields) => new(QueryValueKind.Object, null, null, fields);

    /// <summary>Converts a JSON value (a GraphQL variable) to a literal.</summary>
    public static QueryValue FromJson(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.Null or JsonValueKind.Undefined => Null,
        JsonValueKind.True => True,
        JsonValueKind.False => False,
        JsonValueKind.String => String(element.GetString()!),
        JsonValueKind.Number => element.TryGetInt64(out long whole) ? Int(whole) : Number(element.GetRawText()),
        JsonValueKind.Array => List(element.EnumerateArray().Select(FromJson).ToArray()),
        _ => Object(element.EnumerateObject().Select(p => new QueryArgument(p.Name, FromJson(p.Value))).ToArray()),
    };

    /// <summary>
    /// A JSON number past <see cref="long"/>: an integer still when written without a fraction or exponent, as the same
    /// text is in a literal, so the tree prints and parses back the same (found by the argument fuzzer: a variable of
    /// 9223372036854775808 was a Float, its printed literal an Int).
    /// </summary>
    private static QueryValue Number(string raw) => raw.AsSpan().IndexOfAny('.', 'e', 'E') < 0 ? Int(raw) : Float(raw);

    /// <summary>Reads an <see cref="QueryValueKind.Int"/> as a 32-bit integer.</summary>
    public bool TryGetInt32(out int value)
    {
        value = 0;
        return Kind == QueryValueKind.Int && int.TryParse(Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value);
    }

    /// <inheritdoc />
    public bool Equals(QueryValue? other)
    {
        if (ReferenceEquals(this, other))
        {
            return true;
        }

        return other is not null
            && Kind == other.Kind
            && Text == other.Text
            && SequenceEquality.Equal(Items, other.Items)
            && SequenceEquality.Equal(Fields, other.Fields);
    }

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as QueryValue);

    /// <inheritdoc />
    public override int GetHashCode() =>
        HashCode.Combine(Kind, Text, SequenceEquality.Hash(Items), SequenceEquality.Hash(Fields));

    /// <summary>The value as a GraphQL literal (the same text in both syntaxes).</summary>
    public override string ToString()
    {
        var builder = new System.Text.StringBuilder();
        SelectionPrinter.AppendValue(builder, this);
        return builder.ToString();
    }
}
