using System.Text.Json;

namespace Popcorn.Query;

/// <summary>Binding the request's variables to the operation's declarations.</summary>
internal sealed partial class GraphQLNormalizer
{
    /// <summary>
    /// All Variable Uses Defined, All Variables Used, and each declared variable's value: the one
    /// the request gives, else the declared default, else none (an error for a non-null type).
    /// Values are checked against the built-in scalar types (Int, Float, String, Boolean, ID) and
    /// their list and non-null wrappers; other types cannot be known at parse time and pass as given.
    /// </summary>
    private void BindVariables(OperationNode operation, JsonElement variables)
    {
        if (variables.ValueKind is not (JsonValueKind.Undefined or JsonValueKind.Null or JsonValueKind.Object))
        {
            throw InvalidVariable($"The variables must be a JSON object, not {DescribeJson(variables.ValueKind)}.", 0);
        }

        foreach (var definition in operation.Variables)
        {
            _variables.Add(definition.Name, new VariableBinding(definition, null));
        }

        CheckVariableUsage(operation);
        var given = GivenValues(variables);
        foreach (var definition in operation.Variables)
        {
            QueryValue? value = null;
            if (given.TryGetValue(definition.Name, out var json))
            {
                value = Coerce(FromJson(json, definition), definition.Type, definition, "was given", definition.Offset);
            }
            else if (definition.DefaultValue is { } defaultValue)
            {
                // The parser only accepts constants here, so the literal is always built.
                value = Coerce(defaultValue.Literal!, definition.Type, definition, "has the default", defaultValue.Offset);
            }
            else if (definition.Type.IsNonNull)
            {
                throw InvalidVariable($"The variable '${Quote(definition.Name)}' of type '{definition.Type}' needs a value: none was given and it has no default.", definition.Offset);
            }

            _variables[definition.Name] = new VariableBinding(definition, value);
        }
    }

    /// <summary>
    /// The request's values of the declared variables, in one pass over the JSON object: looking
    /// each declaration up in the object would cost declarations times properties, and the size of
    /// the variables object is the host's, not ours to bound. Values for undeclared names are ignored.
    /// </summary>
    private Dictionary<string, JsonElement> GivenValues(JsonElement variables)
    {
        var given = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
        if (variables.ValueKind == JsonValueKind.Object && _variables.Count > 0)
        {
            try
            {
                foreach (var property in variables.EnumerateObject())
                {
                    if (_variables.ContainsKey(property.Name))
                    {
                        given[property.Name] = property.Value;
                    }
                }
            }
            catch (InvalidOperationException)
            {
                // System.Text.Json reads names lazily: an escaped lone surrogate or invalid UTF-8 fails only here.
                throw InvalidVariable("A name in the variables is not valid Unicode (a lone surrogate or invalid UTF-8).", 0);
            }
        }

        return given;
    }

