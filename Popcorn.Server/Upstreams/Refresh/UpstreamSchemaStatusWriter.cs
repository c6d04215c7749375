using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// Writes the gateway's <c>upstreams</c> in its <c>/popcorn/schema</c>: per service (a Popcorn service or one described
/// by OpenAPI), since when its schema is
/// served, when it was last read again, why it could not be (null when it could), why a changed schema could not be
/// served (null when it was), and what the last change was.
/// </summary>
internal static class UpstreamSchemaStatusWriter
{
    public static void Write(Utf8JsonWriter json, IReadOnlyList<UpstreamSchemaStatus> statuses)
    {
        json.WriteStartArray("upstreams");
        foreach (var status in statuses)
        {
            json.WriteStartObject();
            json.WriteString("service", status.Service);
            json.WriteString("servedSince", status.ServedSince);
            if (status.CheckedAt is { } checkedAt)
            {
                json.WriteString("checkedAt", checkedAt);
            }
            else
            {
                json.WriteNull("checkedAt");
            }

            json.WriteString("unreachable", status.Unreachable);
            json.WriteString("refused", status.Refused);
            json.WriteBoolean("breaking", status.Changes.Any(c => c.Breaking));
            json.WriteStartArray("changes");
            foreach (var change in status.Changes)
            {
                json.WriteStartObject();
                json.WriteBoolean("breaking", change.Breaking);
                json.WriteString("change", change.Description);
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }
}
