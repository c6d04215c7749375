using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>An endpoint's value, to be written by Popcorn with the request's selection.</summary>
internal sealed class PopcornResult(object? value, ResultShape shape, SelectionPlan plan, int statusCode, string? location) : IResult
{
    public Task ExecuteAsync(HttpContext httpContext)
    {
        if (location is not null)
        {
            httpContext.Response.Headers.Location = location;
        }

        return httpContext.RequestServices.GetRequiredService<PopcornResponseWriter>()
            .WriteAsync(httpContext, value, shape, plan, statusCode);
    }
}
