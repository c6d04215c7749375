using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The one place that chooses how a root value (an endpoint's, or a gateway root field's: a resolver's or a mutation's
/// result, an upstream service's answer) becomes what the writer writes, once the plan is compiled: a query for one
/// object (<see cref="PopcornSingle{T}"/>) projected like a sequence and read to its first row; a single model or
/// an in-memory sequence (<see cref="IEnumerable{T}"/>, <see cref="IAsyncEnumerable{T}"/>) as it is; JSON an
/// upstream service answered, already projected (<see cref="UpstreamValue"/>), as it is; any other sequence offered
/// to the registered <see cref="IPopcornSourceProjector"/>s (Popcorn.EntityFrameworkCore's composes the plan into an
/// <c>IQueryable</c> and starts it), the first that takes it wins. The writers (<c>Writing/</c>) then only turn
/// rows or bytes into the response. A singleton.
/// </summary>
/// <remarks>
/// Its outage log keeps the category <c>Popcorn.Server.PopcornResponseWriter</c>, where this step lived before and
/// which docs/configuration.md documents for a data source's outage: an app's logging filters name categories.
/// </remarks>
internal sealed class RootSources(IEnumerable<IPopcornSourceProjector> projectors, ILogger<PopcornResponseWriter> logger)
{
    private readonly IPopcornSourceProjector[] _projectors = projectors.ToArray();

    private readonly System.Collections.Concurrent.ConcurrentDictionary<PopcornTypeWriter, SequenceBuffer> _buffers = new(ReferenceEqualityComparer.Instance);

    /// <summary>A data source that cannot be read is one warning per outage, with a count when it is back, not a log line per request.</summary>
    private readonly OutageEpisode _sourceOutage = new("The data source (database)", logger, TimeProvider.System);

    /// <summary>
    /// Opens <paramref name="value"/> for writing with <paramref name="plan"/>: a projector composes the plan into a
    /// sequence it handles, so the source reads only the selected data, and starts it, so a database that is down
    /// fails here, before anything is written. Anything else is returned as it is.
    /// </summary>
    /// <exception cref="PopcornSourceUnavailableException">The source cannot be read.</exception>
    /// <remarks>
    /// Takes the <see cref="HttpContext"/> rather than its abort token: reading <see cref="HttpContext.RequestAborted"/>
    /// is a feature lookup, which a single object or an in-memory sequence (most roots) never needs.
    /// </remarks>
    public async ValueTask<object?> OpenAsync(object? value, ResultShape shape, SelectionPlan plan, HttpContext context)
    {
        if (value is IPopcornSingleSource single)
        {
            // One object from a query: the query cut to its first row goes to the projectors like any sequence, then
            // that row (or null: none) is the value.
            return await single.ReadFirstAsync(await ProjectAsync(single.FirstOnly(), shape, plan, context), context.RequestAborted);
        }

        if (value is null or UpstreamValue || !shape.IsSequence)
        {
            return value;
        }

        return await ProjectAsync(value, shape, plan, context);
    }

    /// <summary>The first registered projector's replacement of the sequence <paramref name="value"/>, else the value itself.</summary>
    private async ValueTask<object> ProjectAsync(object value, ResultShape shape, SelectionPlan plan, HttpContext context)
    {
        foreach (var projector in _projectors)
        {
            object projected;
            try
            {
                projected = await projector.ProjectAsync(value, shape.Writer.Type, plan, context.RequestAborted);
            }
            catch (PopcornSourceUnavailableException e) when (e is not PopcornSourceBusyException)
            {
                _sourceOutage.Failed(e.InnerException ?? e);
                throw;
            }

            if (!ReferenceEquals(projected, value))
            {
                _sourceOutage.Succeeded();
                return projected;
            }
        }

        return value;
    }

    /// <summary>
    /// The number of elements of the sequence <paramref name="value"/> that <paramref name="filter"/> keeps, counted by
    /// the first registered <see cref="IPopcornSourceCounter"/> that takes it (a <c>COUNT</c> in SQL); null when none
    /// does, and the caller counts in memory what it reads. Asked before <see cref="OpenAsync"/>, so that one
    /// connection never has two statements open.
    /// </summary>
    /// <exception cref="PopcornSourceUnavailableException">The source cannot be read.</exception>
    public async ValueTask<long?> CountAsync(object value, ResultShape shape, CollectionArguments filter, HttpContext context)
    {
        foreach (var projector in _projectors)
        {
            if (projector is not IPopcornSourceCounter counter)
            {
                continue;
            }

            long? count;
            try
            {
                count = await counter.CountAsync(value, shape.Writer.Type, filter, context.RequestAborted);
            }
            catch (PopcornSourceUnavailableException e) when (e is not PopcornSourceBusyException)
            {
                _sourceOutage.Failed(e.InnerException ?? e);
                throw;
            }

            if (count is not null)
            {
                return count;
            }
        }

        return null;
    }

    /// <summary>
    /// The total of the sequence <paramref name="value"/> under <paramref name="filter"/>'s <c>where</c>, and the value to
    /// write from now on: counted by a registered <see cref="IPopcornSourceCounter"/> (the value unchanged), or else read
    /// once into a list and counted in memory (that list is returned, to be written instead of the sequence).
    /// </summary>
    /// <exception cref="PopcornSourceUnavailableException">The source cannot be read.</exception>
    public async ValueTask<(object Value, long Count)> CountOrBufferAsync(object value, ResultShape shape, CollectionArguments filter, HttpContext context)
    {
        if (await CountAsync(value, shape, filter, context) is { } counted)
        {
            return (value, counted);
        }

        var buffer = _buffers.GetOrAdd(shape.Writer, static w => w.Accept(SequenceBuffer.Factory.Instance));
        return await buffer.BufferAsync(value, filter, context.RequestAborted);
    }
}
