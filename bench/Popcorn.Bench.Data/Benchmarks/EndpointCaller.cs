using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Routing;

namespace Popcorn.Bench.Data.Benchmarks;

/// <summary>
/// Calls an endpoint's request delegate directly, with no server and no socket: the handler, Popcorn's filter, EF
/// Core and the writing into the response body, which is a reused in-memory stream. What is left out (Kestrel,
/// HTTP parsing, the network) is the same for every endpoint; bench/data/run.sh measures it with wrk.
/// </summary>
public sealed class EndpointCaller
{
    private readonly IServiceProvider _services;
    private readonly Dictionary<string, RouteEndpoint> _endpoints;

    public EndpointCaller(WebApplication app)
    {
        _services = app.Services;
        _endpoints = ((IEndpointRouteBuilder)app).DataSources.SelectMany(s => s.Endpoints).OfType<RouteEndpoint>()
            .ToDictionary(e => "/" + e.RoutePattern.RawText!.TrimStart('/'));
    }

    /// <summary>The response body of the last call.</summary>
    public MemoryStream Body { get; } = new();

    /// <summary>GETs <paramref name="path"/> (with its query string); returns the status code.</summary>
    public async Task<int> GetAsync(string path)
    {
        int query = path.IndexOf('?');
        var endpoint = _endpoints[query < 0 ? path : path[..query]];
        await using var scope = _services.CreateAsyncScope();
        var context = new DefaultHttpContext { RequestServices = scope.ServiceProvider };
        context.Request.Method = HttpMethods.Get;
        // A server's request has its scheme and host (OData writes them into its @odata.context).
        context.Request.Scheme = "http";
        context.Request.Host = new HostString("127.0.0.1");
        context.Request.Path = query < 0 ? path : path[..query];
        context.Request.QueryString = query < 0 ? QueryString.Empty : new QueryString(path[query..]);
        Body.SetLength(0);
        context.Response.Body = Body;
        context.SetEndpoint(endpoint);
        await endpoint.RequestDelegate!(context);
        await context.Response.CompleteAsync();
        return context.Response.StatusCode;
    }
}
