using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Bench.Host;

namespace Popcorn.Benchmarks.GraphQL;

/// <summary>
/// The bench host (<see cref="BenchHostApp"/>, the server bench/http/run.sh runs under wrk) without Kestrel: each
/// request is a fresh <see cref="DefaultHttpContext"/> handed to the endpoint's own <see cref="RequestDelegate"/>, its
/// body read from memory and its response written into a reused <see cref="MemoryStream"/>. Both engines pay the same
/// for that; everything from reading the JSON body to the last byte of the response is theirs.
/// </summary>
public sealed class InProcessHost : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly AsyncServiceScope _scope;
    private readonly MemoryStream _response = new(64 * 1024);

    public InProcessHost()
    {
        _app = BenchHostApp.Build(["--Logging:LogLevel:Default=Warning"]);
        _scope = _app.Services.CreateAsyncScope();
        var endpoints = ((IEndpointRouteBuilder)_app).DataSources.SelectMany(source => source.Endpoints).OfType<RouteEndpoint>().ToArray();
        Popcorn = Find(endpoints, GraphQLPaths.Popcorn, HttpMethods.Post);
        GraphQLNet = Find(endpoints, GraphQLPaths.GraphQLNet, HttpMethods.Post);
        GraphQLNetCached = Find(endpoints, GraphQLPaths.GraphQLNetCached, HttpMethods.Post);
        Rest = Find(endpoints, GraphQLPaths.RestDepartments, HttpMethods.Get);
        Floor = Find(endpoints, GraphQLPaths.Floor, HttpMethods.Post);
        Orders = Find(endpoints, "/orders", HttpMethods.Get);
        PlainOrders = Find(endpoints, "/plain/orders", HttpMethods.Get);
        PlainNarrowOrders = Find(endpoints, "/plain/orders/narrow", HttpMethods.Get);
        PlainNarrowOrdersCsv = Find(endpoints, "/plain/orders/narrow.csv", HttpMethods.Get);
    }

    /// <summary>The 1,000 acyclic orders over Popcorn REST, GET (bench/http/run.sh's fair baseline data).</summary>
    public RequestDelegate Orders { get; }

    /// <summary>The same orders through plain System.Text.Json's fast path, buffered (the HTTP run's baseline), GET.</summary>
    public RequestDelegate PlainOrders { get; }

    /// <summary>The narrow selection of the orders written by hand, plain System.Text.Json (<c>/plain/orders/narrow</c>).</summary>
    public RequestDelegate PlainNarrowOrders { get; }

    /// <summary><c>GET /plain/orders/narrow.csv</c>: the narrow selection as CSV written by hand.</summary>
    public RequestDelegate PlainNarrowOrdersCsv { get; }

    /// <summary>Popcorn's gateway, POST.</summary>
    public RequestDelegate Popcorn { get; }

    /// <summary>GraphQL.NET, POST: parses and validates every request.</summary>
    public RequestDelegate GraphQLNet { get; }

    /// <summary>GraphQL.NET with a document cache, POST.</summary>
    public RequestDelegate GraphQLNetCached { get; }

    /// <summary>The small query's answer with no GraphQL work (the body read, the constant bytes written), POST.</summary>
    public RequestDelegate Floor { get; }

    /// <summary>The departments over Popcorn REST, GET.</summary>
    public RequestDelegate Rest { get; }

    /// <summary>The bytes of the last response.</summary>
    public ReadOnlySpan<byte> LastResponse => _response.GetBuffer().AsSpan(0, (int)_response.Length);

    /// <summary>POSTs <paramref name="body"/> (a GraphQL request) to <paramref name="endpoint"/>; returns the status.</summary>
    public async Task<int> PostAsync(RequestDelegate endpoint, byte[] body)
    {
        var context = NewContext(HttpMethods.Post);
        context.Request.ContentType = "application/json";
        context.Request.ContentLength = body.Length;
        context.Request.Body = new MemoryStream(body, writable: false);
        await endpoint(context);
        await context.Response.CompleteAsync();
        return context.Response.StatusCode;
    }

    /// <summary>GETs <paramref name="endpoint"/> with <paramref name="query"/> (<c>?include=...</c>); returns the status.</summary>
    public async Task<int> GetAsync(RequestDelegate endpoint, QueryString query, string? accept = null)
    {
        var context = NewContext(HttpMethods.Get);
        context.Request.QueryString = query;
        if (accept is not null)
        {
            context.Request.Headers.Accept = accept;
        }

        await endpoint(context);
        await context.Response.CompleteAsync();
        return context.Response.StatusCode;
    }

    /// <summary>The last response as text, for the setup checks' messages.</summary>
    public string LastResponseText() => Encoding.UTF8.GetString(LastResponse);

    /// <summary>The last response's <c>data</c>, re-serialized compactly (for comparing engines).</summary>
    public string LastData()
    {
        using var document = JsonDocument.Parse(_response.ToArray());
        if (document.RootElement.TryGetProperty("errors", out var errors))
        {
            throw new InvalidOperationException("The response has errors: " + errors.GetRawText());
        }

        return document.RootElement.GetProperty("data").GetRawText();
    }

    private DefaultHttpContext NewContext(string method)
    {
        _response.SetLength(0);
        var context = new DefaultHttpContext { RequestServices = _scope.ServiceProvider };
        context.Request.Method = method;
        context.Request.Scheme = "http";
        context.Request.Host = new HostString("localhost");
        context.Response.Body = _response;
        return context;
    }

    private static RequestDelegate Find(RouteEndpoint[] endpoints, string path, string method) =>
        endpoints.First(e => e.RoutePattern.RawText?.TrimEnd('/') == path
            && e.Metadata.GetMetadata<Microsoft.AspNetCore.Routing.HttpMethodMetadata>()?.HttpMethods.Contains(method) == true).RequestDelegate
        ?? throw new InvalidOperationException($"No {method} endpoint at {path}.");

    public async ValueTask DisposeAsync()
    {
        await _scope.DisposeAsync();
        await _app.DisposeAsync();
    }
}
