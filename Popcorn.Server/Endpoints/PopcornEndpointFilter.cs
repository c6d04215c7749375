using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>The Minimal API filter behind <c>.WithPopcorn()</c>: adapts <see cref="PopcornPipeline"/> to an endpoint filter.</summary>
internal static class PopcornEndpointFilter
{
    public static EndpointFilterDelegate Create(EndpointFilterFactoryContext factoryContext, EndpointFilterDelegate next)
    {
        var pipeline = factoryContext.ApplicationServices.GetRequiredService<PopcornPipeline>();
        var declared = pipeline.DeclaredShape(factoryContext.MethodInfo);
        return async invocation =>
        {
            if (!pipeline.TryBegin(invocation.HttpContext, declared, out var exchange, out var problem))
            {
                return problem;
            }

            return pipeline.Complete(exchange, await next(invocation));
        };
    }
}
