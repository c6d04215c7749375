using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>An endpoint's value, to be written by Popcorn with the request's selection, as JSON or in the format the client asked for.</summary>
internal sealed class PopcornResult(RootSources sources, object? value, ResultShape shape, SelectionPlan plan, int statusCode, string? location, ResponseFormat? format = null) : IResult
{
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        if (location is not null)
        {
            httpContext.Response.Headers.Location = location;
        }

        try
        {
            // Where the rows come from (a projected IQueryable, a sequence in memory) is settled first, in one place.
            var services = httpContext.RequestServices;
            // A total the client asked for (Prefer: count=exact) is counted first: one statement at a time per connection.
            var counted = await TotalCountPreference.ApplyAsync(httpContext, sources, value, shape, plan);
            var opened = await sources.OpenAsync(counted, shape, plan, httpContext);
            if (opened is null && value is IPopcornSingleSource)
            {
                // The handler's query for one object found none: the resource does not exist.
                httpContext.Response.Headers.Location = default;
                await PopcornProblems.Result(new ProblemDetails
                {
                    Status = StatusCodes.Status404NotFound,
                    Title = "Not found",
                    Detail = "The requested resource does not exist.",
                }).ExecuteAsync(httpContext);
                return;
            }

            var written = format is null
                ? services.GetRequiredService<PopcornResponseWriter>().WriteAsync(httpContext, opened, shape, plan, statusCode)
                : services.GetRequiredService<PopcornRowsWriter>().WriteAsync(httpContext, opened, shape, plan, statusCode, format);
            if (!await written)
            {
                // Past PopcornOptions.MaxResponseBytes before a byte was sent: nothing was written, so a problem can
                // still say why (a 400: the selection asked for more than this server answers; docs/errors.md).
                httpContext.Response.Headers.Location = default;
                await PopcornProblems.Result(PopcornProblems.ResponseTooLarge(httpContext)).ExecuteAsync(httpContext);
            }
        }
        catch (PopcornSourceLimitExceededException limit)
        {
            // The selection asked the source for more work than the app allows: the client's to narrow or page, a 400
            // while nothing was sent (the held bytes are dropped), else the response is cut off.
            if (httpContext.Response.HasStarted)
            {
                httpContext.Abort();
                return;
            }

            httpContext.Response.Headers.Location = default;
            await PopcornProblems.Result(PopcornProblems.SourceLimitExceeded(limit)).ExecuteAsync(httpContext);
        }
        catch (PopcornSourceUnavailableException unavailable) when (!httpContext.Response.HasStarted)
        {
            // Raised before the first byte was sent (a projector starts the query before writing), so the answer can
            // still be a 503; the provider's message stays in the logs, never in the response.
            httpContext.Response.Headers.Location = default;
            if (unavailable is PopcornSourceBusyException busy)
            {
                httpContext.Response.Headers.RetryAfter = ((int)Math.Ceiling(busy.RetryAfter.TotalSeconds)).ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            await PopcornProblems.Result(new ProblemDetails
            {
                Status = StatusCodes.Status503ServiceUnavailable,
                Title = "Data source unavailable",
                Detail = "The data behind this resource cannot be read right now; try again later.",
            }).ExecuteAsync(httpContext);
        }
    }
}
