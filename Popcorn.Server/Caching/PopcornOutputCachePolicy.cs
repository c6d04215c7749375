using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>
/// Makes ASP.NET Core output caching correct for Popcorn endpoints out of the box: the selection (from the query
/// parameter or the header) is part of every cached entry's key, so one selection's body is never served for another.
/// Output caching keys by the query string by default, but not by request headers, and an endpoint's own policy may
/// narrow the query keys; this base policy adds both selection sources as vary values whatever the endpoint's policy
/// says. It never turns caching on: that stays the app's choice (<c>.CacheOutput()</c>, <c>[OutputCache]</c>).
/// </summary>
internal sealed class PopcornOutputCachePolicy : IOutputCachePolicy
{
    public static readonly PopcornOutputCachePolicy Instance = new();

    private const string QueryKey = "popcorn-query";
    private const string HeaderKey = "popcorn-header";

    public ValueTask CacheRequestAsync(OutputCacheContext context, CancellationToken cancellation)
    {
        var http = context.HttpContext;
        if (http.GetEndpoint()?.Metadata.GetMetadata<IPopcornEndpointMetadata>() is not null)
        {
            var options = http.RequestServices.GetRequiredService<PopcornRegistry>().Options;
            context.CacheVaryByRules.VaryByValues[QueryKey] = http.Request.Query[options.QueryParameterName].ToString();
            context.CacheVaryByRules.VaryByValues[HeaderKey] = http.Request.Headers[options.HeaderName].ToString();
        }

        // Field authorization: callers refused different policies never share an entry (docs/authorization.md).
        return FieldAccessVary.AddAsync(context);
    }

    public ValueTask ServeFromCacheAsync(OutputCacheContext context, CancellationToken cancellation) => ValueTask.CompletedTask;

    public ValueTask ServeResponseAsync(OutputCacheContext context, CancellationToken cancellation)
    {
        FieldAccessVary.RefuseUnvariedStorage(context); // field authorization: see docs/authorization.md
        return ValueTask.CompletedTask;
    }
}
