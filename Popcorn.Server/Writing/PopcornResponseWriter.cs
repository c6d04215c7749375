using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Writes a model (or a sequence of models) with its generated writer straight into the response body's
/// <see cref="System.IO.Pipelines.PipeWriter"/>: no intermediate string, a pooled JSON writer, flushes at safe points,
/// and at most <see cref="PopcornOptions.MaxResponseBytes"/> bytes. Bytes only: what it is given is already opened for
/// writing (<see cref="RootSources.OpenAsync"/>: a model, rows, or an upstream service's JSON).
/// </summary>
internal sealed class PopcornResponseWriter(PopcornRegistry registry, ILogger<PopcornResponseWriter> logger)
{
    private readonly Utf8JsonWriterPool _pool = new(registry.Options.WriterOptions);
    private readonly EnvelopeWriter _envelope = registry.Envelope;
    private readonly long _maxResponseBytes = registry.Options.MaxResponseBytes;
    private readonly long _etagMaxBytes = registry.Options.ETagMaxBytes;
    private readonly long _responseBufferBytes = registry.Options.ResponseBufferBytes;
    private readonly ConcurrentDictionary<PopcornTypeWriter, SequenceWriter> _sequenceWriters = new(ReferenceEqualityComparer.Instance);

    /// <summary>
    /// Writes an endpoint's value, opened by <see cref="RootSources.OpenAsync"/>; false when it passed the size cap before anything was sent (the caller answers with a
    /// problem). A successful read gets an <c>ETag</c>, and a 304 when the client already holds the body (docs/caching.md).
    /// </summary>
    public Task<bool> WriteAsync(HttpContext context, object? value, ResultShape shape, SelectionPlan plan, int statusCode) =>
        WriteDocumentAsync(context, statusCode, "application/json; charset=utf-8", PopcornTelemetryTags.EndpointRest, (this, context, value, shape, plan), static async (body, state) =>
        {
            var (self, context, value, shape, plan) = state;
            self._envelope.WriteDataStart(body.Json);
            await self.WriteRestValueAsync(body, value, shape, plan, context);
            self._envelope.WriteDataEnd(body.Json);
        });

    /// <summary>
    /// Sets the status and content type, then lets <paramref name="writeBody"/> write one JSON document through a
    /// pooled writer onto the response's pipe, and flushes it. The state is passed through so callers can use static
    /// lambdas and allocate no closure per request. The bytes written are recorded for <paramref name="endpointKind"/>
    /// (a <c>PopcornTelemetryTags.Endpoint*</c> value), in a write span.
    /// </summary>
    /// <returns>
    /// False when the document passed <see cref="PopcornOptions.MaxResponseBytes"/> before anything was sent: nothing
    /// was written and the caller answers with an error. Past the cap after bytes were sent, the connection is aborted,
    /// so the client sees a cut-off body rather than JSON that looks complete; that returns true (the response is over).
    /// The bytes written are recorded for <paramref name="endpointKind"/> (see docs/observability.md).
    /// </returns>
    public async Task<bool> WriteDocumentAsync<TState>(HttpContext context, int statusCode, string contentType, string endpointKind, TState state, Func<ResponseBody, TState, ValueTask> writeBody)
    {
        var response = context.Response;
        response.StatusCode = statusCode;
        response.ContentType = contentType;
        bool tagged = _etagMaxBytes > 0 && endpointKind == PopcornTelemetryTags.EndpointRest && EntityTags.Applies(context, statusCode);
        using var span = PopcornTracing.StartWrite();
        using (var body = new ResponseBody(response, _maxResponseBytes, _pool, tagged ? _etagMaxBytes : 0, _responseBufferBytes))
        {
            try
            {
                await writeBody(body, state);
                if (tagged && EntityTags.TryCompute(body, out string etag))
                {
                    response.Headers.ETag = etag;
                    if (EntityTags.ClientHasCurrent(context, etag))
                    {
                        // The held body is dropped with the ResponseBody; a 304 carries the ETag and Vary already set.
                        response.StatusCode = StatusCodes.Status304NotModified;
                        response.ContentType = null;
                        registry.Metrics.NotModified(body.BytesWritten, endpointKind);
                        return true;
                    }
                }

                if (body.TryGetWholeLength(out long length) && !response.HasStarted)
                {
                    // The whole body is in hand: one write with its length, as a buffered serializer would send it.
                    response.ContentLength = length;
                }

                await body.CompleteAsync(context.RequestAborted);
                registry.Metrics.ResponseWritten(body.BytesWritten, endpointKind);
                PopcornTracing.Written(span, body.BytesWritten);
            }
            catch (ResponseTooLargeException e)
            {
                logger.ResponseTooLarge(context.Request.Method, context.Request.Path.Value, e.Limit, body.HasSentBytes);
                if (!body.HasSentBytes)
                {
                    return false;
                }

                context.Abort();
                return true;
            }
        }

        await response.BodyWriter.FlushAsync(context.RequestAborted);
        return true;
    }

