using System.Diagnostics;
using System.Diagnostics.Metrics;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Popcorn's instruments on the app's <c>Popcorn.Server</c> meter (created through <see cref="IMeterFactory"/>, so each
/// app, and each test host, has its own). Every method checks <see cref="Instrument.Enabled"/> first: with no listener a
/// call is one field read and a branch, and tags are only built for a listener. Tag values are string constants, so a
/// measurement allocates nothing. A singleton.
/// </summary>
internal sealed class PopcornMetrics
{
    private readonly Counter<long> _selections;
    private readonly Counter<long> _errors;
    private readonly Counter<long> _cacheRequests;
    private readonly Counter<long> _cacheEvictions;
    private readonly Histogram<long> _cost;
    private readonly Counter<long> _persistedQueries;
    private readonly Histogram<long> _responseSize;
    private readonly Counter<long> _notModifiedBytes;

    public PopcornMetrics(IMeterFactory meterFactory)
    {
        var meter = MeterOf(meterFactory);
        _selections = meter.CreateCounter<long>("popcorn.selections", "{selection}", "Selections read from requests, by syntax and by where they came from.");
        _errors = meter.CreateCounter<long>("popcorn.selection.errors", "{error}", "Selections refused (400 or GraphQL errors), by kind.");
        _cacheRequests = meter.CreateCounter<long>("popcorn.cache.requests", "{request}", "Lookups in Popcorn's plan and document caches, by cache and result.");
        _cacheEvictions = meter.CreateCounter<long>("popcorn.cache.evictions", "{entry}", "Entries dropped from Popcorn's caches to make room, by cache.");
        _responseSize = meter.CreateHistogram<long>("popcorn.response.body.size", "By", "Bytes of JSON Popcorn wrote per response, by endpoint kind.");
        _notModifiedBytes = meter.CreateCounter<long>("popcorn.response.not_modified.bytes", "By", "Bytes of JSON not sent because the client already held them (answered 304 Not Modified), by endpoint kind.");
        _cost = meter.CreateHistogram<long>("popcorn.selection.cost", "{unit}", "The estimated cost of each selection checked against its limit (a gateway request: all its root fields), by endpoint kind.");
        _persistedQueries = meter.CreateCounter<long>("popcorn.persisted_queries", "{request}", "Requests that named a persisted document by hash, or were refused by the trusted-documents list, by result and endpoint kind.");
    }

    /// <summary>The app's <c>Popcorn.Server</c> meter: the factory gives every caller the same one (<see cref="UpstreamMetrics"/> too).</summary>
    internal static Meter MeterOf(IMeterFactory meterFactory) =>
        meterFactory.Create(new MeterOptions(PopcornDiagnostics.MeterName) { Version = typeof(PopcornMetrics).Assembly.GetName().Version?.ToString() });

    /// <summary>A request carried <paramref name="text"/> (null: none, the defaults apply) by <paramref name="transport"/>.</summary>
    public void Selection(string? text, string transport)
    {
        if (!_selections.Enabled)
        {
            return;
        }

        string syntax = SelectionParser.DetectSyntax(text) switch
        {
            SelectionSyntax.Include => PopcornTelemetryTags.SyntaxInclude,
            SelectionSyntax.GraphQL => PopcornTelemetryTags.SyntaxGraphQL,
            _ => PopcornTelemetryTags.None,
        };
        var tags = new TagList
        {
            { PopcornTelemetryTags.Syntax, syntax },
            { PopcornTelemetryTags.Transport, text is null ? PopcornTelemetryTags.None : transport },
        };
        _selections.Add(1, tags);
    }

    /// <summary>A selection was refused with an error of <paramref name="kind"/>.</summary>
    public void Rejected(QueryErrorKind kind)
    {
        if (_errors.Enabled)
        {
            _errors.Add(1, new KeyValuePair<string, object?>(PopcornTelemetryTags.ErrorKind, PopcornTelemetryTags.ErrorKindOf(kind)));
        }
    }

    /// <summary>A lookup in <paramref name="cache"/> (one of the <c>PopcornTelemetryTags.Cache*</c> names).</summary>
    public void CacheLookup(string cache, bool hit)
    {
        if (_cacheRequests.Enabled)
        {
            var tags = new TagList
            {
                { PopcornTelemetryTags.CacheName, cache },
                { PopcornTelemetryTags.CacheResult, hit ? PopcornTelemetryTags.Hit : PopcornTelemetryTags.Miss },
            };
            _cacheRequests.Add(1, tags);
        }
    }

    /// <summary>An entry of <paramref name="cache"/> was dropped to make room.</summary>
    public void CacheEviction(string cache)
    {
        if (_cacheEvictions.Enabled)
        {
            _cacheEvictions.Add(1, new KeyValuePair<string, object?>(PopcornTelemetryTags.CacheName, cache));
        }
    }

    /// <summary>A response of <paramref name="bytes"/> JSON bytes was written by a <paramref name="endpointKind"/> endpoint.</summary>
    public void ResponseWritten(long bytes, string endpointKind)
    {
        if (_responseSize.Enabled)
        {
            _responseSize.Record(bytes, new KeyValuePair<string, object?>(PopcornTelemetryTags.EndpointKind, endpointKind));
        }
    }

    /// <summary>A response of <paramref name="bytes"/> was answered 304 instead: the client held it already.</summary>
    public void NotModified(long bytes, string endpointKind)
    {
        if (_notModifiedBytes.Enabled)
        {
            _notModifiedBytes.Add(bytes, new KeyValuePair<string, object?>(PopcornTelemetryTags.EndpointKind, endpointKind));
        }
    }

    /// <summary>A selection's estimated cost was checked (whether or not it passed).</summary>
    public void Cost(long cost, string endpointKind)
    {
        if (_cost.Enabled)
        {
            _cost.Record(cost, new KeyValuePair<string, object?>(PopcornTelemetryTags.EndpointKind, endpointKind));
        }
    }

    /// <summary>
    /// A persisted document was looked up, stored or refused by a <paramref name="endpointKind"/> endpoint:
    /// <paramref name="result"/> is hit, miss, stored, mismatch or not_in_list.
    /// </summary>
    public void PersistedQuery(string result, string endpointKind = PopcornTelemetryTags.EndpointGateway)
    {
        if (_persistedQueries.Enabled)
        {
            var tags = new TagList
            {
                { PopcornTelemetryTags.PersistedQueryResult, result },
                { PopcornTelemetryTags.EndpointKind, endpointKind },
            };
            _persistedQueries.Add(1, tags);
        }
    }
}
