namespace Popcorn.Query;

/// <summary>Arguments with their variables substituted.</summary>
internal sealed partial class GraphQLNormalizer
{
    /// <summary>
    /// The field's arguments as literals. An argument whose value is a variable with no value (not
    /// given and no default) is left out, as GraphQL treats it as never passed.
    /// </summary>
    private List<QueryArgument>? BuildArguments(ArgumentNode[] arguments)
    {
        if (arguments.Length == 0)
        {
            return null;
        }

        var built = new List<QueryArgument>(arguments.Length);
        foreach (var argument in arguments)
        {
            if (Resolve(argument.Value) is { } value)
            {
                built.Add(new QueryArgument(argument.Name, value) { Location = argument.Location });
            }
        }

        return built;
    }

    /// <summary>The value with variables substituted; null when it is a variable without a value.</summary>
    private QueryValue? Resolve(ValueNode value)
    {
        if (value.Literal is { } literal)
        {
            return literal;
        }

        if (value.Variable is { } name)
        {
            return Binding(name, value.Offset).Value;
        }

        if (value.Kind == QueryValueKind.List)
        {
            // In a list, a variable without a value is null: the list keeps its length.
            var items = new QueryValue[value.Items.Length];
            for (int i = 0; i < items.Length; i++)
            {
                items[i] = Resolve(value.Items[i]) ?? QueryValue.Null;
            }

            return QueryValue.List(items);
        }

        // In an object, a field whose variable has no value is left out, as GraphQL does.
        var fields = new List<QueryArgument>(value.Fields.Length);
        foreach (var field in value.Fields)
        {
            if (Resolve(field.Value) is { } fieldValue)
            {
                fields.Add(new QueryArgument(field.Name, fieldValue) { Location = field.Location });
            }
        }

        return QueryValue.Object(fields);
    }
}
