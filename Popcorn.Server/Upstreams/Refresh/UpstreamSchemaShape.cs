using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// What of a Popcorn service's <c>/popcorn/schema</c> a query through the gateway depends on, flattened for comparing
/// two reads of it: each type's fields with their declared types, and each root field with its type and arguments.
/// Names carry the service's prefix, as the gateway's schema shows them.
/// </summary>
internal sealed class UpstreamSchemaShape
{
    private readonly Dictionary<string, Dictionary<string, string>> _types = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _rootFields = new(StringComparer.Ordinal);

    /// <summary>
    /// Everything of the document the gateway reads (types, root fields, limits) as the service wrote it: two reads
    /// with the same fingerprint serve the same schema, whatever else the document holds (a gateway's own report).
    /// </summary>
    public string Fingerprint { get; private set; } = string.Empty;

    /// <exception cref="JsonException">The body is not JSON.</exception>
    /// <exception cref="InvalidOperationException">The body is not a Popcorn schema.</exception>
    public static UpstreamSchemaShape Read(ReadOnlyMemory<byte> json, string? prefix)
    {
        using var document = JsonDocument.Parse(json);
        var root = document.RootElement;
        var shape = new UpstreamSchemaShape();
        try
        {
            shape.Fingerprint = Fingerprinted(root);
            foreach (var type in root.GetProperty("types").EnumerateArray())
            {
                var fields = new Dictionary<string, string>(StringComparer.Ordinal);
                foreach (var field in type.GetProperty("fields").EnumerateArray())
                {
                    string element = field.TryGetProperty("elementType", out var e) && e.ValueKind == JsonValueKind.String ? " of " + prefix + e.GetString() : string.Empty;
                    fields[field.GetProperty("name").GetString()!] = field.GetProperty("type").GetString() + element;
                }

                shape._types[prefix + type.GetProperty("name").GetString()] = fields;
            }

            foreach (var field in root.GetProperty("rootFields").EnumerateArray())
            {
                if (!field.TryGetProperty("type", out var type) || type.ValueKind != JsonValueKind.String)
                {
                    continue; // not served by the gateway either (UpstreamSchemaReader)
                }

                string arguments = field.TryGetProperty("arguments", out var args)
                    ? string.Join(", ", args.EnumerateArray().Select(a => a.GetProperty("name").GetString() + ": " + a.GetProperty("type").GetString()))
                    : string.Empty;
                string list = field.GetProperty("isList").GetBoolean() ? "[" + prefix + type.GetString() + "]" : prefix + type.GetString();
                shape._rootFields[field.GetProperty("name").GetString()!] = $"({arguments}): {list}";
            }
        }
        catch (Exception e) when (e is KeyNotFoundException or InvalidOperationException)
        {
            throw new InvalidOperationException("It is not a Popcorn schema: " + e.Message, e);
        }

        return shape;
    }

    private static string Fingerprinted(JsonElement root)
    {
        var text = new System.Text.StringBuilder();
        foreach (string part in (ReadOnlySpan<string>)["types", "rootFields", "limits"])
        {
            text.Append(root.TryGetProperty(part, out var value) ? value.GetRawText() : "-").Append('\n');
        }

        return text.ToString();
    }

    /// <summary>The service's type names, as the gateway's schema shows them (prefix included).</summary>
    public IEnumerable<string> TypeNames => _types.Keys;

    /// <summary>What changed from <paramref name="served"/> (the schema the gateway serves) to this one, breaking changes first.</summary>
    public IReadOnlyList<UpstreamSchemaChange> ChangesSince(UpstreamSchemaShape served)
    {
        var changes = new List<UpstreamSchemaChange>();
        foreach (var (name, fields) in served._types)
        {
            if (!_types.TryGetValue(name, out var now))
            {
                changes.Add(new(true, $"type {name} removed"));
                continue;
            }

            Compare(changes, fields, now, name + ".");
        }

        foreach (var name in _types.Keys.Where(t => !served._types.ContainsKey(t)))
        {
            changes.Add(new(false, $"type {name} added"));
        }

        Compare(changes, served._rootFields, _rootFields, "root field ");
        return changes.OrderByDescending(c => c.Breaking).ThenBy(c => c.Description, StringComparer.Ordinal).ToArray();
    }

    private static void Compare(List<UpstreamSchemaChange> changes, Dictionary<string, string> served, Dictionary<string, string> now, string owner)
    {
        foreach (var (name, type) in served)
        {
            if (!now.TryGetValue(name, out var current))
            {
                changes.Add(new(true, $"{owner}{name} removed"));
            }
            else if (current != type)
            {
                changes.Add(new(true, $"{owner}{name} changed from {type} to {current}"));
            }
        }

        foreach (var (name, type) in now.Where(f => !served.ContainsKey(f.Key)))
        {
            changes.Add(new(false, $"{owner}{name} added ({type})"));
        }
    }
}
