using System.Collections;
using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;
using Popcorn.Query.Generated;

namespace Popcorn.Server;

/// <summary>
/// Answers a connection root field: counts the total at its source when <c>totalCount</c> is selected (one
/// <c>COUNT</c> over the client's filter), opens the rows (one statement, a seek after the cursor, one row more than the
/// page), then writes <c>{"edges": [...], "pageInfo": {...}, "totalCount": n}</c> in the document's key order, each
/// node with its plan and each edge's cursor from the existing cursor codec.
/// </summary>
internal sealed class ConnectionWriter(RootSources sources)
{
    private static readonly JsonEncodedText s_pageInfoType = JsonEncodedText.Encode(ConnectionFields.PageInfoType);

    private readonly ConcurrentDictionary<PopcornTypeWriter, ConnectionRows> _readers = new(ReferenceEqualityComparer.Instance);

    /// <summary>
    /// Writes the connection of <paramref name="value"/> (the list field's resolver's value), or null with an error when
    /// its source is down or over its limit, as for a plain list.
    /// </summary>
    public async ValueTask WriteAsync(ResponseBody body, object? value, GatewayStep step, List<GraphQLError> errors, HttpContext context)
    {
        var connection = step.Connection!;
        if (value is null)
        {
            body.Json.WriteNullValue();
            return;
        }

        var page = await ReadAsync(value, step, connection, errors, context);
        if (page is null)
        {
            body.Json.WriteNullValue();
            return;
        }

        if (connection.ResolvesInBatches)
        {
            try
            {
                var values = BatchLevels.Begin(context, out var levels);
                await ResolveNodesAsync(values, levels, page.Value, connection, context);
            }
            catch (BatchResolutionException e)
            {
                errors.Add(GraphQLError.Unresolved(e, step));
                body.Json.WriteNullValue();
                return;
            }
        }

        await WriteConnectionAsync(body, page.Value, step, connection, context.RequestAborted);
    }

    /// <summary>The <c>[BatchResolved]</c> fields of the page's nodes, for each node plan the document selects (aliases may differ), before any of it is written.</summary>
    private static async ValueTask ResolveNodesAsync(PopcornBatchValues values, BatchLevels levels, Page page, ConnectionPlan connection, HttpContext context)
    {
        foreach (var key in connection.Keys)
        {
            foreach (var edge in key.Edge)
            {
                if ((page.Queried ? edge.QueriedNode : edge.Node) is { ResolvesInBatches: true } node)
                {
                    await levels.ResolveAsync(values, page.Rows.Cast<object?>().ToList(), node, context);
                }
            }
        }
    }

    private async ValueTask<Page?> ReadAsync(object value, GatewayStep step, ConnectionPlan connection, List<GraphQLError> errors, HttpContext context)
    {
        var arguments = step.Plan!.Arguments!;
        long? total = null;
        try
        {
            if (connection.WantsTotal)
            {
                // Before the rows are opened: one connection never has two statements open.
                total = await sources.CountAsync(value, step.Shape!, arguments.ForCounting(), context);
            }
        }
        catch (PopcornSourceUnavailableException)
        {
            errors.Add(new GraphQLError($"The data source of the field '{step.Field!.Name}' is unavailable. Try again later.", step.Location, step.Key, "SOURCE_UNAVAILABLE"));
            return null;
        }

        if (!connection.ReadsRows && total is not null)
        {
            return new Page(Array.Empty<object>(), total, HasNext: false, Queried: false);
        }

        if (await GatewayExecutor.OpenAsync(sources, value, step, errors, context) is not (true, { } opened))
        {
            return null;
        }

        bool queried = opened is IPopcornArrangedSource;
        var reader = _readers.GetOrAdd(step.Shape!.Writer, static w => w.Accept(ConnectionRows.Factory.Instance));
        if (queried && connection.WantsTotal && total is null)
        {
            throw new InvalidOperationException($"A source projector arranged the rows of {step.Shape!.Metadata.Name} but did not count them: it must also implement {nameof(IPopcornSourceCounter)}.");
        }

        var count = total is null && connection.WantsTotal ? arguments.ForCounting() : null;
        var (rows, hasNext, counted) = await reader.ReadAsync(opened, queried ? null : arguments, count, connection.PageSize, context.RequestAborted);
        return new Page(rows, total ?? counted, hasNext, queried);
    }

