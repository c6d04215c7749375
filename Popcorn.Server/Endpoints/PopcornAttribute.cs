using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Opts an MVC action or controller in to Popcorn: the selection is read and checked before the action
/// runs (a bad query never reaches it), and the action's value is written with the generated writer.
/// As endpoint metadata it also marks Minimal API endpoints (which <c>.WithPopcorn()</c> adds for you).
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
public sealed class PopcornAttribute : Attribute, IPopcornEndpointMetadata, IAsyncActionFilter, IAsyncAlwaysRunResultFilter
{
    private static readonly object s_stateKey = new();

    /// <inheritdoc />
    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(next);
        var registry = context.HttpContext.RequestServices.GetRequiredService<PopcornRegistry>();
        var declared = context.ActionDescriptor is ControllerActionDescriptor action ? registry.ShapeOf(action.MethodInfo.ReturnType) : null;
        try
        {
            string? query = RequestSelection.Read(context.HttpContext.Request, registry.Options);
            var plan = declared is null ? null : registry.Plans.GetOrCompile(declared.Metadata, query);
            context.HttpContext.Items[s_stateKey] = new ActionState(query, declared, plan);
        }
        catch (PopcornQueryException error)
        {
            context.Result = new HttpResultActionResult(PopcornProblems.Result(error));
            return;
        }

        await next();
    }

    /// <inheritdoc />
    public Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(next);
        if (context.Result is ObjectResult { StatusCode: null or (>= 200 and < 300) } objectResult
            && context.HttpContext.Items[s_stateKey] is ActionState state)
        {
            var registry = context.HttpContext.RequestServices.GetRequiredService<PopcornRegistry>();
            int statusCode = objectResult.StatusCode ?? StatusCodes.Status200OK;
            string? location = (objectResult as CreatedResult)?.Location;
            if (PopcornResultFactory.FromValue(objectResult.Value, statusCode, location, registry, state.Query, state.Declared, state.Plan) is { } result)
            {
                context.Result = new HttpResultActionResult(result);
            }
        }

        return next();
    }

    private sealed record ActionState(string? Query, ResultShape? Declared, SelectionPlan? Plan);

    /// <summary>Runs an <see cref="IResult"/> as an MVC action result.</summary>
    private sealed class HttpResultActionResult(IResult result) : IActionResult
    {
        public Task ExecuteResultAsync(ActionContext context) => result.ExecuteAsync(context.HttpContext);
    }
}
