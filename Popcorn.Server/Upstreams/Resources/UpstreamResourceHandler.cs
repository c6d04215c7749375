using System.Collections.Concurrent;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
using Microsoft.Net.Http.Headers;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Answers a REST resource of the gateway app from an upstream root field, in the REST pipeline's order: the format
/// (JSON, or CSV and JSON Lines written row by row from the service's projected JSON; a CSV selection that is not a
/// table is the same 406 as for a local resource),
/// the selection (a <c>sha256:</c> name looked up), its plan for this caller with REST's rules against the service's
/// type, the root arguments and the resolver's own from the URL, the cost budget; only then the services are called
/// (a Popcorn service's part printed, joins left to their services; a plain service's path and query), and the JSON
/// they gave is written through the same response writer as a local resource's (envelope, <c>ETag</c> and 304, the
/// size cap); an object resource with no value is a 404. A page that pages by cursor is fetched through a Popcorn
/// service's connection and gets the <c>Link: rel="next"</c> a local one would, with the cursor the service issued
/// (docs/gateway.md, "REST resources"). A singleton.
/// </summary>
internal sealed class UpstreamResourceHandler(PopcornRegistry registry, CallerPlans callerPlans, PersistedDocuments persisted, PopcornResponseWriter writer, PopcornRowsWriter rows, ILogger<UpstreamResourceHandler> logger)
{
    private readonly string _vary = registry.Options.HeaderName + ", " + HeaderNames.Accept;

    /// <summary>The root fields whose cursors were not honoured here, each logged once (bounded by the services' fields).</summary>
    private readonly ConcurrentDictionary<string, bool> _unhonoured = new(StringComparer.Ordinal);

    public async Task HandleAsync(HttpContext context, UpstreamResourceEndpoint endpoint)
    {
        // As for a local resource: the header and Accept shape the body, so HTTP caches must vary by them.
        context.Response.Headers.Append(HeaderNames.Vary, _vary);
        if (AcceptNegotiation.Choose(context.Request.Headers.Accept) is not { } format)
        {
            await WriteProblemAsync(context, FormatProblems.NotAcceptableProblem());
            return;
        }

        var source = endpoint.Source;
        var shape = endpoint.Shape!;
        string? text;
        try
        {
            text = RequestSelection.Read(context.Request, registry.Options, out _);
            if (DocumentHash.IsReference(text, out string? hash))
            {
                if (hash is null)
                {
                    throw StoredSelections.Malformed(text!, registry.Options);
                }

                text = await persisted.FindAsync(hash, context.RequestAborted);
                registry.Metrics.PersistedQuery(text is null ? PopcornTelemetryTags.Miss : PopcornTelemetryTags.Hit, PopcornTelemetryTags.EndpointRest);
                if (text is null)
                {
                    callerPlans.StoredSelectionMissing(hash);
                    await WriteProblemAsync(context, StoredSelections.NotFound(hash, persisted));
                    return;
                }
            }
        }
        catch (PopcornQueryException error)
        {
            await WriteProblemAsync(context, PopcornProblems.ToProblem(callerPlans.Rejected(error)));
            return;
        }

        var outcome = await callerPlans.CompileForCallerAsync(context, shape.Metadata, text);
        if (outcome.Plan is not { } plan)
        {
            await WriteProblemAsync(context, PopcornProblems.ToProblem(outcome.Error!));
            return;
        }

        if (FormatProblems.CheckProblem(plan, format) is { } notATable)
        {
            await WriteProblemAsync(context, notATable);
            return;
        }

        if ((UpstreamResourceProblems.RootArguments(plan, shape, text) ?? Budget(context, plan, shape, source.Catalog)) is { } refused)
        {
            await WriteProblemAsync(context, PopcornProblems.ToProblem(callerPlans.Rejected(refused)));
            return;
        }

        if (!UpstreamResourceArguments.TryBind(context.Request, registry.Options.QueryParameterName, source.Spec.Arguments, out var arguments, out string? missing))
        {
            await WriteProblemAsync(context, UpstreamResourceProblems.Argument(missing));
            return;
        }

        // A page that pages by cursor is asked for through the service's connection (only a Popcorn service has one).
        var paged = source as UpstreamRootField;
        var paging = paged is null ? null : Paging(plan, shape, source.Spec, format);
        UpstreamJoinPlan? joins;
        string? refusal;
        string? request = paging is null
            ? source.PrintRequest(arguments, plan, registry.Options, out joins, out refusal)
            : UpstreamIncludePrinter.Print(source.Spec.UpstreamName, arguments, plan, registry.Options.Limits.MaxDepth, source.Catalog, out joins, out refusal, source.Spec.Connection);
        if (request is null)
        {
            await WriteProblemAsync(context, new ProblemDetails { Status = StatusCodes.Status400BadRequest, Title = PopcornProblems.Title, Detail = refusal });
            return;
        }

        UpstreamValue value;
        string? nextAfter = null;
        try
        {
            (value, nextAfter) = paging is null
                ? (await source.FetchAsync(context, request, plan, endpoint.RootField, joins), null)
                : await paged!.FetchPageAsync(context, request, plan, endpoint.RootField, joins);
        }
        catch (UpstreamUnavailableException e)
        {
            await WriteProblemAsync(context, UpstreamResourceProblems.Unavailable(e.Status, e.Message));
            return;
        }
        catch (PopcornSourceLimitExceededException limit)
        {
            await WriteProblemAsync(context, PopcornProblems.SourceLimitExceeded(limit));
            return;
        }

        // A REST body has no place for a field's error beside the data: a join that failed fails the resource, rather
        // than answering nulls the client cannot tell from missing matches.
        if (value.Errors.Count > 0)
        {
            var first = value.Errors[0];
            await WriteProblemAsync(context, UpstreamResourceProblems.Unavailable(first.HttpStatus ?? StatusCodes.Status502BadGateway, first.Message));
            return;
        }

        // As a local resource whose query for one object finds none: the resource does not exist.
        if (!shape.IsSequence && value.IsNull)
        {
            await WriteProblemAsync(context, UpstreamResourceProblems.NotFound());
            return;
        }

        if (nextAfter is not null && Honoured(paging!, nextAfter, source.Spec))
        {
            // Before the body: the client's own selection (not the join keys sent to the service) with the service's cursor.
            NextPageLink.Add(context, registry.Options, text!, paging!, nextAfter);
        }

        bool written = format.IsJson
            ? await writer.WriteAsync(context, value, shape, plan, StatusCodes.Status200OK)
            : await rows.WriteAsync(context, value, shape.IsSequence, plan, StatusCodes.Status200OK, format);
        if (!written)
        {
            context.Response.Headers.Remove(HeaderNames.Link);
            await WriteProblemAsync(context, PopcornProblems.ResponseTooLarge(context));
        }
    }

