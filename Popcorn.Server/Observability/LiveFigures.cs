using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// A few running totals of the app's own <c>Popcorn.Server</c> meter, for <c>MapPopcornFigures</c> (the playground's
/// live figures): selections by syntax and transport, first-level cache hits and misses, bytes and responses written,
/// persisted-document results, errors. A <see cref="MeterListener"/> scoped to the app's <see cref="IMeterFactory"/>,
/// so another app in the process (a test host) is never counted; it listens only once <c>MapPopcornFigures</c> has
/// called <see cref="Start"/>, so an app that does not map it pays nothing. A singleton, disposed with the app.
/// </summary>
internal sealed class LiveFigures(IMeterFactory meterFactory) : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentDictionary<(string Instrument, string? First, string? Second), long> _totals = new();
    private DateTimeOffset _since;

    /// <summary>Where the figures are served (for <c>/popcorn/schema</c>, so the playground asks only when they are); null until mapped.</summary>
    public string? Path { get; private set; }

    /// <summary>Starts counting; <paramref name="path"/> is where the endpoint answers. Once per app.</summary>
    public void Start(string path)
    {
        if (Path is not null)
        {
            throw new InvalidOperationException($"MapPopcornFigures was already called (at '{Path}'); map it once.");
        }

        Path = path;
        _since = DateTimeOffset.UtcNow;
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == PopcornDiagnostics.MeterName && ReferenceEquals(instrument.Meter.Scope, meterFactory))
            {
                listener.EnableMeasurementEvents(instrument, this);
            }
        };
        _listener.SetMeasurementEventCallback<long>(static (instrument, value, tags, state) => ((LiveFigures)state!).Record(instrument.Name, value, tags));
        _listener.Start();
    }

    /// <summary>Writes the totals as the JSON <c>GET /popcorn/figures</c> answers (docs/observability.md, "Live figures").</summary>
    public void Write(Utf8JsonWriter json)
    {
        json.WriteStartObject();
        json.WriteString("since", _since);

        json.WriteStartObject("selections");
        json.WriteNumber("total", Sum("popcorn.selections"));
        WriteBy(json, "bySyntax", "popcorn.selections", first: true, PopcornTelemetryTags.SyntaxInclude, PopcornTelemetryTags.SyntaxGraphQL, PopcornTelemetryTags.None);
        WriteBy(json, "byTransport", "popcorn.selections", first: false, PopcornTelemetryTags.TransportQuery, PopcornTelemetryTags.TransportHeader, PopcornTelemetryTags.TransportGateway, PopcornTelemetryTags.None);
        json.WriteEndObject();

        // A request's first lookup (REST by text, the gateway's validated documents): a hit skips parsing altogether.
        long hits = Get("popcorn.cache.requests", PopcornTelemetryTags.CachePlansByText, PopcornTelemetryTags.Hit)
            + Get("popcorn.cache.requests", PopcornTelemetryTags.CacheGatewayDocuments, PopcornTelemetryTags.Hit);
        long misses = Get("popcorn.cache.requests", PopcornTelemetryTags.CachePlansByText, PopcornTelemetryTags.Miss)
            + Get("popcorn.cache.requests", PopcornTelemetryTags.CacheGatewayDocuments, PopcornTelemetryTags.Miss);
        json.WriteStartObject("planCache");
        json.WriteNumber("hits", hits);
        json.WriteNumber("misses", misses);
        if (hits + misses > 0)
        {
            json.WriteNumber("hitRatio", Math.Round((double)hits / (hits + misses), 4));
        }
        else
        {
            json.WriteNull("hitRatio");
        }

        json.WriteEndObject();

        json.WriteStartObject("responses");
        json.WriteNumber("count", Get("popcorn.response.body.size", "count", null));
        json.WriteNumber("bytes", Sum("popcorn.response.body.size"));
        json.WriteEndObject();

        WriteBy(json, "persistedQueries", "popcorn.persisted_queries", first: true,
            PopcornTelemetryTags.Hit, PopcornTelemetryTags.Miss, PopcornTelemetryTags.Stored, PopcornTelemetryTags.Mismatch, PopcornTelemetryTags.NotInList);
        json.WriteNumber("errors", Sum("popcorn.selection.errors"));
        json.WriteEndObject();
    }

    public void Dispose() => _listener.Dispose();

    private void Record(string instrument, long value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        switch (instrument)
        {
            case "popcorn.selections":
                Add(instrument, Tag(tags, PopcornTelemetryTags.Syntax), Tag(tags, PopcornTelemetryTags.Transport), value);
                break;
            case "popcorn.cache.requests":
                Add(instrument, Tag(tags, PopcornTelemetryTags.CacheName), Tag(tags, PopcornTelemetryTags.CacheResult), value);
                break;
            case "popcorn.persisted_queries":
                Add(instrument, Tag(tags, PopcornTelemetryTags.PersistedQueryResult), null, value);
                break;
            case "popcorn.response.body.size":
                Add(instrument, "bytes", null, value);
                Add(instrument, "count", null, 1);
                break;
            case "popcorn.selection.errors":
                Add(instrument, null, null, value);
                break;
        }
    }

    private void Add(string instrument, string? first, string? second, long value) =>
        _totals.AddOrUpdate((instrument, first, second), value, (_, total) => total + value);

    private long Get(string instrument, string? first, string? second) => _totals.GetValueOrDefault((instrument, first, second));

    /// <summary>The total of <paramref name="instrument"/> over every tag combination (bytes, not counts, for the body size).</summary>
    private long Sum(string instrument) =>
        _totals.Where(t => t.Key.Instrument == instrument && t.Key.First != "count").Sum(t => t.Value);

    private void WriteBy(Utf8JsonWriter json, string name, string instrument, bool first, params string[] values)
    {
        json.WriteStartObject(name);
        foreach (string value in values)
        {
            json.WriteNumber(value, _totals.Where(t => t.Key.Instrument == instrument && (first ? t.Key.First : t.Key.Second) == value).Sum(t => t.Value));
        }

        json.WriteEndObject();
    }

    private static string? Tag(ReadOnlySpan<KeyValuePair<string, object?>> tags, string key)
    {
        foreach (var tag in tags)
        {
            if (tag.Key == key)
            {
                return tag.Value as string;
            }
        }

        return null;
    }
}
