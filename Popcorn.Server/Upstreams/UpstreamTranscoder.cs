using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Copies a root field's value out of a Popcorn service's answer (<c>{"data":{"orders":[...]}}</c>) into the gateway's
/// JSON, reader to writer with the compiled plan: no document is built, each key is written under the gateway's output
/// name in the plan's order, <c>__typename</c> is the gateway's own type name, and every value is checked against the
/// service's declared schema (a number where it declares a number, an object where it declares one, null only where
/// it declares a nullable field). A value that breaks it, or malformed JSON, is an
/// <see cref="UpstreamUnavailableException"/> naming where.
/// </summary>
internal static partial class UpstreamTranscoder
{
    private static readonly JsonReaderOptions s_reader = new() { MaxDepth = 256 };

    /// <summary>Copies root field <paramref name="rootName"/>'s value; errors name paths from <paramref name="key"/>, the client's response key.</summary>
    /// <exception cref="UpstreamUnavailableException">The answer is malformed or breaks the service's schema.</exception>
    /// <remarks>
    /// With <paramref name="joins"/>, each joined field is written as <c>null</c> and noted as a hole with its parent's
    /// key, for <see cref="JoinAssembler"/> to fill.
    /// </remarks>
    public static void Transcode(string service, ReadOnlySpan<byte> body, string rootName, string key, SelectionPlan plan, bool isList, UpstreamCatalog catalog, Utf8JsonWriter writer, JoinRecorder? joins = null)
    {
        var reader = new Utf8JsonReader(body, s_reader);
        var copy = new Copy(service, catalog, joins);
        copy.Push(key);
        try
        {
            Expect(ref reader, JsonTokenType.StartObject, "$");
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                if (!reader.ValueTextEquals("data"u8))
                {
                    reader.Read();
                    reader.Skip();
                    continue;
                }

                Expect(ref reader, JsonTokenType.StartObject, "data");
                while (Read(ref reader) == JsonTokenType.PropertyName)
                {
                    bool ours = reader.ValueTextEquals(rootName);
                    Read(ref reader);
                    if (!ours)
                    {
                        reader.Skip();
                        continue;
                    }

                    if (isList)
                    {
                        // The gateway's SDL types a root list's elements non-null ([Order!]!), as the service's does.
                        copy.List(ref reader, writer, plan, nullable: true, elementsNullable: false);
                    }
                    else
                    {
                        copy.Object(ref reader, writer, plan, nullable: true);
                    }

                    return;
                }

                break;
            }

            throw new UpstreamUnavailableException($"The service '{service}' sent no value for '{rootName}'.");
        }
        catch (JsonException e)
        {
            throw new UpstreamUnavailableException($"The service '{service}' sent malformed JSON.", e);
        }
    }

    /// <summary>
    /// Copies a join call's answer, <c>{"data":{"j0":[...],"j1":[...]}}</c>: each list of <paramref name="parts"/>' aliases,
    /// object by object, each a JSON value of its own in <paramref name="recorder"/>'s output, noted with its key and range
    /// (<see cref="JoinRecorder.Elements"/>) and the holes of the joins selected under it.
    /// </summary>
    /// <exception cref="UpstreamUnavailableException">The answer is malformed, lacks a part, or breaks the service's schema.</exception>
    public static void TranscodeJoinAnswer(string service, ReadOnlySpan<byte> body, IReadOnlyDictionary<string, JoinSite> parts, UpstreamCatalog catalog, Utf8JsonWriter writer, JoinRecorder recorder)
    {
        var reader = new Utf8JsonReader(body, s_reader);
        var copy = new Copy(service, catalog, recorder);
        int seen = 0;
        try
        {
            Expect(ref reader, JsonTokenType.StartObject, "$");
            while (Read(ref reader) == JsonTokenType.PropertyName)
            {
                bool data = reader.ValueTextEquals("data"u8);
                Read(ref reader);
                if (!data || reader.TokenType != JsonTokenType.StartObject)
                {
                    reader.Skip();
                    continue;
                }

                while (Read(ref reader) == JsonTokenType.PropertyName)
                {
                    parts.TryGetValue(reader.GetString()!, out var site);
                    Read(ref reader);
                    if (site is null || reader.TokenType != JsonTokenType.StartArray)
                    {
                        // Not asked for, or null: the service failed that part, which the check below reports.
                        reader.Skip();
                        continue;
                    }

                    seen++;
                    copy.Push(site.Join.Target.UpstreamName);
                    copy.Elements(ref reader, writer, site);
                    copy.Pop();
                }
            }
        }
        catch (JsonException e)
        {
            throw new UpstreamUnavailableException($"The service '{service}' sent malformed JSON.", e);
        }

        if (seen < parts.Count)
        {
            throw new UpstreamUnavailableException($"The service '{service}' sent no list for a join's keys.");
        }
    }

    private static JsonTokenType Read(ref Utf8JsonReader reader) =>
        reader.Read() ? reader.TokenType : throw new JsonException("The body ended early.");

    private static void Expect(ref Utf8JsonReader reader, JsonTokenType token, string at)
    {
        if (Read(ref reader) != token)
        {
            throw new JsonException($"Expected {token} at {at}.");
        }
    }
}
