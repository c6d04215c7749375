using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Writes a model (or a sequence of models) with its generated writer straight into the response body's
/// <see cref="System.IO.Pipelines.PipeWriter"/>: no intermediate string, no whole-body buffer, a pooled JSON writer.
/// </summary>
internal sealed class PopcornResponseWriter(PopcornRegistry registry)
{
    private static readonly JsonEncodedText s_success = JsonEncodedText.Encode("success");
    private static readonly JsonEncodedText s_data = JsonEncodedText.Encode("data");

    private readonly Utf8JsonWriterPool _pool = new(registry.Options.WriterOptions);
    private readonly ConcurrentDictionary<PopcornTypeWriter, SequenceWriter> _sequenceWriters = new(ReferenceEqualityComparer.Instance);

    public async Task WriteAsync(HttpContext context, object? value, ResultShape shape, SelectionPlan plan, int statusCode)
    {
        var response = context.Response;
        response.StatusCode = statusCode;
        response.ContentType = "application/json; charset=utf-8";
        var body = response.BodyWriter;
        var json = _pool.Rent(body);
        try
        {
            bool envelope = registry.Options.UseEnvelope;
            if (envelope)
            {
                json.WriteStartObject();
                json.WriteBoolean(s_success, true);
                json.WritePropertyName(s_data);
            }

            if (value is null || !shape.IsSequence)
            {
                shape.Writer.WriteObject(json, value, plan);
            }
            else
            {
                var sequenceWriter = _sequenceWriters.GetOrAdd(shape.Writer, static w => w.Accept(SequenceWriter.Factory.Instance));
                await sequenceWriter.WriteAsync(json, value, plan, body, context.RequestAborted);
            }

            if (envelope)
            {
                json.WriteEndObject();
            }

            json.Flush();
        }
        finally
        {
            _pool.Return(json);
        }

        await body.FlushAsync(context.RequestAborted);
    }

    /// <summary>Writes one value into an already open JSON document (the gateway's <c>data</c> object).</summary>
    public async ValueTask WriteValueAsync(Utf8JsonWriter json, object? value, ResultShape shape, SelectionPlan plan, HttpContext context)
    {
        if (value is null || !shape.IsSequence)
        {
            shape.Writer.WriteObject(json, value, plan);
            return;
        }

        var sequenceWriter = _sequenceWriters.GetOrAdd(shape.Writer, static w => w.Accept(SequenceWriter.Factory.Instance));
        await sequenceWriter.WriteAsync(json, value, plan, context.Response.BodyWriter, context.RequestAborted);
    }

    public Utf8JsonWriter RentWriter(HttpContext context) => _pool.Rent(context.Response.BodyWriter);

    public void ReturnWriter(Utf8JsonWriter json) => _pool.Return(json);
}
