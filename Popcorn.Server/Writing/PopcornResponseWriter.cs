using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Writes a model (or a sequence of models) with its generated writer straight into the response body's
/// <see cref="System.IO.Pipelines.PipeWriter"/>: no intermediate string, no whole-body buffer, a pooled JSON writer.
/// </summary>
internal sealed class PopcornResponseWriter(PopcornRegistry registry, IEnumerable<IPopcornSourceProjector> projectors)
{
    private static readonly JsonEncodedText s_success = JsonEncodedText.Encode("success");
    private static readonly JsonEncodedText s_data = JsonEncodedText.Encode("data");

    private readonly Utf8JsonWriterPool _pool = new(registry.Options.WriterOptions);
    private readonly bool _useEnvelope = registry.Options.UseEnvelope;
    private readonly ConcurrentDictionary<PopcornTypeWriter, SequenceWriter> _sequenceWriters = new(ReferenceEqualityComparer.Instance);
    private readonly IPopcornSourceProjector[] _projectors = projectors.ToArray();

    public Task WriteAsync(HttpContext context, object? value, ResultShape shape, SelectionPlan plan, int statusCode) =>
        WriteDocumentAsync(context, statusCode, "application/json; charset=utf-8", PopcornTelemetryTags.EndpointRest, (this, context, value, shape, plan), static async (json, state) =>
        {
            var (self, context, value, shape, plan) = state;
            bool envelope = self._useEnvelope;
            if (envelope)
            {
                json.WriteStartObject();
                json.WriteBoolean(s_success, true);
                json.WritePropertyName(s_data);
            }

            await self.WriteValueAsync(json, value, shape, plan, context);
            if (envelope)
            {
                json.WriteEndObject();
            }
        });

    /// <summary>
    /// Sets the status and content type, then lets <paramref name="writeBody"/> write one JSON document through a
    /// pooled writer onto the response's pipe, and flushes it. The state is passed through so callers can use static
    /// lambdas and allocate no closure per request. The bytes written are recorded for <paramref name="endpointKind"/>
    /// (a <c>PopcornTelemetryTags.Endpoint*</c> value), in a write span.
    /// </summary>
    public async Task WriteDocumentAsync<TState>(HttpContext context, int statusCode, string contentType, string endpointKind, TState state, Func<Utf8JsonWriter, TState, ValueTask> writeBody)
    {
        var response = context.Response;
        response.StatusCode = statusCode;
        response.ContentType = contentType;
        using var span = PopcornTracing.StartWrite();
        var json = _pool.Rent(response.BodyWriter);
        try
        {
            await writeBody(json, state);
            json.Flush();

            // The writer is reset for each response and flushed to the pipe as it goes, so what it committed is the body.
            registry.Metrics.ResponseWritten(json.BytesCommitted, endpointKind);
            PopcornTracing.Written(span, json.BytesCommitted);
        }
        finally
        {
            _pool.Return(json);
        }

        await response.BodyWriter.FlushAsync(context.RequestAborted);
    }

    /// <summary>Writes one value into an already open JSON document (the gateway's <c>data</c> object).</summary>
    public async ValueTask WriteValueAsync(Utf8JsonWriter json, object? value, ResultShape shape, SelectionPlan plan, HttpContext context)
    {
        if (value is null || !shape.IsSequence)
        {
            shape.Writer.WriteObject(json, value, plan);
            return;
        }

        // A data-access package (Popcorn.EntityFrameworkCore) may compose the plan into an IQueryable here, so the
        // source reads only the selected data; with none registered this is a no-op.
        foreach (var projector in _projectors)
        {
            var projected = await projector.ProjectAsync(value, shape.Writer.Type, plan, context.RequestAborted);
            if (!ReferenceEquals(projected, value))
            {
                value = projected;
                break;
            }
        }

        var sequenceWriter = _sequenceWriters.GetOrAdd(shape.Writer, static w => w.Accept(SequenceWriter.Factory.Instance));
        await sequenceWriter.WriteAsync(json, value, plan, context.Response.BodyWriter, context.RequestAborted);
    }
}
