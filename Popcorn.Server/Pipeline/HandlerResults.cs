using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
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

    /// <summary>
    /// The problem a handler answered with, for the envelope to wrap: the details of a <c>ProblemHttpResult</c> or of a
    /// result carrying them (<c>ValidationProblem</c>), or bare
    /// details for a 4xx/5xx without a body (<c>TypedResults.NotFound()</c>). Null for anything else.
    /// </summary>
    public static ProblemDetails? Problem(object? result)
    {
        while (result is INestedHttpResult nested)
        {
            result = nested.Result;
        }

        return result switch
        {
            ProblemHttpResult problem => problem.ProblemDetails,
            IValueHttpResult { Value: ProblemDetails details } => details, // ValidationProblem, BadRequest<ProblemDetails>
            IValueHttpResult => null,
            IStatusCodeHttpResult { StatusCode: >= 400 and var status } => new ProblemDetails { Status = status },
            _ => null,
        };
    }

    /// <summary>
    /// The shape of a value: its runtime type's when it has one, else what the endpoint declares. A value of a type derived
    /// from a declared polymorphic base keeps the base's shape, whose writer writes the discriminator as System.Text.Json
    /// does for the declared type.
    /// </summary>
    public static ResultShape? ShapeOf(object? value, PopcornRegistry registry, ResultShape? declared) =>
        value is null ? declared
        : declared is { IsSequence: false, Metadata: { Polymorphism: not null, ClrType: { } baseType } } && baseType.IsInstanceOfType(value) ? declared
        : registry.ShapeOf(value.GetType());

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
