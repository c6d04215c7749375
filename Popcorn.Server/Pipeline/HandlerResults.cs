using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Takes the value Popcorn writes out of what a handler returned: a plain value, or a typed result carrying one.</summary>
internal static class HandlerResults
{
    /// <summary>The value inside <paramref name="result"/>, with the status and <c>Location</c> its typed result carries.</summary>
    public static Unwrapped Unwrap(object? result, PopcornRegistry registry, ResultShape? declared)
    {
        while (result is INestedHttpResult nested)
        {
            result = nested.Result;
        }

        if (result is not IResult)
        {
            return new Unwrapped(true, result, StatusCodes.Status200OK, Location: null);
        }

        if (result is not IValueHttpResult valueResult || result is not IStatusCodeHttpResult { StatusCode: >= 200 and < 300 } status)
        {
            return default;
        }

        object? value = valueResult.Value;
        string? location = ShapeOf(value, registry, declared)?.Writer.Accept(new LocationReader(result));
        return new Unwrapped(true, value, status.StatusCode ?? StatusCodes.Status200OK, location);
    }

    /// <summary>The shape of a value: its runtime type's when it has one, else what the endpoint declares.</summary>
    public static ResultShape? ShapeOf(object? value, PopcornRegistry registry, ResultShape? declared) =>
        value is null ? declared : registry.ShapeOf(value.GetType());

    /// <summary>A handler's value and how to answer it; <see cref="IsWritable"/> is false for results Popcorn leaves alone.</summary>
    public readonly record struct Unwrapped(bool IsWritable, object? Value, int StatusCode, string? Location);

    /// <summary>Reads the <c>Location</c> of <c>Created&lt;T&gt;</c> and <c>Accepted&lt;T&gt;</c> for the model type, without reflection.</summary>
    private sealed class LocationReader(object result) : IPopcornTypeWriterVisitor<string?>
    {
        public string? Visit<T>(PopcornTypeWriter<T> writer) => result switch
        {
            Created<T> created => created.Location,
            Accepted<T> accepted => accepted.Location,
            _ => null,
        };
    }
}
