using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// Copies a plain service's answer to a join's call (<see cref="PlainJoinCalls"/>: a list of the target's objects)
/// through the site's plan, as <see cref="PlainJsonTranscoder"/> copies a root list, and notes each object's key (its
/// target key field, selected or not) and range for <see cref="JoinAssembler"/>. An object without a key matches
/// no parent and is left out; one that breaks the service's document fails the call, and so that level's joined fields.
/// </summary>
internal static class PlainJoinAnswer
{
    /// <exception cref="UpstreamUnavailableException">The answer is malformed JSON, not a list, or breaks the service's document.</exception>
    public static void Transcode(string service, ReadOnlySpan<byte> body, JoinSite site, UpstreamCatalog catalog, Utf8JsonWriter writer, JoinRecorder recorder)
    {
        var copy = new PlainJsonTranscoder(service, catalog, site.Join.Target.UpstreamName, recorder);
        var reader = new Utf8JsonReader(body, PlainJsonTranscoder.ReaderOptions);
        try
        {
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartArray)
            {
                throw copy.Breaks("a list");
            }

            int index = 0;
            while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
            {
                int start = (int)reader.TokenStartIndex;
                reader.Skip();
                var element = body[start..(int)reader.BytesConsumed];

                // Each object is copied on its own (not inside an array), so the assembler can place it under its parent.
                writer.Flush();
                writer.Reset();
                int from = recorder.Output.WrittenCount;
                int holes = recorder.Holes.Count;
                copy.Element(element, writer, site.Plan, index++);
                writer.Flush();
                if (TargetKeyOf(element, site.Join.TargetKey.WireName) is { } key)
                {
                    recorder.Elements.Add(new JoinElement(site, key, from, recorder.Output.WrittenCount, holes, recorder.Holes.Count));
                }
            }

            if (reader.Read())
            {
                throw new JsonException("Something follows the list.");
            }
        }
        catch (JsonException e)
        {
            throw new UpstreamUnavailableException($"The service '{service}' sent malformed JSON.", e);
        }
    }

    /// <summary>The value of the object's <paramref name="name"/> property as a key; null when it has none (or a null, an object, a list).</summary>
    private static JoinKey? TargetKeyOf(ReadOnlySpan<byte> element, string name)
    {
        var reader = new Utf8JsonReader(element, PlainJsonTranscoder.ReaderOptions);
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            return null;
        }

        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            bool match = reader.ValueTextEquals(name);
            reader.Read();
            if (match)
            {
                return JoinKey.Read(ref reader);
            }

            reader.Skip();
        }

        return null;
    }
}
