using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Writes a GraphQL input value (a literal, or a variable's value bound into the tree), already validated against the
/// schema, as the JSON the app's deserializer reads: members by their JSON names, enums by their written names, a single
/// value where a list is expected as a list of one, and a null for a non-nullable member that may be left out dropped,
/// so its C# default stays.
/// </summary>
internal static class InputValueWriter
{
    public static void Write(Utf8JsonWriter json, QueryValue value, InputShape shape)
    {
        if (value.Kind == QueryValueKind.Null)
        {
            json.WriteNullValue();
            return;
        }

        switch (shape)
        {
            case ListInput list:
                json.WriteStartArray();
                foreach (var item in value.Kind == QueryValueKind.List ? value.Items : [value])
                {
                    Write(json, item, list.Item);
                }

                json.WriteEndArray();
                return;
            case ObjectInput input:
                json.WriteStartObject();
                foreach (var field in value.Fields)
                {
                    var member = input.Find(field.Name) ?? throw new InvalidInputException($"Field \"{GraphQLError.Quote(field.Name)}\" is not defined by type \"{input.Name}\".");
                    if (field.Value.Kind == QueryValueKind.Null && !member.Nullable)
                    {
                        // Optional in C# with a default: null means "keep the default", as leaving it out does.
                        continue;
                    }

                    json.WritePropertyName(member.Name);
                    Write(json, field.Value, member.Shape);
                }

                json.WriteEndObject();
                return;
            case EnumInput:
                json.WriteStringValue(value.Text);
                return;
            case ScalarInput { Name: "Int" or "Float" } when value.Kind is QueryValueKind.Int or QueryValueKind.Float:
                json.WriteRawValue(value.Text!);
                return;
            case ScalarInput { Name: "Boolean" } when value.Kind == QueryValueKind.Boolean:
                json.WriteBooleanValue(value.Text == "true");
                return;
            case ScalarInput { Name: "String" or "ID" } when value.Kind is QueryValueKind.String or QueryValueKind.Int:
                json.WriteStringValue(value.Text);
                return;
            case ScalarInput scalar when value.Kind == QueryValueKind.String && DateScalars.IsDateScalar(scalar.Name):
                // Checked by validation; the app's deserializer reads it as it reads any JSON date.
                json.WriteStringValue(value.Text);
                return;
            default:
                throw new InvalidInputException($"Expected value of type \"{shape.NamedType}\", found {GraphQLError.Quote(value.ToString())}.");
        }
    }
}

/// <summary>An input value that does not fit its type, found while writing it (validation normally refuses it first).</summary>
internal sealed class InvalidInputException(string message) : Exception(message);