    private static async ValueTask WriteConnectionAsync(ResponseBody body, Page page, GatewayStep step, ConnectionPlan connection, CancellationToken cancellationToken)
    {
        var json = body.Json;
        var cursors = step.Plan!.Arguments!.Cursors!;
        var rows = page.Rows;

        // A cursor is an HMAC over the row's sort keys: signed for every edge only when an edge's cursor is selected,
        // else for the first and last rows only (pageInfo's startCursor and endCursor).
        string?[] cursorOf = new string?[rows.Count];
        for (int i = 0; i < cursorOf.Length; i++)
        {
            if (connection.WritesEdgeCursors || i == 0 || i == cursorOf.Length - 1)
            {
                cursorOf[i] = cursors.CursorOf(rows[i]!);
            }
        }

        json.WriteStartObject();
        foreach (var key in connection.Keys)
        {
            json.WritePropertyName(key.Name);
            switch (key.Part)
            {
                case ConnectionPart.TypeName:
                    json.WriteStringValue(connection.ConnectionTypeName);
                    break;
                case ConnectionPart.TotalCount:
                    json.WriteNumberValue(page.Total!.Value);
                    break;
                case ConnectionPart.PageInfo:
                    WritePageInfo(json, key.PageInfo, page, cursorOf, cursors.After is not null);
                    break;
                case ConnectionPart.Edges:
                    json.WriteStartArray();
                    for (int i = 0; i < rows.Count; i++)
                    {
                        WriteEdge(json, key.Edge, rows[i], cursorOf[i], step.Shape!.Writer, connection, page.Queried);
                        if (body.PendingBytes >= ResponseBody.FlushThreshold)
                        {
                            await body.FlushAsync(cancellationToken);
                        }
                    }

                    json.WriteEndArray();
                    break;
            }
        }

        json.WriteEndObject();
    }

    private static void WriteEdge(Utf8JsonWriter json, IReadOnlyList<EdgeKey> keys, object? row, string? cursor, PopcornTypeWriter writer, ConnectionPlan connection, bool queried)
    {
        json.WriteStartObject();
        foreach (var key in keys)
        {
            json.WritePropertyName(key.Name);
            switch (key.Part)
            {
                case EdgePart.TypeName:
                    json.WriteStringValue(connection.EdgeTypeName);
                    break;
                case EdgePart.Cursor:
                    json.WriteStringValue(cursor);
                    break;
                case EdgePart.Node:
                    // Rows a query arranged had their nested lists arranged too; rows from memory get theirs from the writers.
                    writer.WriteObject(json, row, queried ? key.QueriedNode! : key.Node!);
                    break;
            }
        }

        json.WriteEndObject();
    }

    private static void WritePageInfo(Utf8JsonWriter json, IReadOnlyList<PageInfoKey> keys, Page page, string?[] cursors, bool afterCursor)
    {
        json.WriteStartObject();
        foreach (var key in keys)
        {
            json.WritePropertyName(key.Name);
            switch (key.Part)
            {
                case PageInfoPart.TypeName:
                    json.WriteStringValue(s_pageInfoType);
                    break;
                case PageInfoPart.HasNextPage:
                    json.WriteBooleanValue(page.HasNext);
                    break;
                case PageInfoPart.HasPreviousPage:
                    // The element the cursor names came before this page; it is not read again to prove it.
                    json.WriteBooleanValue(afterCursor);
                    break;
                case PageInfoPart.StartCursor when cursors.Length > 0:
                    json.WriteStringValue(cursors[0]);
                    break;
                case PageInfoPart.EndCursor when cursors.Length > 0:
                    json.WriteStringValue(cursors[^1]);
                    break;
                default:
                    json.WriteNullValue();
                    break;
            }
        }

        json.WriteEndObject();
    }

    /// <summary>A page read: its rows (the page only), the total when counted, whether more follow, and whether a query arranged it.</summary>
    private readonly record struct Page(IList Rows, long? Total, bool HasNext, bool Queried);
}
