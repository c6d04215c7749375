using System.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A writer refused a null element of a list typed non-null (<see cref="PopcornNullElementException"/>) while a root
/// field was written. The GraphQL specification makes such a null propagate to the nearest nullable ancestor; the
/// writers stream, so the bytes of the ancestors are already written, and the whole answer is withheld instead: while
/// nothing was sent, <c>{"data": null, "errors": [...]}</c> (what the rule gives when every ancestor is non-null, and a
/// shape every client handles); after, the connection is aborted, so no client reads a list its schema says cannot
/// hold a null. docs/graphql-syntax.md ("List element types").
/// </summary>
internal sealed class NullElementRefusal(GatewayStep step, PopcornNullElementException inner) : Exception(inner.Message, inner)
{
    /// <summary>The root field being written.</summary>
    public GatewayStep Step { get; } = step;

    /// <summary>The list that held the null.</summary>
    public FieldMetadata Field { get; } = inner.Field;

    /// <summary>Answers for the refused response: the error alone while nothing was sent, else an aborted connection.</summary>
    public async Task AnswerAsync(PopcornResponseWriter writer, HttpContext context, ILogger logger)
    {
        string traceId = Activity.Current?.TraceId.ToString() ?? context.TraceIdentifier;
        string list = $"{Field.DeclaringType.Name}.{Field.WireName}";
        logger.NullListElement(list, Step.Key, traceId);
        if (context.Response.HasStarted)
        {
            context.Abort();
            return;
        }

        var error = new GraphQLError($"A list element of '{list}' is null, which its non-null element type does not allow, so no data is sent. The server logged it.",
            Step.Location, Step.Key, "INTERNAL_SERVER_ERROR", TraceId: traceId);
        await GatewayResponses.WriteWithheldAsync(writer, context, error);
    }
}
