using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>The Minimal API filter behind <c>.WithPopcorn()</c>: adapts <see cref="PopcornPipeline"/> to an endpoint filter.</summary>
internal static class PopcornEndpointFilter
{
    /// <summary>
    /// The endpoints already given the filter: an endpoint opted in twice (its group and itself) gets it once. Every
    /// filter factory of one endpoint is called with the same context, so it identifies the endpoint being built.
    /// </summary>
    private static readonly ConditionalWeakTable<EndpointFilterFactoryContext, object> s_filtered = new();

    public static EndpointFilterDelegate Create(EndpointFilterFactoryContext factoryContext, EndpointFilterDelegate next)
    {
        if (!s_filtered.TryAdd(factoryContext, s_filtered))
        {
            return next;
        }

        var pipeline = factoryContext.ApplicationServices.GetRequiredService<PopcornPipeline>();
        return async invocation =>
        {
            var (exchange, problem) = await pipeline.BeginAsync(invocation.HttpContext);
            if (problem is not null)
            {
                return problem;
            }

            object? result;
            using (PopcornTracing.StartResolve(field: null))
            {
                result = await next(invocation);
            }

            return await pipeline.CompleteAsync(invocation.HttpContext, exchange, result);
        };
    }
}
