using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server;

/// <summary>
/// Opts an MVC action or controller in to Popcorn: the selection is read and checked before the action
/// runs (a bad query never reaches it), and the action's value is written with the generated writer.
/// As endpoint metadata it also marks Minimal API endpoints (which <c>.WithPopcorn()</c> adds for you).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
public sealed class PopcornAttribute : Attribute, IPopcornEndpointMetadata, IAsyncActionFilter, IAsyncAlwaysRunResultFilter
{
    private static readonly object s_exchangeKey = new();

    /// <inheritdoc />
    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(next);
        var pipeline = context.HttpContext.RequestServices.GetRequiredService<PopcornPipeline>();
        var declared = context.ActionDescriptor is ControllerActionDescriptor action ? pipeline.Registry.ShapeOf(action.MethodInfo.ReturnType) : null;
        if (!pipeline.TryBegin(context.HttpContext, declared, out var exchange, out var problem))
        {
            context.Result = new HttpResultActionResult(problem);
            return;
        }

        context.HttpContext.Items[s_exchangeKey] = exchange;
        await next();
    }

    /// <inheritdoc />
    public Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(next);
        if (context.Result is ObjectResult { StatusCode: null or (>= 200 and < 300) } objectResult
            && context.HttpContext.Items[s_exchangeKey] is PopcornExchange exchange)
        {
            var pipeline = context.HttpContext.RequestServices.GetRequiredService<PopcornPipeline>();
            int statusCode = objectResult.StatusCode ?? StatusCodes.Status200OK;
            string? location = (objectResult as CreatedResult)?.Location;
            if (pipeline.Complete(exchange, objectResult.Value, statusCode, location) is { } result)
            {
                context.Result = new HttpResultActionResult(result);
            }
        }

        return next();
    }

    /// <summary>Runs an <see cref="IResult"/> as an MVC action result.</summary>
    private sealed class HttpResultActionResult(IResult result) : IActionResult
    {
        public Task ExecuteResultAsync(ActionContext context) => result.ExecuteAsync(context.HttpContext);
    }
}
