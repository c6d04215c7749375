using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A selection's way from text to the plan this request's caller gets, for every transport: parsed (in a parse span),
/// normalised (a gateway document's fragments, directives and variables), compiled through the plan caches, and
/// compiled again for the caller when it touches protected fields (<see cref="ForCallerAsync"/>, the one re-plan
/// routine); a selection the client got wrong is logged and counted here. Used by the REST pipeline, the gateway and
/// the output cache's key. A singleton.
/// </summary>
/// <remarks>
/// Logs under the category <c>Popcorn.Server.PopcornPipeline</c>, the one docs/configuration.md documents for
/// <c>SelectionRejected</c>: a category is part of what an app's logging filters rely on, so the move did not rename it.
/// </remarks>
internal sealed partial class CallerPlans(PopcornRegistry registry, FieldAuthorization authorization, ILogger<PopcornPipeline> logger)
{
    /// <summary>The REST plan of a selection text against a model type for this request's caller.</summary>
    public ValueTask<PlanOutcome> CompileForCallerAsync(HttpContext context, TypeMetadata type, string? query) =>
        CompileForCallerAsync(context, registry.Plans, type, static (plans, state) => plans.GetOrCompile(state.type, state.query), (type, query), query ?? string.Empty);

    /// <summary>The plan of an already parsed selection for this request's caller, from <paramref name="plans"/> (REST's or the gateway's).</summary>
    public ValueTask<PlanOutcome> CompileForCallerAsync(HttpContext context, SelectionPlanCache plans, TypeMetadata type, SelectionTree selection) =>
        CompileForCallerAsync(context, plans, type, static (plans, state) => plans.GetOrCompile(state.type, state.selection), (type, selection), text: null);

    /// <summary>
    /// The plan for a gateway root field's selection (the gateway's semantics) for callers with <paramref name="access"/>,
    /// or the reason it does not fit, which the gateway reports with the rest of the document's errors (or, checking
    /// only, does not). The gateway decides the access for the whole operation first. With <paramref name="cached"/>
    /// false the plan cache is neither read nor filled: a document checked on every pause in typing must not crowd out
    /// the plans that run.
    /// </summary>
    public bool TryCompileForGateway(TypeMetadata type, SelectionTree selection, FieldAccess access, bool cached, [NotNullWhen(true)] out SelectionPlan? plan, [NotNullWhen(false)] out PopcornQueryException? error)
    {
        var plans = authorization.PlansFor(registry.GatewayPlans, access);
        try
        {
            plan = cached ? plans.GetOrCompile(type, selection) : PlanCompiler.Compile(type, selection, plans.CompilerOptions);
            error = null;
            return true;
        }
        catch (PopcornQueryException e)
        {
            plan = null;
            error = e;
            return false;
        }
    }

    /// <summary>Parses a selection outside the plan cache (no model type yet, or a gateway document), in a parse span.</summary>
    /// <exception cref="PopcornQueryException">The text is malformed or exceeds a limit.</exception>
    public SelectionTree Parse(string? text, JsonElement variables = default, string? operationName = null)
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
    public DocumentNode? ParseDocument(string text)
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

    /// <summary>
    /// Builds the tree of a validated document's operation: fragments expanded, directives applied, variables bound; a
    /// selection set <c>@include</c>/<c>@skip</c> emptied stays empty under GraphQL's rules (written as <c>{}</c>).
    /// </summary>
    /// <exception cref="PopcornQueryException">A variable is missing or invalid, or the expanded selection exceeds a limit.</exception>
    public SelectionTree Normalize(string text, DocumentNode document, JsonElement variables, string? operationName) =>
        GraphQLNormalizer.Normalize(text, document, registry.Options.Limits, variables, operationName, markEmptySelections: !registry.Options.GatewayUsesPopcornSemantics, allowMutations: true);

    /// <summary>Logs and counts a selection the client got wrong (a client error: Debug, never a warning) and hands it back.</summary>
    public PopcornQueryException Rejected(PopcornQueryException error)
    {
        logger.SelectionRejected(error.Detail, error.Line, error.Column);
        registry.Metrics.Rejected(error.Kind);
        return error;
    }

    /// <summary>Logs a gateway request the client got wrong at the root (an unknown root field, a bad argument).</summary>
    public void Rejected(string detail, SourceLocation? location) =>
        logger.SelectionRejected(detail, location?.Line ?? 0, location?.Column ?? 0);

    /// <summary>Logs a REST reference to a stored selection that nothing is stored under (counted by the caller).</summary>
    public void StoredSelectionMissing(string hash) =>
        logger.SelectionRejected($"no stored selection has the hash {hash}", 1, 1);

    /// <summary>Marks the span as failed from an exception filter, so the exception is neither caught nor rethrown.</summary>
    private static bool Refused(System.Diagnostics.Activity? span, PopcornQueryException error)
    {
        PopcornTracing.Refused(span, error.Kind);
        return false;
    }
}
