using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
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

    /// <summary>Opts in; the model type is read from the action's return type or its <c>[ProducesResponseType]</c>.</summary>
    public PopcornAttribute()
    {
    }

    /// <summary>
    /// Opts in with the model type said explicitly, for actions whose return type does not say it
    /// (<c>IActionResult</c>, <c>IResult</c>): <c>[Popcorn(typeof(Order))]</c>. The selection is then checked against
    /// it before the action runs.
    /// </summary>
    /// <param name="modelType">The model (or sequence of models) the action answers with.</param>
    public PopcornAttribute(Type modelType)
    {
        ArgumentNullException.ThrowIfNull(modelType);
        ModelType = modelType;
    }

    /// <summary>The model type given explicitly, or null when it is read from the action or endpoint.</summary>
    public Type? ModelType { get; }

    /// <inheritdoc />
    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(next);
        var pipeline = context.HttpContext.RequestServices.GetRequiredService<PopcornPipeline>();
        var (exchange, problem) = await pipeline.BeginAsync(context.HttpContext);
        if (problem is not null)
        {
            context.Result = new HttpResultActionResult(problem);
            return;
        }

        context.HttpContext.Items[s_exchangeKey] = exchange;
        await next();
    }

    /// <inheritdoc />
    public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(next);
        if (context.Result is ObjectResult { StatusCode: null or (>= 200 and < 300) } objectResult
            && context.HttpContext.Items[s_exchangeKey] is PopcornExchange exchange)
        {
            var pipeline = context.HttpContext.RequestServices.GetRequiredService<PopcornPipeline>();
            int statusCode = objectResult.StatusCode ?? StatusCodes.Status200OK;
            string? location = CreatedLocation.Of(objectResult, context);
            if (await pipeline.CompleteAsync(context.HttpContext, exchange, objectResult.Value, statusCode, location) is { } result)
            {
                context.Result = new HttpResultActionResult(result);
            }
        }

        await next();
    }

    /// <summary>Runs an <see cref="IResult"/> as an MVC action result.</summary>
    private sealed class HttpResultActionResult(IResult result) : IActionResult
    {
        public Task ExecuteResultAsync(ActionContext context) => result.ExecuteAsync(context.HttpContext);
    }
}