    /// <summary>
    /// A REST resource's value: as <see cref="WriteValueAsync"/>, but a full root page that pages by cursor (<c>first</c>
    /// and an order with tie-breakers) is read before it is written, so its <c>Link: rel="next"</c> can be sent first.
    /// </summary>
    private async ValueTask WriteRestValueAsync(ResponseBody body, object? prepared, ResultShape shape, SelectionPlan plan, HttpContext context)
    {
        // An upstream service's JSON is its page already; its Link comes from the cursor the service issued (UpstreamResourceHandler).
        if (prepared is not (null or UpstreamValue) && shape.IsSequence && plan.Arguments is { First: > 0 and var first, Cursors: { } cursors } arguments
            && RequestSelection.Read(context.Request, registry.Options, out _) is { } text)
        {
            var sequenceWriter = _sequenceWriters.GetOrAdd(shape.Writer, static w => w.Accept(SequenceWriter.Factory.Instance));
            bool queried = prepared is IPopcornArrangedSource;
            var (page, count, last) = await sequenceWriter.ReadPageAsync(prepared, queried ? null : arguments, context.RequestAborted);
            if (count == first && last is not null)
            {
                NextPageLink.Add(context, registry.Options, text, cursors, last);
            }

            // The root list is arranged now, by the query or just above; nested lists still are by the writers unless the query did them.
            await sequenceWriter.WriteAsync(body, page, queried ? plan.ForQueriedRows() : plan.WithArguments(null), context);
            return;
        }

        await WriteValueAsync(body, prepared, shape, plan, context);
    }

    /// <summary>
    /// Writes a value <see cref="RootSources.OpenAsync"/> returned into an already open JSON document (a REST body, the
    /// gateway's <c>data</c> object): an upstream service's JSON as it is, one model in parts, a sequence as an array.
    /// </summary>
    public async ValueTask WriteValueAsync(ResponseBody body, object? value, ResultShape shape, SelectionPlan plan, HttpContext context)
    {
        if (value is UpstreamValue upstream)
        {
            // Already projected by the plan and checked against the service's schema as it was copied in.
            body.Json.WriteRawValue(upstream.Json.Span, skipInputValidation: true);
            return;
        }

        if (value is not null && !shape.IsSequence && plan.ResolvesInBatches)
        {
            // One object: its [BatchResolved] fields (and those below it) resolved before any of it is written.
            var values = BatchLevels.Begin(context, out var levels);
            await levels.ResolveAsync(values, [value], plan, context);
        }

        if (value is null || !shape.IsSequence)
        {
            // The generated writers are synchronous (the cycle path is per thread), so one object is written in parts
            // cut at its top-level keys, flushed between them: a single resource with many large members streams.
            int next = 0;
            while ((next = shape.Writer.WriteObjectPart(body.Json, value, plan, next, ResponseBody.FlushThreshold)) >= 0)
            {
                await body.FlushAsync(context.RequestAborted);
            }

            return;
        }

        if (value is IPopcornArrangedSource)
        {
            // The source applied the list arguments (a projected query): applying them again would skip twice.
            plan = plan.ForQueriedRows();
        }

        var sequenceWriter = _sequenceWriters.GetOrAdd(shape.Writer, static w => w.Accept(SequenceWriter.Factory.Instance));
        await sequenceWriter.WriteAsync(body, value, plan, context);
    }
}
