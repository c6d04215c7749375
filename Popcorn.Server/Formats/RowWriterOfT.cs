using Microsoft.AspNetCore.Http;
using Popcorn.Query;
using Popcorn.Query.Generated;

namespace Popcorn.Server;

/// <summary>The typed row writer: each element through the model's generated writer, then into the sink as one row.</summary>
internal sealed class RowWriter<T>(PopcornTypeWriter<T> writer) : RowWriter
{
    public override async ValueTask WriteAsync(ResponseBody body, RowSink sink, object? value, bool isSequence, SelectionPlan plan, HttpContext context)
    {
        var cancellationToken = context.RequestAborted;
        sink.Start();
        PopcornBatchValues? values = null;
        BatchLevels? levels = null;
        if (plan.ResolvesInBatches)
        {
            values = BatchLevels.Begin(context, out var resolving);
            levels = resolving;
        }

        // Decided once per response: the rows straight from the objects when the writer's CSV path covers the plan.
        var row = sink.Row is { } csv && writer.CanWriteCsvRow(plan) ? csv : null;
        if (!isSequence)
        {
            // One object is one row; a null one (a handler's null) is no row at all.
            if (value is not null)
            {
                if (levels is not null)
                {
                    await levels.ResolveAsync(values!, [(T)value], plan, context);
                }

                WriteRow(sink, row, (T)value, plan);
            }

            return;
        }

        if (value is null)
        {
            return;
        }

        if (plan.Arguments is { } arguments)
        {
            value = await RootListArguments.ApplyAsync<T>(value, arguments, cancellationToken);
        }

        if (levels is not null)
        {
            // Chunk by chunk, each resolved before its rows are written.
            await foreach (var chunk in levels.ChunksAsync<T>(value, plan, values!, context))
            {
                foreach (var item in chunk)
                {
                    WriteRow(sink, row, item, plan);
                    await FlushIfDueAsync(body, cancellationToken);
                }
            }

            return;
        }

        if (value is IAsyncEnumerable<T> items)
        {
            await foreach (var item in items.WithCancellation(cancellationToken))
            {
                WriteRow(sink, row, item, plan);
                await FlushIfDueAsync(body, cancellationToken);
            }

            return;
        }

        foreach (var item in (IEnumerable<T>)value)
        {
            WriteRow(sink, row, item, plan);
            await FlushIfDueAsync(body, cancellationToken);
        }
    }

    private void WriteRow(RowSink sink, PopcornCsvRow? row, T? item, SelectionPlan plan)
    {
        if (row is not null)
        {
            writer.WriteCsvRow(row, item, plan);
            return;
        }

        writer.Write(sink.Json, item, plan);
        sink.EndRow();
    }

    private static ValueTask FlushIfDueAsync(ResponseBody body, CancellationToken cancellationToken) =>
        body.PendingBytes >= ResponseBody.FlushThreshold ? body.FlushAsync(cancellationToken) : ValueTask.CompletedTask;
}
