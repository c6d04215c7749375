using System.Text.Json.Nodes;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>
/// The oracle for selections: projects System.Text.Json's full output through a compiled plan, written
/// independently of the generated code. Keys are renamed by alias, child plans apply to nested objects,
/// list elements (at any list depth) and map values; keys System.Text.Json left out stay out.
/// </summary>
internal static class JsonProjector
{
    public static JsonNode? Project(JsonNode? node, SelectionPlan plan)
    {
        if (node is not JsonObject source)
        {
            return node?.DeepClone();
        }

        var result = new JsonObject();
        foreach (var planned in plan.Fields)
        {
            if (planned.FieldIndex == PlannedField.TypeNameIndex)
            {
                result[planned.OutputName] = plan.Type.Name;
                continue;
            }

            var field = planned.Field!;
            if (!source.TryGetPropertyValue(field.WireName, out var value))
            {
                continue;
            }

            result[planned.OutputName] = planned.Child is null ? value?.DeepClone() : ProjectValue(value, planned.Child, field.Kind);
        }

        return result;
    }

    private static JsonNode? ProjectValue(JsonNode? value, SelectionPlan child, FieldKind kind) => value switch
    {
        null => null,
        JsonArray array => new JsonArray(array.Select(element => ProjectValue(element, child, kind)).ToArray()),
        JsonObject obj when kind == FieldKind.Map => new JsonObject(obj.Select(pair => KeyValuePair.Create(pair.Key, ProjectValue(pair.Value, child, FieldKind.Object)))),
        _ => Project(value, child),
    };
}
