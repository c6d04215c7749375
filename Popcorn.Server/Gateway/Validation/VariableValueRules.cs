using System.Globalization;
using System.Text;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The spec's CoerceVariableValues (6.1.2) for a mutation, before anything runs: each variable's JSON value against
/// its declared type in the schema (input objects, enums, lists, non-null), in graphql-js's words
/// (<c>Variable "$input" got invalid value "x" at "input.lines[0].quantity"; Int cannot represent non-integer value: "x"</c>)
/// at the variable's definition. Values nest at most <see cref="GatewayInputTypes.MaxDepth"/> levels and a list holds at
/// most <see cref="GatewayInputTypes.MaxListLength"/> items.
/// </summary>
internal static class VariableValueRules
{
    public static void Check(SchemaModel schema, string text, OperationNode operation, JsonElement variables, List<GraphQLError> errors)
    {
        foreach (var definition in operation.Variables)
        {
            if (errors.Count >= GatewayOperationPlanner.MaxErrors)
            {
                return;
            }

            var type = TypeOf(schema, definition.Type);
            if (type is null)
            {
                continue;
            }

            var location = SourceLocation.At(text, definition.Offset);
            bool given = variables.ValueKind == JsonValueKind.Object && variables.TryGetProperty(definition.Name, out var value);
            if (!given)
            {
                if (definition.DefaultValue is null && type.Kind == TypeRefKind.NonNull)
                {
                    errors.Add(Error($"Variable \"${definition.Name}\" of required type \"{type}\" was not provided.", location));
                }

                continue;
            }

            value = variables.GetProperty(definition.Name);
            if (value.ValueKind == JsonValueKind.Null && type.Kind == TypeRefKind.NonNull)
            {
                errors.Add(Error($"Variable \"${definition.Name}\" of non-null type \"{type}\" must not be null.", location));
                continue;
            }

            Coerce(schema, value, type, new StringBuilder(), 0, (path, invalid, message) =>
            {
                string prefix = $"Variable \"${definition.Name}\" got invalid value {Inspect(invalid, 0)}";
                if (path.Length > 0)
                {
                    prefix += $" at \"{definition.Name}{path}\"";
                }

                errors.Add(Error(prefix + "; " + message, location));
            });
        }
    }

    private static GraphQLError Error(string message, SourceLocation location) =>
        new(message, location, null, "BAD_USER_INPUT", Kind: QueryErrorKind.InvalidVariable);

    /// <summary>graphql-js's coerceInputValue, reporting every problem through <paramref name="report"/> with the path to it.</summary>
    private static void Coerce(SchemaModel schema, JsonElement value, TypeRef type, StringBuilder path, int depth, Action<string, JsonElement, string> report)
    {
        if (type.Kind == TypeRefKind.NonNull)
        {
            if (value.ValueKind == JsonValueKind.Null)
            {
                report(path.ToString(), value, $"Expected non-nullable type \"{type}\" not to be null.");
                return;
            }

            Coerce(schema, value, type.OfType!, path, depth, report);
            return;
        }

        if (value.ValueKind == JsonValueKind.Null)
        {
            return;
        }

        if (depth > GatewayInputTypes.MaxDepth)
        {
            report(path.ToString(), value, $"Input values nest at most {GatewayInputTypes.MaxDepth} levels deep.");
            return;
        }

        if (type.Kind == TypeRefKind.List)
        {
            if (value.ValueKind != JsonValueKind.Array)
            {
                // A single value where a list is expected is a list of one.
                Coerce(schema, value, type.OfType!, path, depth + 1, report);
                return;
            }

            if (value.GetArrayLength() > GatewayInputTypes.MaxListLength)
            {
                report(path.ToString(), value, $"A list in an input value holds at most {GatewayInputTypes.MaxListLength} items; this one has {value.GetArrayLength()}.");
                return;
            }

            int index = 0;
            foreach (var item in value.EnumerateArray())
            {
                int length = path.Length;
                path.Append('[').Append(index++).Append(']');
                Coerce(schema, item, type.OfType!, path, depth + 1, report);
                path.Length = length;
            }

            return;
        }

        var named = schema.Find(type.Name!);
        switch (named?.Kind)
        {
            case SchemaTypeKind.INPUT_OBJECT:
                CoerceObject(schema, value, named, path, depth, report);
                return;
            case SchemaTypeKind.ENUM:
                if (value.ValueKind != JsonValueKind.String)
                {
                    report(path.ToString(), value, $"Enum \"{named.Name}\" cannot represent non-string value: {Inspect(value, 0)}.");
                }
                else if (!named.EnumValues.Any(v => v.Name == value.GetString()))
                {
                    string text = value.GetString()!;
                    report(path.ToString(), value, $"Value \"{GraphQLError.Quote(text)}\" does not exist in \"{named.Name}\" enum.{ValidationContext.DidYouMean(text, named.EnumValues.Select(v => v.Name))}");
                }

                return;
            case SchemaTypeKind.SCALAR when ScalarError(named.Name, value) is { } error:
                report(path.ToString(), value, error);
                return;
        }
    }

