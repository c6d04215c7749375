using System.Collections.Concurrent;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Upstreams;

/// <summary>How <see cref="FaultyUpstream"/> answers its gateway calls.</summary>
public enum UpstreamFault
{
    /// <summary>Passes the call on to the real service.</summary>
    None,
    ServerError,
    MalformedJson,
    Oversized,
    BreaksSchema,
    Hangs,

    /// <summary>A null element in <c>skills</c>, a list whose elements the service's schema promises non-null.</summary>
    NullElement,

    /// <summary>A null element in the root list, whose elements every schema types non-null.</summary>
    NullRootElement,

    /// <summary>Answers <see cref="FaultyUpstream.Answer"/>, whatever was asked.</summary>
    Answer,
}

/// <summary>
/// A service on real Kestrel that describes itself with the real test host's schema and answers its gateway calls as
/// <see cref="Fault"/> says: passed on to the real service, or with a fault injected (5xx, malformed JSON, a body past
/// the cap, a value of the wrong type, no answer at all). It records the calls it gets and the ones cancelled.
/// </summary>
public sealed class FaultyUpstream(Uri realService) : IAsyncDisposable
{
    private WebApplication? _app;
    private readonly HttpClient _real = new() { BaseAddress = realService };

    public UpstreamFault Fault { get; set; }

    /// <summary>The body of every answer under <see cref="UpstreamFault.Answer"/>.</summary>
    public string Answer { get; set; } = "{}";

    public ConcurrentQueue<string> Queries { get; } = new();

    /// <summary>Completed when a hanging call was cancelled by its caller (the gateway).</summary>
    public TaskCompletionSource Cancelled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public Uri BaseAddress => new(_app!.Urls.First());

    public async Task StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        _app = builder.Build();
        _app.MapGet("/popcorn/schema", async () => Results.Text(await _real.GetStringAsync("/popcorn/schema"), "application/json"));
        _app.MapGet("/graphql", async (HttpContext context) =>
        {
            Queries.Enqueue(context.Request.Query["query"].ToString());
            switch (Fault)
            {
                case UpstreamFault.ServerError:
                    return Results.StatusCode(503);
                case UpstreamFault.MalformedJson:
                    return Results.Text("{\"data\":{\"employees\":[{\"firstName\":", "application/json");
                case UpstreamFault.Oversized:
                    return Results.Text("{\"data\":{\"employees\":[" + string.Join(",", Enumerable.Repeat("{\"firstName\":\"" + new string('x', 1000) + "\"}", 200)) + "]}}", "application/json");
                case UpstreamFault.NullRootElement:
                    return Results.Text("{\"data\":{\"employees\":[{\"firstName\":\"Ada\",\"skills\":[]},null]}}", "application/json");
                case UpstreamFault.NullElement:
                    return Results.Text("{\"data\":{\"employees\":[{\"firstName\":\"Ada\",\"skills\":[\"C#\",null]}]}}", "application/json");
                case UpstreamFault.Answer:
                    return Results.Text(Answer, "application/json");
                case UpstreamFault.BreaksSchema:
                    return Results.Text("{\"data\":{\"employees\":[{\"firstName\":\"Ada\"},{\"firstName\":42}]}}", "application/json");
                case UpstreamFault.Hangs:
                    try
                    {
                        await Task.Delay(Timeout.Infinite, context.RequestAborted);
                    }
                    catch (OperationCanceledException)
                    {
                        Cancelled.TrySetResult();
                    }

                    return Results.Empty;
                default:
                    string body = await _real.GetStringAsync("/graphql" + context.Request.QueryString);
                    return Results.Text(body, "application/json", Encoding.UTF8);
            }
        });
        await _app.StartAsync();
    }


    public async ValueTask DisposeAsync()
    {
        _real.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }
}
