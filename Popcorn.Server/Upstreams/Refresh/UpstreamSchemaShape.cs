using System.Security.Cryptography;
using System.Text;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What of a service's description (a Popcorn service's <c>/popcorn/schema</c>, a plain service's OpenAPI document) a
/// query through the gateway depends on, flattened for comparing two reads of it: each type's fields with their
/// declared types, and each root field with its type and arguments. Read from the <see cref="UpstreamSchema"/> the
/// gateway would serve, so both kinds of service are compared alike. Names carry the service's prefix, as the
/// gateway's schema shows them.
/// </summary>
internal sealed class UpstreamSchemaShape
{
    private readonly Dictionary<string, Dictionary<string, string>> _types = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _rootFields = new(StringComparer.Ordinal);

    /// <summary>
    /// A hash of everything the gateway serves from the description (types, fields, descriptions, flags, root fields,
    /// how a plain service's operations are called, limits), in order: two reads with the same fingerprint serve the
    /// same schema, whatever else the document holds or however it is spelled (key order, an OpenAPI document's
    /// <c>info</c>, operations the gateway does not serve).
    /// </summary>
    public string Fingerprint { get; private set; } = string.Empty;

    /// <summary>The shape of <paramref name="schema"/>, as read by <see cref="UpstreamDescription.Read"/> (before any join is bound to it).</summary>
    public static UpstreamSchemaShape Of(UpstreamSchema schema)
    {
        var shape = new UpstreamSchemaShape();
        var text = new StringBuilder().Append(schema.Limits).Append('\n');
        foreach (var writer in schema.Types)
        {
            var type = writer.Metadata;
            var fields = new Dictionary<string, string>(StringComparer.Ordinal);
            text.Append("type ").Append(type.Name).Append('|').Append(type.Description).Append('\n');
            foreach (var field in schema.PendingFields[type])
            {
                string declared = Declared(field);
                fields[field.WireName] = declared;
                text.Append("  ").Append(field.WireName).Append('|').Append(declared).Append('|').Append(field.Kind).Append('|').Append(field.Flags)
                    .Append('|').Append(field.SubPropertyDefaultText).Append('|').Append(field.Description).Append('|').Append(field.DeprecationReason).Append('\n');
            }

            shape._types[type.Name] = fields;
        }

        foreach (var field in schema.RootFields)
        {
            string arguments = string.Join(", ", field.Arguments.Select(a => a.Name + ": " + a.Type));
            string declared = $"({arguments}): {(field.IsList ? "[" + field.Type.Metadata.Name + "]" : field.Type.Metadata.Name)}";
            shape._rootFields[field.Name] = declared;
            text.Append("root ").Append(field.Name).Append('|').Append(field.UpstreamName).Append('|').Append(declared).Append('|').Append(field.Description);
            if (field.Request is { } request)
            {
                text.Append("|GET ").Append(request.PathTemplate).Append('|').Append(request.NotFoundIsNull).Append('|').AppendJoin(", ", request.Parameters);
            }

            text.Append('\n');
        }

        shape.Fingerprint = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(text.ToString())));
        return shape;
    }

    /// <summary>A field's type as compared: its declared type, nullability, element type and whether its elements may be null.</summary>
    private static string Declared(FieldMetadata field)
    {
        string declared = field.IsNullable && !field.TypeName.EndsWith('?') ? field.TypeName + "?" : field.TypeName;
        if (field.ElementType is { } element)
        {
            declared += " of " + element.Name;
        }

        return (field.Flags & FieldFlags.NonNullElements) != 0 ? declared + " (elements non-null)" : declared;
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
