using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Turns whatever an endpoint returned into the response Popcorn writes, or leaves it alone.</summary>
internal static class PopcornResultFactory
{
    /// <summary>
    /// Wraps a Minimal API handler's <paramref name="result"/> for Popcorn when it is (or carries, as <c>Ok&lt;T&gt;</c>
    /// or <c>Created&lt;T&gt;</c> do) a modeled value; other <see cref="IResult"/>s (404s, problems) and unmodeled
    /// values pass through unchanged.
    /// </summary>
    public static object? FromHandlerResult(object? result, PopcornRegistry registry, string? query, ResultShape? declared, SelectionPlan? declaredPlan)
    {
        while (result is INestedHttpResult nested)
        {
            result = nested.Result;
        }

        if (result is not IResult)
        {
            return FromValue(result, StatusCodes.Status200OK, location: null, registry, query, declared, declaredPlan) ?? result;
        }

        if (result is not IValueHttpResult valueResult || result is not IStatusCodeHttpResult { StatusCode: >= 200 and < 300 } status)
        {
            return result;
        }

        object? value = valueResult.Value;
        var shape = ShapeOf(value, registry, declared);
        string? location = shape?.Writer.Accept(new LocationReader(result));
        return FromValue(value, status.StatusCode ?? StatusCodes.Status200OK, location, registry, query, declared, declaredPlan) ?? result;
    }

    /// <summary>The Popcorn response for <paramref name="value"/>, a problem when the selection does not fit its type, or null when Popcorn does not model it.</summary>
    public static IResult? FromValue(object? value, int statusCode, string? location, PopcornRegistry registry, string? query, ResultShape? declared, SelectionPlan? declaredPlan)
    {
        var shape = ShapeOf(value, registry, declared);
        if (shape is null)
        {
            return null;
        }

        try
        {
            var plan = declaredPlan is not null && shape.Metadata == declared!.Metadata
                ? declaredPlan
                : registry.Plans.GetOrCompile(shape.Metadata, query);
            return new PopcornResult(value, shape, plan, statusCode, location);
        }
        catch (PopcornQueryException error)
        {
            return PopcornProblems.Result(error);
        }
    }

    private static ResultShape? ShapeOf(object? value, PopcornRegistry registry, ResultShape? declared) =>
        value is null ? declared : registry.ShapeOf(value.GetType());

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
