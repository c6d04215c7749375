using System.Runtime.InteropServices;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Writes a sequence of one model type as a JSON array, flushing to the response as it goes.</summary>
internal abstract class SequenceWriter
{
    /// <summary>
    /// Writes <paramref name="sequence"/> as an array; a plan with <c>[BatchResolved]</c> fields has them resolved
    /// chunk by chunk before each chunk is written (<see cref="BatchLevels"/>).
    /// </summary>
    /// <exception cref="BatchResolutionException">A resolver failed; <see cref="BatchResolutionException.ValueStarted"/> says whether the array had begun.</exception>
    public abstract ValueTask WriteAsync(ResponseBody body, object sequence, SelectionPlan plan, HttpContext context);

    /// <summary>
    /// Reads a root page whole (at most <c>first</c> elements, so bounded by the page size) and arranges it if the
    /// source did not: a page that links to the next needs its last element before the headers are sent.
    /// </summary>
    public abstract ValueTask<(object Page, int Count, object? Last)> ReadPageAsync(object sequence, CollectionArguments? arguments, CancellationToken cancellationToken);

    /// <summary>Builds the typed sequence writer of a model's writer, without reflection.</summary>
    public sealed class Factory : IPopcornTypeWriterVisitor<SequenceWriter>
    {
        public static readonly Factory Instance = new();

        public SequenceWriter Visit<T>(PopcornTypeWriter<T> writer) => new SequenceWriter<T>(writer);
    }
}

/// <summary>The typed sequence writer: indexes lists and arrays, enumerates the rest.</summary>
internal sealed class SequenceWriter<T>(PopcornTypeWriter<T> writer) : SequenceWriter
{
    public override async ValueTask<(object Page, int Count, object? Last)> ReadPageAsync(object sequence, CollectionArguments? arguments, CancellationToken cancellationToken)
    {
        if (arguments is not null)
        {
            sequence = await RootListArguments.ApplyAsync<T>(sequence, arguments, cancellationToken);
        }

        var page = new List<T>();
        if (sequence is IAsyncEnumerable<T> items)
        {
            await foreach (var item in items.WithCancellation(cancellationToken))
            {
                page.Add(item);
            }
        }
        else
        {
            foreach (var item in (IEnumerable<T>)sequence)
            {
                page.Add(item);
            }
        }

        return (page, page.Count, page.Count > 0 ? page[^1] : null);
    }

    public override async ValueTask WriteAsync(ResponseBody body, object sequence, SelectionPlan plan, HttpContext context)
    {
        var cancellationToken = context.RequestAborted;
        if (plan.Arguments is { } arguments)
        {
            // The root list's first/skip/orderBy/where, for a source that did not apply them in a query: in memory.
            // A source that is both (an EF Core query) is read asynchronously, as the writer below would read it.
            sequence = await RootListArguments.ApplyAsync<T>(sequence, arguments, cancellationToken);
        }

        if (plan.ResolvesInBatches)
        {
            await WriteResolvedAsync(body, sequence, plan, context);
            return;
        }

        var json = body.Json;
        json.WriteStartArray();
        switch (sequence)
        {
            case List<T> list:
                for (int start = 0; start < list.Count;)
                {
                    start += writer.WriteElements(json, CollectionsMarshal.AsSpan(list)[start..], plan, BytesToNextFlush(body));
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            case T[] array:
                for (int start = 0; start < array.Length;)
                {
                    start += writer.WriteElements(json, array.AsSpan(start), plan, BytesToNextFlush(body));
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            case IAsyncEnumerable<T> items:
                await foreach (var item in items.WithCancellation(cancellationToken))
                {
                    writer.Write(json, item, plan);
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
            default:
                foreach (var item in (IEnumerable<T>)sequence)
                {
                    writer.Write(json, item, plan);
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(cancellationToken);
                    }
                }

                break;
        }

        json.WriteEndArray();
    }

    /// <summary>
    /// The sequence in chunks, each with its <c>[BatchResolved]</c> fields resolved before it is written. The first
    /// chunk is resolved before the array starts, so a resolver that fails there leaves nothing of this value written.
    /// </summary>
    private async ValueTask WriteResolvedAsync(ResponseBody body, object sequence, SelectionPlan plan, HttpContext context)
    {
        var json = body.Json;
        var values = BatchLevels.Begin(context, out var levels);
        bool started = false;
        try
        {
            await foreach (var chunk in levels.ChunksAsync<T>(sequence, plan, values, context))
            {
                if (!started)
                {
                    json.WriteStartArray();
                    started = true;
                }

                for (int start = 0; start < chunk.Count;)
                {
                    start += writer.WriteElements(json, CollectionsMarshal.AsSpan(chunk)[start..], plan, BytesToNextFlush(body));
                    if (body.PendingBytes >= ResponseBody.FlushThreshold)
                    {
                        await body.FlushAsync(context.RequestAborted);
                    }
                }
            }
        }
        catch (BatchResolutionException e)
        {
            e.ValueStarted = started;
            throw;
        }

        json.WriteEndArray();
    }

    /// <summary>
    /// How many more bytes the writer may write before the body is due a flush: lists and arrays go to the model's
    /// <see cref="PopcornTypeWriter{T}.WriteElements"/>, which checks and enters once per call and pauses there.
    /// </summary>
    private static int BytesToNextFlush(ResponseBody body) => (int)Math.Max(1, ResponseBody.FlushThreshold - body.PendingBytes);
}
