using System.Collections.Concurrent;
using System.Diagnostics;

namespace Popcorn.Server.Tests;

/// <summary>
/// Collects the spans of one trace: requests sent with <see cref="Traced"/> carry a <c>traceparent</c> of a trace id
/// made for this capture, so spans of tests running in parallel (the listener is process-wide) are left out. Listens
/// to ASP.NET Core's source too, so the server creates the request span Popcorn's spans hang under.
/// </summary>
internal sealed class SpanCapture : IDisposable
{
    private const string AspNetCoreSource = "Microsoft.AspNetCore";
    private readonly ActivityListener _listener;
    private readonly ConcurrentQueue<Activity> _spans = new();

    public SpanCapture()
    {
        _listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name is PopcornDiagnostics.ActivitySourceName or AspNetCoreSource,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = span =>
            {
                if (span.TraceId == TraceId)
                {
                    _spans.Enqueue(span);
                }
            },
        };
        ActivitySource.AddActivityListener(_listener);
    }

    public ActivityTraceId TraceId { get; } = ActivityTraceId.CreateRandom();

    /// <summary>
    /// Waits for the server's request span to end: ASP.NET Core stops it after the response is sent, so it can end a
    /// moment after the client has read the whole body.
    /// </summary>
    public async Task EndedAsync()
    {
        for (int i = 0; i < 100 && !_spans.Any(s => s.Source.Name == AspNetCoreSource); i++)
        {
            await Task.Delay(50);
        }
    }

    /// <summary>The server's span for the request (ASP.NET Core's).</summary>
    public Activity Request => _spans.Single(s => s.Source.Name == AspNetCoreSource);

    /// <summary>Popcorn's spans, in the order they ended.</summary>
    public IReadOnlyList<Activity> Popcorn => _spans.Where(s => s.Source.Name == PopcornDiagnostics.ActivitySourceName).ToArray();

    public Activity Single(string name) => Popcorn.Single(s => s.OperationName == name);

    /// <summary>Adds this capture's trace to <paramref name="request"/>, as a traced client would.</summary>
    public HttpRequestMessage Traced(HttpRequestMessage request)
    {
        request.Headers.Add("traceparent", $"00-{TraceId}-{ActivitySpanId.CreateRandom()}-01");
        return request;
    }

    public void Dispose() => _listener.Dispose();
}
