using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Adds a list's aggregate to the schema of the model that has the list (docs/data.md, "Aggregates"): right after
/// <c>orders</c>, an optional <c>ordersAggregate</c> object with its <c>count</c> and its <c>sum</c>, <c>avg</c>,
/// <c>min</c> and <c>max</c> objects of the fields they measure, as the SDL and <c>/popcorn/schema</c> declare them, so
/// a client generated from the document has the aggregate's type. Not required: written only when selected. Per
/// caller, as <see cref="NeverFieldSchemaTransformer"/> is: a field a policy hides from the caller is not measured here.
/// </summary>
internal sealed class AggregateSchemaTransformer : IOpenApiSchemaTransformer
{
    public async Task TransformAsync(OpenApiSchema schema, OpenApiSchemaTransformerContext context, CancellationToken cancellationToken)
    {
        var registry = OpenApiServices.Registry(context.ApplicationServices);
        if (schema.Properties is not { Count: > 0 } properties || registry.FindWriter(context.JsonTypeInfo.Type)?.Metadata is not { } type)
        {
            return;
        }

        var taken = registry.ModelTypes.Select(static m => m.Name).ToHashSet(StringComparer.Ordinal);
        var lists = type.SelectableFields.Where(f => AggregateSchema.Offered(type, f, taken) && properties.ContainsKey(f.WireName)).ToArray();
        if (lists.Length == 0)
        {
            return;
        }

        var policies = lists.SelectMany(static l => l.ElementType!.SelectableFields).Concat(lists).Select(static f => f.Policy).OfType<string>();
        var access = await NeverFieldSchemaTransformer.CallerAccessAsync(policies, context.ApplicationServices);
        var reordered = new Dictionary<string, IOpenApiSchema>(properties.Count + lists.Length, StringComparer.Ordinal);
        foreach (var (name, property) in properties)
        {
            reordered[name] = property;
            if (Array.Find(lists, l => l.WireName == name) is { } list && access.Allows(list))
            {
                reordered[name + ListAggregate.FieldSuffix] = Aggregate(list, access, taken);
            }
        }

        schema.Properties = reordered;
    }

    private static OpenApiSchema Aggregate(FieldMetadata list, FieldAccess access, ISet<string> taken)
    {
        var element = list.ElementType!;
        var aggregate = new Dictionary<string, IOpenApiSchema>(StringComparer.Ordinal)
        {
            ["count"] = new OpenApiSchema { Type = JsonSchemaType.Integer, Format = "int64", Description = "How many elements the aggregate's where keeps." },
        };
        AddMeasures(aggregate, element, access, taken);
        if (GroupSchema.Offered(element, access, taken))
        {
            // A group is the aggregate's numbers over its elements, after the key they share.
            var group = new Dictionary<string, IOpenApiSchema>(StringComparer.Ordinal)
            {
                ["key"] = new OpenApiSchema
                {
                    Type = JsonSchemaType.Object,
                    Description = "The values of the fields the groups are formed by (those named in by).",
                    Properties = GroupSchema.Fields(element, access).ToDictionary(static f => f.WireName, f => KeyValue(f), StringComparer.Ordinal),
                },
            };
            foreach (var (key, value) in aggregate)
            {
                group[key] = value;
            }

            aggregate["groups"] = new OpenApiSchema
            {
                Type = JsonSchemaType.Array,
                Description = $"The kept elements split by the values of the fields in by, in the order of those values; written only when selected: {list.WireName}{ListAggregate.FieldSuffix}[groups(by: [field])[key,count]].",
                Items = new OpenApiSchema { Type = JsonSchemaType.Object, Properties = group },
            };
        }

        return new OpenApiSchema
        {
            Type = JsonSchemaType.Object,
            Description = $"Numbers over every element of {list.WireName} that where keeps (not a page); written only when selected: {list.WireName}{ListAggregate.FieldSuffix}[count].",
            Properties = aggregate,
        };
    }

    /// <summary>
    /// A key's value, written as the model writes the field: a min or max's JSON type, a <c>bool</c> a boolean; an enum's
    /// form (name or number) is the app's converter's choice, so it is left untyped.
    /// </summary>
    private static IOpenApiSchema KeyValue(FieldMetadata field)
    {
        var type = Nullable.GetUnderlyingType(field.ValueType!) ?? field.ValueType!;
        return type.IsEnum || field.WriteValue is not null && !MeasureValues.IsOrdered(type) && type != typeof(bool) ? new OpenApiSchema { Description = $"The group's {field.WireName}, as the model writes it." }
            : type == typeof(bool) ? new OpenApiSchema { Type = JsonSchemaType.Boolean | JsonSchemaType.Null }
            : MeasureValue(AggregateMeasureKind.Minimum, field);
    }

    /// <summary>Adds the measure objects (<c>sum</c>, ...) an aggregate or a group of <paramref name="element"/> has for the caller.</summary>
    private static void AddMeasures(Dictionary<string, IOpenApiSchema> numbers, TypeMetadata element, FieldAccess access, ISet<string> taken)
    {
        foreach (var (kind, name, _, fields) in AggregateSchema.Measures(element, access, taken))
        {
            numbers[name] = new OpenApiSchema
            {
                Type = JsonSchemaType.Object,
                Description = AggregateSchema.MeasureDescription(kind, "each field it selects") + "; a field is null when no kept element has a value.",
                Properties = fields.ToDictionary(static f => f.WireName, f => (IOpenApiSchema)MeasureValue(kind, f), StringComparer.Ordinal),
            };
        }
    }

    /// <summary>A measured value as MeasureValues writes it: a sum or mean a number, a min or max the field's own JSON type; null over no value.</summary>
    private static OpenApiSchema MeasureValue(AggregateMeasureKind kind, FieldMetadata field)
    {
        var type = Nullable.GetUnderlyingType(field.ValueType!) ?? field.ValueType!;
        if (MeasureRules.IsNumericOnly(kind))
        {
            return new OpenApiSchema { Type = JsonSchemaType.Number | JsonSchemaType.Null, Format = type == typeof(decimal) ? "decimal" : "double" };
        }

        var (json, format) = type switch
        {
            _ when type == typeof(string) => (JsonSchemaType.String, null),
            _ when type == typeof(DateTime) || type == typeof(DateTimeOffset) => (JsonSchemaType.String, "date-time"),
            _ when type == typeof(DateOnly) => (JsonSchemaType.String, "date"),
            _ when type == typeof(TimeOnly) => (JsonSchemaType.String, "time"),
            _ when type == typeof(TimeSpan) => (JsonSchemaType.String, "duration"),
            _ when type == typeof(Guid) => (JsonSchemaType.String, "uuid"),
            _ when type == typeof(decimal) => (JsonSchemaType.Number, "decimal"),
            _ when type == typeof(double) => (JsonSchemaType.Number, "double"),
            _ when type == typeof(float) => (JsonSchemaType.Number, "float"),
            _ when type == typeof(long) || type == typeof(ulong) || type == typeof(uint) => (JsonSchemaType.Integer, "int64"),
            _ => (JsonSchemaType.Integer, (string?)"int32"),
        };
        return new OpenApiSchema { Type = json | JsonSchemaType.Null, Format = format };
    }
}
