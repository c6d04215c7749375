namespace Popcorn.Query;

/// <summary>
/// Value : Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue | ListValue | ObjectValue.
/// A value without variables is built as its <see cref="QueryValue"/> while parsing
/// (<see cref="Literal"/>); only values that reference variables keep their structure until
/// normalization substitutes them.
/// </summary>
internal sealed class ValueNode
{
    private static readonly ValueNode[] s_noItems = [];
    private static readonly ArgumentNode[] s_noFields = [];

    private ValueNode(QueryValue? literal, string? variable, QueryValueKind kind, ValueNode[] items, ArgumentNode[] fields, int offset)
    {
        Literal = literal;
        Variable = variable;
        Kind = kind;
        Items = items;
        Fields = fields;
        Offset = offset;
    }

    /// <summary>The value, when it references no variable.</summary>
    public QueryValue? Literal { get; }

    /// <summary>For <c>$name</c>: the name without <c>$</c>.</summary>
    public string? Variable { get; }

    /// <summary>For a list or object that holds a variable somewhere: which of the two.</summary>
    public QueryValueKind Kind { get; }

    public ValueNode[] Items { get; }

    public ArgumentNode[] Fields { get; }

    /// <summary>Offset of the value's first character.</summary>
    public int Offset { get; }

    public static ValueNode Constant(QueryValue value, int offset) =>
        new(value, null, value.Kind, s_noItems, s_noFields, offset);

    public static ValueNode VariableReference(string name, int offset) =>
        new(null, name, QueryValueKind.Null, s_noItems, s_noFields, offset);

    /// <summary>A list; folded into a literal when none of its items references a variable.</summary>
    public static ValueNode List(ValueNode[] items, int offset)
    {
        var literals = new QueryValue[items.Length];
        for (int i = 0; i < items.Length; i++)
        {
            if (items[i].Literal is not { } literal)
            {
                return new(null, null, QueryValueKind.List, items, s_noFields, offset);
            }

            literals[i] = literal;
        }

        return Constant(QueryValue.List(literals), offset);
    }

    /// <summary>An object; folded into a literal when none of its fields references a variable.</summary>
    public static ValueNode Object(ArgumentNode[] fields, int offset)
    {
        var literals = new QueryArgument[fields.Length];
        for (int i = 0; i < fields.Length; i++)
        {
            if (fields[i].Value.Literal is not { } literal)
            {
                return new(null, null, QueryValueKind.Object, s_noItems, fields, offset);
            }

            literals[i] = new QueryArgument(fields[i].Name, literal) { Location = fields[i].Location };
        }

        return Constant(QueryValue.Object(literals), offset);
    }
}