    /// <summary>
    /// The cursors of a page the client will get a <c>Link: rel="next"</c> for, as a local resource would (a JSON list
    /// page with <c>first</c> and an order with tie-breakers), when the service can issue them (it has a connection
    /// beside the list, which takes no <c>skip</c>); null otherwise, and the list is asked for plainly.
    /// </summary>
    private static PageCursors? Paging(SelectionPlan plan, ResultShape shape, UpstreamRootFieldSpec spec, ResponseFormat format) =>
        format.IsJson && shape.IsSequence && spec.Connection is not null && plan.Arguments is { First: > 0, Skip: 0, Cursors: { } cursors }
            ? cursors
            : null;

    /// <summary>
    /// Whether the gateway would take the service's cursor as <c>after</c> itself (it checks a cursor before calling the
    /// service): with keys not shared, a link would lead the client to a 400, so none is sent, and a warning says why.
    /// </summary>
    private bool Honoured(PageCursors cursors, string cursor, UpstreamRootFieldSpec spec)
    {
        if (cursors.Honours(cursor))
        {
            return true;
        }

        if (_unhonoured.TryAdd(spec.Name, true))
        {
            logger.UpstreamCursorNotHonoured(spec.Service, spec.Name);
        }

        return false;
    }

    /// <summary>The cost check of a local resource (<see cref="SelectionBudget"/>), the joins' calls counted too, before any service is called.</summary>
    private PopcornQueryException? Budget(HttpContext context, SelectionPlan plan, ResultShape shape, UpstreamCatalog catalog)
    {
        long cost = SelectionCost.Plus(SelectionBudget.CostOf(plan, shape.IsSequence, registry.Options), JoinCost.Of(plan, shape.IsSequence, catalog, registry.Options));
        registry.Metrics.Cost(cost, PopcornTelemetryTags.EndpointRest);
        return SelectionBudget.Check(cost, SelectionBudget.LimitFor(context.GetEndpoint(), registry.Options), SelectionBudget.Start);
    }

    private Task WriteProblemAsync(HttpContext context, ProblemDetails problem)
    {
        context.Response.StatusCode = problem.Status ?? StatusCodes.Status400BadRequest;
        return registry.Envelope.WriteProblemAsync(context, problem);
    }
}
