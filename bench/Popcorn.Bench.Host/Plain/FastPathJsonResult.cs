using System.Buffers;
using System.Collections.Concurrent;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Popcorn.Bench.Host.Plain;

/// <summary>
/// The plain baseline: System.Text.Json's source-generated fast path into a reused buffer, then one write of the body
/// with its Content-Length. The quickest plain response System.Text.Json gives for a large list, and what Popcorn's
/// deep wildcard has to match byte for byte and request for request.
/// </summary>
/// <remarks>
/// <c>TypedResults.Json</c> is not the baseline: its asynchronous serialization keeps the fast path only while
/// responses stay small, and leaves it for a type once large ones have been written, so a thousand orders would be
/// measured on System.Text.Json's slower resumable path (<c>/plain/orders/typed-results</c> serves that for comparison).
/// </remarks>
public sealed class FastPathJsonResult<T>(T value, JsonTypeInfo<T> typeInfo) : IResult
{
    // Buffers outlive requests, as an application's pooled buffers would; one per concurrent request at most.
    private static readonly ConcurrentBag<ArrayBufferWriter<byte>> s_buffers = [];

    /// <summary>Fails at startup, not under load, when a type has no fast-path handler (a converter or an option it does not support).</summary>
    /// <exception cref="InvalidOperationException">The type info has no <see cref="JsonTypeInfo{T}.SerializeHandler"/>.</exception>
    public static JsonTypeInfo<T> Require(JsonTypeInfo<T> typeInfo) =>
        typeInfo.SerializeHandler is not null ? typeInfo : throw new InvalidOperationException($"{typeof(T)} has no System.Text.Json fast-path handler.");

    /// <inheritdoc />
    public async Task ExecuteAsync(HttpContext httpContext)
    {
        if (!s_buffers.TryTake(out var buffer))
        {
            buffer = new ArrayBufferWriter<byte>(1024 * 1024);
        }

        try
        {
            buffer.ResetWrittenCount();
            using (var writer = new Utf8JsonWriter(buffer))
            {
                JsonSerializer.Serialize(writer, value, typeInfo);
            }

            var response = httpContext.Response;
            response.StatusCode = StatusCodes.Status200OK;
            response.ContentType = "application/json; charset=utf-8";
            response.ContentLength = buffer.WrittenCount;
            await response.Body.WriteAsync(buffer.WrittenMemory, httpContext.RequestAborted);
        }
        finally
        {
            s_buffers.Add(buffer);
        }
    }
}
