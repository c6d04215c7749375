using System.Collections.Concurrent;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Writes an endpoint's value (opened by <see cref="RootSources.OpenAsync"/>) as CSV or JSON Lines: the same size cap, held first bytes, streaming, ETag and
/// metrics as JSON (<see cref="PopcornResponseWriter.WriteDocumentAsync{TState}"/>), with rows instead of one document.
/// Never enveloped: a table or a stream of lines has no place for <c>success</c>/<c>data</c>.
/// </summary>
internal sealed class PopcornRowsWriter(PopcornRegistry registry, PopcornResponseWriter responses)
{
    private readonly ConcurrentDictionary<PopcornTypeWriter, RowWriter> _rowWriters = new(ReferenceEqualityComparer.Instance);
    private readonly PopcornResponseWriter _responses = responses;
    private readonly System.Text.Json.JsonWriterOptions _options = registry.Options.WriterOptions;

    /// <summary>Writes the value in <paramref name="format"/>; false when it passed the size cap before anything was sent (the caller answers with a problem).</summary>
    public Task<bool> WriteAsync(HttpContext context, object? value, ResultShape shape, SelectionPlan plan, int statusCode, ResponseFormat format) =>
        _responses.WriteDocumentAsync(context, statusCode, format.ContentType, PopcornTelemetryTags.EndpointRest, (this, context, value, shape, plan, format), static async (body, state) =>
        {
            var (self, context, value, shape, plan, format) = state;
            if (value is IPopcornArrangedSource)
            {
                // The source applied the list arguments (a projected query): applying them again would skip twice.
                plan = plan.ForQueriedRows();
            }

            var rowWriter = self._rowWriters.GetOrAdd(shape.Writer, static w => w.Accept(RowWriter.Factory.Instance));
            using var sink = RowSink.Create(format, body, plan, self._options);
            await rowWriter.WriteAsync(body, sink, value, shape.IsSequence, plan, context);
        });

    /// <summary>
    /// Writes an upstream service's answer (<see cref="UpstreamValue"/>: JSON already projected by the plan and checked
    /// against the service's schema) in <paramref name="format"/>: each element of the array, or the one object, is a
    /// row, its JSON handed to the sink as a generated writer's would be. False when it passed the size cap first.
    /// </summary>
    public Task<bool> WriteAsync(HttpContext context, UpstreamValue value, bool isSequence, SelectionPlan plan, int statusCode, ResponseFormat format) =>
        _responses.WriteDocumentAsync(context, statusCode, format.ContentType, PopcornTelemetryTags.EndpointRest, (this, context, value, isSequence, plan, format), static async (body, state) =>
        {
            var (self, context, value, isSequence, plan, format) = state;
            using var sink = RowSink.Create(format, body, plan, self._options);
            sink.Start();
            foreach (var (start, length) in Rows(value.Json.Span, isSequence))
            {
                sink.Json.WriteRawValue(value.Json.Span.Slice(start, length), skipInputValidation: true);
                sink.EndRow();
                await RootFieldWriter.FlushWhenPendingAsync(body, context);
            }
        });

    /// <summary>Where each row's JSON lies in an upstream answer: each element of the top-level array, or the one value.</summary>
    private static List<(int Start, int Length)> Rows(ReadOnlySpan<byte> json, bool isSequence)
    {
        if (!isSequence)
        {
            return [(0, json.Length)];
        }

        var rows = new List<(int, int)>();
        var reader = new System.Text.Json.Utf8JsonReader(json, new System.Text.Json.JsonReaderOptions { MaxDepth = 1024 });
        reader.Read(); // the array's start: the answer was checked against the plan as it was copied in
        while (reader.Read() && reader.TokenType != System.Text.Json.JsonTokenType.EndArray)
        {
            int start = (int)reader.TokenStartIndex;
            reader.Skip();
            rows.Add((start, (int)reader.BytesConsumed - start));
        }

        return rows;
    }
}
