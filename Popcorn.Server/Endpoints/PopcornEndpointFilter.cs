using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The Minimal API filter behind <c>.WithPopcorn()</c>: reads and compiles the selection before the handler
/// runs (so a bad query never creates anything), then has Popcorn write the handler's value.
/// </summary>
internal static class PopcornEndpointFilter
{
    public static EndpointFilterDelegate Create(EndpointFilterFactoryContext factoryContext, EndpointFilterDelegate next)
    {
        var services = factoryContext.ApplicationServices;
        var registry = services.GetRequiredService<PopcornRegistry>();
        var declared = registry.ShapeOf(factoryContext.MethodInfo.ReturnType);
        if (declared is null)
        {
            services.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(PopcornEndpointFilter).FullName!)
                .ReturnTypeNotModeled(factoryContext.MethodInfo.ReturnType.ToString(), factoryContext.MethodInfo.Name);
        }

        return async invocation =>
        {
            string? query;
            SelectionPlan? plan = null;
            try
            {
                query = RequestSelection.Read(invocation.HttpContext.Request, registry.Options);
                if (declared is not null)
                {
                    plan = registry.Plans.GetOrCompile(declared.Metadata, query);
                }
            }
            catch (PopcornQueryException error)
            {
                return PopcornProblems.Result(error);
            }

            var result = await next(invocation);
            return PopcornResultFactory.FromHandlerResult(result, registry, query, declared, plan);
        };
    }
}
