using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.Net.Http.Headers;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The one flow of a Popcorn request, whatever enabled it (<c>.WithPopcorn()</c>, <c>[Popcorn]</c> on MVC, or a root
/// field of the gateway): read the selection, compile it against the declared type, answer a problem or go on, let
/// the handler run, then turn its value into the response Popcorn writes. The entry points only adapt it.
/// </summary>
/// <remarks>
/// Work that must happen before any handler runs (a cost budget, field authorization) belongs in
/// <c>TryCompile</c>, which both REST and the gateway pass through; work on the handler's value (projecting an
/// <c>IQueryable</c>) belongs in <see cref="Complete(in PopcornExchange, object?, int, string?)"/>. A singleton.
/// </remarks>
internal sealed class PopcornPipeline(PopcornRegistry registry, EndpointModels models, PersistedDocuments persisted, ILogger<PopcornPipeline> logger)
{
    public PopcornRegistry Registry => registry;

    public PopcornMetrics Metrics => registry.Metrics;

    /// <summary>
    /// Steps 1 to 5, before the handler: reads the selection (looking a <c>sha256:</c> reference up among the stored
    /// selections, <see cref="PersistedDocuments"/>) and compiles it against the model type the endpoint declares
    /// (<see cref="EndpointModels"/>). When nothing declares one, the selection is still parsed, so a syntax error or an
    /// exceeded limit never lets the handler run; it is compiled once the value's type is known. On a bad selection
    /// answers the 400 problem to send instead of running the handler. Completes synchronously unless a stored
    /// selection is looked up in the app's <c>IDistributedCache</c>.
    /// </summary>
    public ValueTask<(PopcornExchange Exchange, IResult? Problem)> BeginAsync(HttpContext context)
    {
        // The header can shape the body, so every response of a Popcorn endpoint depends on it (for HTTP caches).
        context.Response.Headers.Append(HeaderNames.Vary, registry.Options.HeaderName);
        string? query;
        string transport;
        try
        {
            query = RequestSelection.Read(context.Request, registry.Options, out transport);
        }
        catch (PopcornQueryException error)
        {
            return ValueTask.FromResult<(PopcornExchange, IResult?)>((default, Reject(error)));
        }

        return DocumentHash.IsReference(query, out string? hash)
            ? BeginStoredAsync(context, query!, hash, transport)
            : ValueTask.FromResult(Begin(context, query, transport));
    }

    /// <summary>A selection named by its hash: the stored text, then the usual steps; a hash nothing is stored under is a 400.</summary>
    private async ValueTask<(PopcornExchange, IResult?)> BeginStoredAsync(HttpContext context, string reference, string? hash, string transport)
    {
        if (hash is null)
        {
            return (default, Reject(StoredSelections.Malformed(reference, registry.Options)));
        }

        string? stored = await persisted.FindAsync(hash, context.RequestAborted);
        Metrics.PersistedQuery(stored is null ? PopcornTelemetryTags.Miss : PopcornTelemetryTags.Hit, PopcornTelemetryTags.EndpointRest);
        if (stored is null)
        {
            logger.SelectionRejected($"no stored selection has the hash {hash}", 1, 1);
            return (default, PopcornProblems.Result(StoredSelections.NotFound(hash, persisted)));
        }

        return Begin(context, stored, transport);
    }

    private (PopcornExchange, IResult?) Begin(HttpContext context, string? query, string transport)
    {
        var declared = models.ShapeOf(context.GetEndpoint());
        SelectionPlan? plan = null;
        SelectionTree? tree = null;
        try
        {
            registry.Metrics.Selection(query, transport);
            if (declared is null)
            {
                tree = Parse(query);
            }
        }
        catch (PopcornQueryException error)
        {
            return (default, Reject(error));
        }

        int costLimit = SelectionBudget.LimitFor(context.GetEndpoint(), registry.Options);
        if (declared is not null && !(TryCompile(declared.Metadata, query, out plan, out var rejected) && WithinBudget(plan, declared, costLimit, out rejected)))
        {
            return (default, PopcornProblems.Result(rejected));
        }

        return (new PopcornExchange(query, declared, plan, tree, costLimit), null);
    }

    /// <summary>The plan for a selection text against a model type, or the (logged) reason it does not fit.</summary>
    public bool TryCompile(TypeMetadata type, string? query, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error) =>
        TryCompile(static (plans, state) => plans.GetOrCompile(state.type, state.query), (type, query), out plan, out error);

    /// <summary>The plan for an already parsed REST selection, or the (logged) reason it does not fit.</summary>
    public bool TryCompile(TypeMetadata type, SelectionTree selection, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error) =>
        TryCompile(registry.Plans, type, selection, out plan, out error);

    /// <summary>The plan for a gateway root field's selection (the gateway's semantics), or the (logged) reason it does not fit.</summary>
    public bool TryCompileForGateway(TypeMetadata type, SelectionTree selection, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error) =>
        TryCompile(registry.GatewayPlans, type, selection, out plan, out error);

    private bool TryCompile(SelectionPlanCache plans, TypeMetadata type, SelectionTree selection, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error) =>
        TryCompile(static (plans, state) => state.plans.GetOrCompile(state.type, state.selection), (plans, type, selection), out plan, out error);

    /// <summary>Logs and counts a selection the client got wrong (a client error: Debug, never a warning) and hands it back.</summary>
    public PopcornQueryException Rejected(PopcornQueryException error)
    {
        logger.SelectionRejected(error.Detail, error.Line, error.Column);
        registry.Metrics.Rejected(error.Kind);
        return error;
    }

    /// <summary>Parses a selection outside the plan cache (no model type yet, or a gateway document), in a parse span.</summary>
    /// <exception cref="PopcornQueryException">The text is malformed or exceeds a limit.</exception>
    public SelectionTree Parse(string? text, System.Text.Json.JsonElement variables = default, string? operationName = null)
    {
        if (text is null)
        {
            return SelectionTree.Default;
        }

        using var span = PopcornTracing.StartParse(text);
        try
        {
            return SelectionParser.Parse(text, registry.Options.Limits, variables, operationName);
        }
        catch (PopcornQueryException e) when (Refused(span, e))
        {
            throw;
        }
    }

    /// <summary>
    /// Parses a gateway document without binding variables (so it can be validated against the schema first), in a
    /// parse span; null for the whole-document <c>{}</c>.
    /// </summary>
    /// <exception cref="PopcornQueryException">The text is malformed or exceeds a limit.</exception>
    internal DocumentNode? ParseDocument(string text)
    {
        using var span = PopcornTracing.StartParse(text);
        try
        {
            return GraphQLSelectionParser.ParseDocument(text, registry.Options.Limits);
        }
        catch (PopcornQueryException e) when (Refused(span, e))
        {
            throw;
        }
    }

    /// <summary>Builds the tree of a validated document's operation: fragments expanded, directives applied, variables bound.</summary>
    /// <exception cref="PopcornQueryException">A variable is missing or invalid, or the expanded selection exceeds a limit.</exception>
    internal SelectionTree Normalize(string text, DocumentNode document, System.Text.Json.JsonElement variables, string? operationName) =>
        GraphQLNormalizer.Normalize(text, document, registry.Options.Limits, variables, operationName);

    /// <summary>
    /// Step 6 for Minimal APIs: wraps what the handler returned for Popcorn when it is (or carries, as <c>Ok&lt;T&gt;</c>
    /// or <c>Created&lt;T&gt;</c> do) a modeled value; other <see cref="IResult"/>s (404s, problems) and unmodeled
    /// values pass through unchanged.
    /// </summary>
    public object? Complete(in PopcornExchange exchange, object? handlerResult)
    {
        var unwrapped = HandlerResults.Unwrap(handlerResult, registry, exchange.Declared);
        if (!unwrapped.IsWritable)
        {
            // With the envelope on, every error a Popcorn endpoint answers is enveloped, the handler's own included.
            return registry.Options.UseEnvelope && HandlerResults.Problem(handlerResult) is { } problem
                ? PopcornProblems.Result(problem)
                : handlerResult;
        }

        return Complete(exchange, unwrapped.Value, unwrapped.StatusCode, unwrapped.Location) ?? handlerResult;
    }

    /// <summary>
    /// Step 6 for a value already taken out of its result (MVC's <c>ObjectResult</c>): the Popcorn response, a problem
    /// when the selection does not fit the value's runtime type, or null when Popcorn does not model the value.
    /// </summary>
    public IResult? Complete(in PopcornExchange exchange, object? value, int statusCode, string? location)
    {
        var shape = HandlerResults.ShapeOf(value, registry, exchange.Declared);
        if (shape is null)
        {
            return null;
        }

        var plan = exchange.Plan;
        if (plan is null || shape.Metadata != exchange.Declared!.Metadata)
        {
            bool compiled = exchange.Tree is { } tree
                ? TryCompile(shape.Metadata, tree, out plan, out var error)
                : TryCompile(shape.Metadata, exchange.Query, out plan, out error);
            if (!compiled || !WithinBudget(plan!, shape, exchange.CostLimit, out error))
            {
                return PopcornProblems.Result(error!);
            }
        }

        return new PopcornResult(value, shape, plan!, statusCode, location);
    }

    /// <summary>Logs a gateway request the client got wrong at the root (an unknown root field, a bad argument).</summary>
    public void Rejected(string detail, SourceLocation? location) =>
        logger.SelectionRejected(detail, location?.Line ?? 0, location?.Column ?? 0);

    /// <summary>Marks the span as failed from an exception filter, so the exception is neither caught nor rethrown.</summary>
    private static bool Refused(System.Diagnostics.Activity? span, PopcornQueryException error)
    {
        PopcornTracing.Refused(span, error.Kind);
        return false;
    }

    private bool TryCompile<TState>(Func<SelectionPlanCache, TState, SelectionPlan> compile, TState state, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error)
    {
        try
        {
            plan = compile(registry.Plans, state);
            error = null;
            return true;
        }
        catch (PopcornQueryException e)
        {
            plan = null;
            error = Rejected(e);
            return false;
        }
    }

    private bool WithinBudget(SelectionPlan plan, ResultShape shape, int limit, [NotNullWhen(false)] out PopcornQueryException? error)
    {
        long cost = SelectionBudget.CostOf(plan, shape.IsSequence, registry.Options);
        Metrics.Cost(cost, PopcornTelemetryTags.EndpointRest);
        error = SelectionBudget.Check(cost, limit, SelectionBudget.Start);
        if (error is null)
        {
            return true;
        }

        Rejected(error);
        return false;
    }

    private IResult Reject(PopcornQueryException error) => PopcornProblems.Result(Rejected(error));
}
