using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace Popcorn.Server;

/// <summary>
/// The gateway's instruments for its calls to upstream services, on the app's <c>Popcorn.Server</c> meter: calls by
/// service and result, the bytes each answered call brought, and how long each took. Per service, which HttpClient's
/// own metrics (by host and port) cannot say when several services share a host or one moves. As
/// <see cref="PopcornMetrics"/>: nothing is built without a listener, and the tag values are constants or the
/// configured service names. A singleton.
/// </summary>
internal sealed class UpstreamMetrics
{
    private readonly Counter<long> _calls;
    private readonly Histogram<long> _bytes;
    private readonly Histogram<double> _duration;

    public UpstreamMetrics(IMeterFactory meterFactory)
    {
        var meter = PopcornMetrics.MeterOf(meterFactory);
        _calls = meter.CreateCounter<long>("popcorn.upstream.calls", "{call}", "Calls to upstream services, by service and result.");
        _bytes = meter.CreateHistogram<long>("popcorn.upstream.response.body.size", "By", "Bytes of each upstream answer the gateway read, by service.");
        _duration = meter.CreateHistogram<double>("popcorn.upstream.duration", "s", "How long each upstream call took, headers to the last byte read, by service and result.");
    }

    /// <summary>A timestamp to pass to <see cref="Ended"/>: 0 when no listener would read the duration.</summary>
    public long Start() => _duration.Enabled ? Stopwatch.GetTimestamp() : 0;

    /// <summary>
    /// A call to <paramref name="service"/> ended with <paramref name="result"/> (one of the <c>PopcornTelemetryTags.Upstream*</c>
    /// results; <paramref name="failure"/> says why a failed one failed), having read <paramref name="bytes"/>.
    /// </summary>
    public void Ended(string service, string result, string? failure, long bytes, long started)
    {
        if (_calls.Enabled)
        {
            var tags = new TagList { { PopcornTelemetryTags.UpstreamService, service }, { PopcornTelemetryTags.UpstreamResult, result } };
            if (failure is not null)
            {
                tags.Add(PopcornTelemetryTags.ErrorType, failure);
            }

            _calls.Add(1, tags);
        }

        if (_bytes.Enabled && result == PopcornTelemetryTags.UpstreamAnswered)
        {
            _bytes.Record(bytes, new KeyValuePair<string, object?>(PopcornTelemetryTags.UpstreamService, service));
        }

        if (started != 0 && _duration.Enabled)
        {
            var tags = new TagList { { PopcornTelemetryTags.UpstreamService, service }, { PopcornTelemetryTags.UpstreamResult, result } };
            _duration.Record(Stopwatch.GetElapsedTime(started).TotalSeconds, tags);
        }
    }
}
