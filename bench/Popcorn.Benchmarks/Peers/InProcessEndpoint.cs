using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// One GET of one endpoint with a fixed query string, called without a server: a fresh <see cref="DefaultHttpContext"/>
/// per request, handed to the endpoint's own <see cref="RequestDelegate"/> with the endpoint set on it (OData's filter
/// reads its metadata from there), the response written into a reused <see cref="MemoryStream"/>. Everything from
/// reading the query string to the last byte of the response is the route's; what a server adds (Kestrel, HTTP
/// parsing, the socket) would be the same for every route.
/// </summary>
public sealed class InProcessEndpoint
{
    private readonly RouteEndpoint _endpoint;
    private readonly RequestDelegate _handle;
    private readonly IServiceProvider _services;
    private readonly PathString _path;
    private readonly QueryString _query;

    /// <summary>The GET endpoint at <paramref name="path"/> of <paramref name="app"/>, asked with <paramref name="query"/>.</summary>
    public InProcessEndpoint(WebApplication app, IServiceProvider services, string path, QueryString query)
    {
        _endpoint = ((IEndpointRouteBuilder)app).DataSources.SelectMany(source => source.Endpoints).OfType<RouteEndpoint>()
            .SingleOrDefault(e => e.RoutePattern.RawText == path)
            ?? throw new InvalidOperationException($"No endpoint at {path}.");
        _handle = _endpoint.RequestDelegate ?? throw new InvalidOperationException($"The endpoint at {path} has no request delegate.");
        _services = services;
        _path = path;
        _query = query;
    }

    /// <summary>The body of the last response.</summary>
    public MemoryStream Response { get; } = new(64 * 1024);

    /// <summary>Sends the request; returns the status code.</summary>
    public async Task<int> GetAsync()
    {
        Response.SetLength(0);
        var context = new DefaultHttpContext { RequestServices = _services };
        context.Request.Method = HttpMethods.Get;

        // A server's request has its scheme and host: OData writes them into its @odata.context.
        context.Request.Scheme = "http";
        context.Request.Host = new HostString("localhost");
        context.Request.Path = _path;
        context.Request.QueryString = _query;
        context.Response.Body = Response;
        context.SetEndpoint(_endpoint);
        await _handle(context);
        await context.Response.CompleteAsync();
        return context.Response.StatusCode;
    }
}