    /// <summary>
    /// The variable's JSON value as a literal, as <see cref="QueryValue.FromJson"/> converts it, refusing what no
    /// literal can be: text that is not valid Unicode (System.Text.Json throws <see cref="InvalidOperationException"/>
    /// when it reads an escaped lone surrogate or invalid UTF-8) and an object that names a field twice (which
    /// Input Object Field Uniqueness forbids in a literal, so the tree would not print back).
    /// </summary>
    private QueryValue FromJson(JsonElement json, VariableDefinitionNode definition)
    {
        try
        {
            return Convert(json);
        }
        catch (InvalidOperationException)
        {
            throw InvalidVariable($"The variable '${Quote(definition.Name)}' contains text that is not valid Unicode (a lone surrogate or invalid UTF-8).", definition.Offset);
        }

        QueryValue Convert(JsonElement element)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Array:
                    var items = new QueryValue[element.GetArrayLength()];
                    int i = 0;
                    foreach (var item in element.EnumerateArray())
                    {
                        items[i++] = Convert(item);
                    }

                    return QueryValue.List(items);
                case JsonValueKind.Object:
                    var fields = new List<QueryArgument>();
                    var names = default(NameSet);
                    foreach (var property in element.EnumerateObject())
                    {
                        if (!names.Add(property.Name))
                        {
                            throw InvalidVariable($"The variable '${Quote(definition.Name)}' has the field '{Quote(property.Name)}' twice in one object.", definition.Offset);
                        }

                        fields.Add(new QueryArgument(property.Name, Convert(property.Value)));
                    }

                    return QueryValue.Object(fields.ToArray());
                default:
                    return QueryValue.FromJson(element);
            }
        }
    }

    /// <summary>Every variable the operation uses (directly or through its fragments) is declared, and every declared one is used.</summary>
    private void CheckVariableUsage(OperationNode operation)
    {
        var reached = new HashSet<FragmentDefinitionNode>(ReferenceEqualityComparer.Instance);
        Reach(operation.Spreads, reached);
        var used = new HashSet<string>(StringComparer.Ordinal);
        VariableUsage? undeclared = null;
        foreach (var usages in reached.Select(fragment => fragment.VariableUsages).Prepend(operation.VariableUsages))
        {
            foreach (var usage in usages)
            {
                used.Add(usage.Name);
                if (!_variables.ContainsKey(usage.Name) && (undeclared is null || usage.Offset < undeclared.Value.Offset))
                {
                    undeclared = usage;
                }
            }
        }

        if (undeclared is { } missing)
        {
            string operationName = operation.Name is null ? "the query" : $"the query '{Quote(operation.Name)}'";
            throw InvalidVariable($"The variable '${Quote(missing.Name)}' is not declared by {operationName}; declare it as 'query Name(${Quote(missing.Name)}: Type)'.", missing.Offset);
        }

        foreach (var definition in operation.Variables)
        {
            if (!used.Contains(definition.Name))
            {
                throw InvalidVariable($"The variable '${Quote(definition.Name)}' is declared but never used.", definition.Offset);
            }
        }
    }

    /// <summary>The binding of a variable the usage check has already found declared.</summary>
    private VariableBinding Binding(string name, int offset) =>
        _variables.TryGetValue(name, out var binding)
            ? binding
            : throw InvalidVariable($"The variable '${Quote(name)}' is not declared.", offset);

    /// <summary>
    /// Checks <paramref name="value"/> against <paramref name="type"/> as GraphQL's input coercion
    /// does for the built-in scalars; a single value given for a list type becomes a list of one.
    /// </summary>
    private QueryValue Coerce(QueryValue value, TypeNode type, VariableDefinitionNode definition, string verb, int offset)
    {
        if (value.Kind == QueryValueKind.Null)
        {
            return type.IsNonNull
                ? throw InvalidVariable($"The variable '${Quote(definition.Name)}' of type '{definition.Type}' cannot be null.", offset)
                : value;
        }

        if (type.ItemType is { } itemType)
        {
            if (value.Kind != QueryValueKind.List)
            {
                return QueryValue.List([Coerce(value, itemType, definition, verb, offset)]);
            }

            var items = new QueryValue[value.Items.Count];
            for (int i = 0; i < items.Length; i++)
            {
                items[i] = Coerce(value.Items[i], itemType, definition, verb, offset);
            }

            return QueryValue.List(items);
        }

        bool fits = type.Name switch
        {
            "Int" => value.TryGetInt32(out _),
            "Float" => value.Kind is QueryValueKind.Int or QueryValueKind.Float,
            "String" => value.Kind == QueryValueKind.String,
            "Boolean" => value.Kind == QueryValueKind.Boolean,
            "ID" => value.Kind is QueryValueKind.String or QueryValueKind.Int,
            _ => true,
        };
        return fits
            ? value
            : throw InvalidVariable($"The variable '${Quote(definition.Name)}' of type '{definition.Type}' {verb} {Quote(value.ToString())}, which is not a valid {type.Name}.", offset);
    }

    private static string DescribeJson(JsonValueKind kind) => kind switch
    {
        JsonValueKind.Array => "an array",
        JsonValueKind.String => "a string",
        JsonValueKind.Number => "a number",
        _ => "a Boolean",
    };
}
