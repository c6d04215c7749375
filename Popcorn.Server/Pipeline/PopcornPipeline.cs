using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// REST's flow, whatever enabled it (<c>.WithPopcorn()</c> on a Minimal API endpoint or <c>[Popcorn]</c> on an MVC
/// action): read the selection, compile it against the declared type for this caller (<see cref="CallerPlans"/>),
/// check its cost, answer a problem or go on, let the handler run, then turn its value into the
/// <see cref="PopcornResult"/> the response writer writes. The entry points only adapt it; the gateway has its own flow
/// (<see cref="GatewayRequestHandler"/>) and shares only <see cref="CallerPlans"/> with it.
/// </summary>
/// <remarks>
/// Work that must happen before any handler runs (a cost budget, field authorization) belongs in <see cref="BeginAsync"/>
/// (field authorization itself is <see cref="CallerPlans"/>'s, so the gateway gets it too); unwrapping the handler's
/// value belongs in <see cref="CompleteAsync(HttpContext, PopcornExchange, object?, int, string?)"/>. Where the value's
/// rows come from (an <c>IQueryable</c> projected by a source projector, a sequence in memory) is settled later, just
/// before the response is written (<see cref="PopcornResult"/> asks <see cref="RootSources"/>). A singleton.
/// </remarks>
internal sealed class PopcornPipeline(PopcornRegistry registry, EndpointModels models, CallerPlans callerPlans, PersistedDocuments persisted, RootSources sources)
{
    private readonly string _vary = registry.Options.HeaderName + ", " + HeaderNames.Accept;

    /// <summary>
    /// Steps 1 to 6, before the handler: reads the selection (looking a <c>sha256:</c> reference up among the stored
    /// selections, <see cref="PersistedDocuments"/>) and compiles it against the model type the endpoint declares
    /// (<see cref="EndpointModels"/>) for this caller. When nothing declares one, the selection is still parsed, so a
    /// syntax error or an exceeded limit never lets the handler run; it is compiled once the value's type is known. On a
    /// bad selection the result carries the problem to answer instead of running the handler. Completes synchronously
    /// unless a stored selection is looked up in the app's <c>IDistributedCache</c> or the selection touches a
    /// protected field.
    /// </summary>
    public ValueTask<PopcornBegin> BeginAsync(HttpContext context)
    {
        // The header and Accept (JSON, CSV, JSON Lines) shape the body, so every response of a Popcorn endpoint depends
        // on them (for HTTP caches).
        context.Response.Headers.Append(HeaderNames.Vary, _vary);
        if (AcceptNegotiation.Choose(context.Request.Headers.Accept) is not { } format)
        {
            return new(PopcornBegin.Refused(FormatProblems.NotAcceptable()));
        }

        string? query;
        string transport;
        try
        {
            query = RequestSelection.Read(context.Request, registry.Options, out transport);
        }
        catch (PopcornQueryException error)
        {
            return new(PopcornBegin.Refused(Reject(error)));
        }

        var begun = DocumentHash.IsReference(query, out string? hash)
            ? BeginStoredAsync(context, query!, hash, transport)
            : Begin(context, query, transport);
        if (format.IsJson)
        {
            return begun;
        }

        return begun.IsCompletedSuccessfully ? new(FormatProblems.WithFormat(begun.Result, format)) : FormatProblems.WithFormatAsync(begun, format);
    }

    /// <summary>A selection named by its hash: the stored text, then the usual steps; a hash nothing is stored under is a 400.</summary>
    private async ValueTask<PopcornBegin> BeginStoredAsync(HttpContext context, string reference, string? hash, string transport)
    {
        if (hash is null)
        {
            return PopcornBegin.Refused(Reject(StoredSelections.Malformed(reference, registry.Options)));
        }

        string? stored = await persisted.FindAsync(hash, context.RequestAborted);
        registry.Metrics.PersistedQuery(stored is null ? PopcornTelemetryTags.Miss : PopcornTelemetryTags.Hit, PopcornTelemetryTags.EndpointRest);
        if (stored is null)
        {
            callerPlans.StoredSelectionMissing(hash);
            return PopcornBegin.Refused(PopcornProblems.Result(StoredSelections.NotFound(hash, persisted)));
        }

        return await Begin(context, stored, transport);
    }

