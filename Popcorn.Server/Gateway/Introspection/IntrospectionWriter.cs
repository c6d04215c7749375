using System.Collections;
using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Answers a validated introspection root field from the <see cref="SchemaModel"/>: each selected field in the
/// selection's order under its response key, <c>__typename</c> wherever asked. The schema is fixed at startup, so
/// every answer is a pure function of the selection.
/// </summary>
internal static class IntrospectionWriter
{
    public static void Write(Utf8JsonWriter json, SchemaModel schema, PropertyReference root)
    {
        object? value = root.Name == NameRules.Schema ? schema : schema.Find(StringArgument(root, "name") ?? string.Empty);
        WriteValue(json, schema, value, root.Children);
    }

    private static void WriteValue(Utf8JsonWriter json, SchemaModel schema, object? value, IReadOnlyList<PropertyReference> selection)
    {
        switch (value)
        {
            case null:
                json.WriteNullValue();
                break;
            case string text:
                json.WriteStringValue(text);
                break;
            case bool flag:
                json.WriteBooleanValue(flag);
                break;
            case IEnumerable items:
                json.WriteStartArray();
                foreach (object? item in items)
                {
                    WriteValue(json, schema, item, selection);
                }

                json.WriteEndArray();
                break;
            default:
                WriteObject(json, schema, value, selection);
                break;
        }
    }

    private static void WriteObject(Utf8JsonWriter json, SchemaModel schema, object value, IReadOnlyList<PropertyReference> selection)
    {
        json.WriteStartObject();
        foreach (var field in PropertyReference.MergeTypeConditions(selection))
        {
            if (field.IsEmptySelection)
            {
                // Every field of this selection set was skipped: GraphQL's {}.
                continue;
            }

            json.WritePropertyName(field.OutputName);
            if (field.Name == NameRules.TypeName)
            {
                json.WriteStringValue(MetaTypeName(value));
                continue;
            }

            WriteValue(json, schema, Resolve(schema, value, field), field.Children);
        }

        json.WriteEndObject();
    }

    private static string MetaTypeName(object value) => value switch
    {
        SchemaModel => "__Schema",
        SchemaType or TypeRef => "__Type",
        SchemaField => "__Field",
        SchemaInputValue => "__InputValue",
        SchemaEnumValue => "__EnumValue",
        _ => "__Directive",
    };

    private static object? Resolve(SchemaModel schema, object value, PropertyReference field) => value switch
    {
        SchemaModel => field.Name switch
        {
            "types" => schema.Types,
            "queryType" => schema.QueryType,
            "mutationType" => schema.MutationType,
            "directives" => schema.Directives,
            _ => null, // description, subscriptionType: this schema has none
        },
        TypeRef { Kind: TypeRefKind.Named } named => schema.Find(named.Name!) is { } type ? ResolveType(schema, type, field) : null,
        TypeRef wrapper => field.Name switch
        {
            "kind" => wrapper.Kind == TypeRefKind.List ? nameof(SchemaTypeKind.LIST) : nameof(SchemaTypeKind.NON_NULL),
            "ofType" => wrapper.OfType,
            _ => null,
        },
        SchemaType type => ResolveType(schema, type, field),
        SchemaField member => field.Name switch
        {
            "name" => member.Name,
            "description" => member.Description,
            "args" => member.Arguments,
            "type" => member.Type,
            "isDeprecated" => member.DeprecationReason is not null,
            _ => member.DeprecationReason,
        },
        SchemaInputValue input => field.Name switch
        {
            "name" => input.Name,
            "description" => input.Description,
            "type" => input.Type,
            "defaultValue" => input.DefaultValue,
            "isDeprecated" => false,
            _ => null,
        },
        SchemaEnumValue enumValue => field.Name switch
        {
            "name" => enumValue.Name,
            "description" => enumValue.Description,
            "isDeprecated" => false,
            _ => null,
        },
        SchemaDirective directive => field.Name switch
        {
            "name" => directive.Name,
            "description" => directive.Description,
            "isRepeatable" => false,
            "locations" => directive.Locations,
            _ => directive.Arguments,
        },
        _ => null,
    };

    private static object? ResolveType(SchemaModel schema, SchemaType type, PropertyReference field)
    {
        bool hasFields = type.Kind is SchemaTypeKind.OBJECT or SchemaTypeKind.INTERFACE;
        return field.Name switch
        {
            "kind" => type.Kind.ToString(),
            "name" => type.Name,
            "description" => type.Description,
            "specifiedByURL" => type.SpecifiedByUrl,
            "fields" => hasFields ? Current(type.Fields, field) : null,
            "interfaces" => type.Kind is SchemaTypeKind.OBJECT or SchemaTypeKind.INTERFACE ? type.Interfaces.Select(name => schema.Find(name)!).ToArray() : null,
            "possibleTypes" => type.Kind is SchemaTypeKind.INTERFACE or SchemaTypeKind.UNION ? type.PossibleTypes.Select(name => schema.Find(name)!).ToArray() : null,
            "enumValues" => type.Kind == SchemaTypeKind.ENUM ? type.EnumValues : null,
            "inputFields" => type.Kind == SchemaTypeKind.INPUT_OBJECT ? type.InputFields ?? Array.Empty<SchemaInputValue>() : null,
            "isOneOf" => type.Kind == SchemaTypeKind.INPUT_OBJECT ? false : null,
            _ => null, // ofType (a named type wraps nothing)
        };
    }

    /// <summary>The fields, less the deprecated ones unless <c>includeDeprecated: true</c> was given.</summary>
    private static IEnumerable<SchemaField> Current(IReadOnlyList<SchemaField> fields, PropertyReference field) =>
        field.Arguments.Any(a => a.Name == "includeDeprecated" && a.Value.Kind == QueryValueKind.Boolean && a.Value.Text == "true")
            ? fields
            : fields.Where(f => f.DeprecationReason is null);

    private static string? StringArgument(PropertyReference field, string name) =>
        field.Arguments.FirstOrDefault(a => a.Name == name)?.Value is { Kind: QueryValueKind.String } value ? value.Text : null;
}