    private static void CoerceObject(SchemaModel schema, JsonElement value, SchemaType type, StringBuilder path, int depth, Action<string, JsonElement, string> report)
    {
        if (value.ValueKind != JsonValueKind.Object)
        {
            report(path.ToString(), value, $"Expected type \"{type.Name}\" to be an object.");
            return;
        }

        var fields = type.InputFields ?? [];
        foreach (var field in fields)
        {
            if (!value.TryGetProperty(field.Name, out var fieldValue))
            {
                if (field.Type.Kind == TypeRefKind.NonNull && field.DefaultValue is null)
                {
                    report(path.ToString(), value, $"Field \"{field.Name}\" of required type \"{field.Type}\" was not provided.");
                }

                continue;
            }

            int length = path.Length;
            path.Append('.').Append(field.Name);
            Coerce(schema, fieldValue, field.Type, path, depth + 1, report);
            path.Length = length;
        }

        foreach (var property in value.EnumerateObject())
        {
            if (!fields.Any(f => f.Name == property.Name))
            {
                report(path.ToString(), value, $"Field \"{GraphQLError.Quote(property.Name)}\" is not defined by type \"{type.Name}\".{ValidationContext.DidYouMean(property.Name, fields.Select(f => f.Name))}");
            }
        }
    }

    /// <summary>The built-in scalars' and the date scalars' parseValue errors, in graphql-js's words; null when the value fits (or the scalar is another custom one).</summary>
    private static string? ScalarError(string scalar, JsonElement value)
    {
        string shown = Inspect(value, 0);
        return scalar switch
        {
            "Int" when value.ValueKind != JsonValueKind.Number || !IsInteger(value) => $"Int cannot represent non-integer value: {shown}",
            "Int" when !value.TryGetInt32(out _) => $"Int cannot represent non 32-bit signed integer value: {shown}",
            "Float" when value.ValueKind != JsonValueKind.Number => $"Float cannot represent non numeric value: {shown}",
            "String" when value.ValueKind != JsonValueKind.String => $"String cannot represent a non string value: {shown}",
            "Boolean" when value.ValueKind is not (JsonValueKind.True or JsonValueKind.False) => $"Boolean cannot represent a non boolean value: {shown}",
            "ID" when value.ValueKind != JsonValueKind.String && !(value.ValueKind == JsonValueKind.Number && IsInteger(value)) => $"ID cannot represent value: {shown}",
            _ when DateScalars.IsDateScalar(scalar) => DateScalars.Error(scalar, value.ValueKind == JsonValueKind.String ? value.GetString() : null, shown),
            _ => null,
        };
    }

    private static bool IsInteger(JsonElement number) =>
        double.TryParse(number.GetRawText(), NumberStyles.Float, CultureInfo.InvariantCulture, out double d) && double.IsFinite(d) && Math.Floor(d) == d;

    /// <summary>graphql-js's <c>inspect</c> of a JSON value, in short: two levels deep, ten items, strings quoted (and cut at the excerpt limit).</summary>
    internal static string Inspect(JsonElement value, int depth)
    {
        switch (value.ValueKind)
        {
            case JsonValueKind.String:
                return JsonSerializer.Serialize(GraphQLError.Quote(value.GetString()!), PopcornServerJsonContext.Default.String);
            case JsonValueKind.Array:
                if (value.GetArrayLength() == 0)
                {
                    return "[]";
                }

                if (depth >= 2)
                {
                    return "[Array]";
                }

                var items = value.EnumerateArray().Take(10).Select(i => Inspect(i, depth + 1)).ToList();
                if (value.GetArrayLength() > 10)
                {
                    items.Add($"... {value.GetArrayLength() - 10} more items");
                }

                return "[" + string.Join(", ", items) + "]";
            case JsonValueKind.Object:
                if (!value.EnumerateObject().Any())
                {
                    return "{}";
                }

                return depth >= 2
                    ? "[Object]"
                    : "{ " + string.Join(", ", value.EnumerateObject().Take(10).Select(p => GraphQLError.Quote(p.Name) + ": " + Inspect(p.Value, depth + 1))) + " }";
            default:
                string raw = value.GetRawText();
                return raw.Length > PopcornQueryException.MaxExcerptLength ? raw[..PopcornQueryException.MaxExcerptLength] + "…" : raw;
        }
    }

    private static TypeRef? TypeOf(SchemaModel schema, TypeNode node)
    {
        if (node.ItemType is { } item)
        {
            return TypeOf(schema, item) is { } itemType ? Wrap(TypeRef.List(itemType), node.IsNonNull) : null;
        }

        return schema.Find(node.Name!) is null ? null : Wrap(TypeRef.Named(node.Name!), node.IsNonNull);
    }

    private static TypeRef Wrap(TypeRef type, bool nonNull) => nonNull ? TypeRef.NonNull(type) : type;
}