    private ValueTask<PopcornBegin> Begin(HttpContext context, string? query, string transport)
    {
        var declared = models.ShapeOf(context.GetEndpoint());
        SelectionTree? tree = null;
        try
        {
            registry.Metrics.Selection(query, transport);
            if (declared is null)
            {
                tree = callerPlans.Parse(query);
            }
        }
        catch (PopcornQueryException error)
        {
            return new(PopcornBegin.Refused(Reject(error)));
        }

        int costLimit = SelectionBudget.LimitFor(context.GetEndpoint(), registry.Options);
        if (declared is null)
        {
            return new(new PopcornBegin(new PopcornExchange(query, null, null, tree, costLimit), null));
        }

        var compiling = callerPlans.CompileForCallerAsync(context, declared.Metadata, query);
        return compiling.IsCompletedSuccessfully
            ? new(Begun(compiling.Result, query, declared, costLimit))
            : BegunAsync(compiling, query, declared, costLimit);
    }

    private async ValueTask<PopcornBegin> BegunAsync(ValueTask<PlanOutcome> compiling, string? query, ResultShape declared, int costLimit) =>
        Begun(await compiling, query, declared, costLimit);

    private PopcornBegin Begun(PlanOutcome outcome, string? query, ResultShape declared, int costLimit)
    {
        var rejected = outcome.Error;
        if (outcome.Plan is not { } plan || !WithinBudget(plan, declared, costLimit, query, out rejected))
        {
            return PopcornBegin.Refused(PopcornProblems.Result(rejected!));
        }

        return new PopcornBegin(new PopcornExchange(query, declared, plan, null, costLimit), null);
    }

    /// <summary>
    /// Step 8 for Minimal APIs: wraps what the handler returned for Popcorn when it is (or carries, as <c>Ok&lt;T&gt;</c>
    /// or <c>Created&lt;T&gt;</c> do) a modeled value; other <see cref="IResult"/>s (404s, problems) and unmodeled
    /// values pass through unchanged.
    /// </summary>
    public async ValueTask<object?> CompleteAsync(HttpContext context, PopcornExchange exchange, object? handlerResult)
    {
        var unwrapped = HandlerResults.Unwrap(handlerResult, registry, exchange.Declared);
        if (!unwrapped.IsWritable)
        {
            // With the envelope on, every error a Popcorn endpoint answers is enveloped, the handler's own included.
            return registry.Envelope.WrapsHandlerProblems && HandlerResults.Problem(handlerResult) is { } problem
                ? PopcornProblems.Result(problem)
                : handlerResult;
        }

        return await CompleteAsync(context, exchange, unwrapped.Value, unwrapped.StatusCode, unwrapped.Location) ?? handlerResult;
    }

    /// <summary>
    /// Step 8 for a value already taken out of its result (MVC's <c>ObjectResult</c>): the Popcorn response, a problem
    /// when the selection does not fit the value's runtime type, or null when Popcorn does not model the value.
    /// </summary>
    public async ValueTask<IResult?> CompleteAsync(HttpContext context, PopcornExchange exchange, object? value, int statusCode, string? location)
    {
        var shape = HandlerResults.ShapeOf(value, registry, exchange.Declared);
        if (shape is null)
        {
            return null;
        }

        var plan = exchange.Plan;
        if (plan is null || shape.Metadata != exchange.Declared!.Metadata)
        {
            var outcome = exchange.Tree is { } tree
                ? await callerPlans.CompileForCallerAsync(context, registry.Plans, shape.Metadata, tree)
                : await callerPlans.CompileForCallerAsync(context, shape.Metadata, exchange.Query);
            PopcornQueryException? error = outcome.Error;
            if (outcome.Plan is not { } compiled || !WithinBudget(compiled, shape, exchange.CostLimit, exchange.Query, out error))
            {
                return PopcornProblems.Result(error!);
            }

            plan = compiled;
        }

        if (exchange.Format is { } format && FormatProblems.Check(plan, format) is { } notATable)
        {
            return notATable;
        }

        return new PopcornResult(sources, value, shape, plan, statusCode, location, exchange.Format);
    }

    /// <summary>The checks a compiled REST plan meets against the value's shape: root arguments only on a list, then the cost limit.</summary>
    private bool WithinBudget(SelectionPlan plan, ResultShape shape, int limit, string? query, [NotNullWhen(false)] out PopcornQueryException? error)
    {
        long cost = SelectionBudget.CostOf(plan, shape.IsSequence, registry.Options);
        registry.Metrics.Cost(cost, PopcornTelemetryTags.EndpointRest);
        error = plan.Arguments is not null && !shape.IsSequence
            ? SelectionBudget.RootArgumentsOnObject(plan, shape, query)
            : SelectionBudget.Check(cost, limit, SelectionBudget.Start);
        if (error is null)
        {
            return true;
        }

        callerPlans.Rejected(error);
        return false;
    }

    private IResult Reject(PopcornQueryException error) => PopcornProblems.Result(callerPlans.Rejected(error));
}
