using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Popcorn.Bench.Host.Plain;

/// <summary>
/// Writes a value with System.Text.Json's source-generated fast path synchronously straight into the response's pipe,
/// then flushes once: no copy, but the whole body waits in the pipe until the end (the fast path cannot pause to
/// flush). A second plain variant, next to the buffered baseline (<see cref="FastPathJsonResult{T}"/>).
/// </summary>
public sealed class PipeFastPathJsonResult<T>(T value, JsonTypeInfo<T> typeInfo) : IResult
{
    /// <inheritdoc />
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        var response = httpContext.Response;
        response.StatusCode = StatusCodes.Status200OK;
        response.ContentType = "application/json; charset=utf-8";
        using (var writer = new Utf8JsonWriter(response.BodyWriter))
        {
            JsonSerializer.Serialize(writer, value, typeInfo);
        }

        await response.BodyWriter.FlushAsync(httpContext.RequestAborted);
    }
}
