using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The validated operation a request runs for its caller: from the document cache, or parsed (either selection
/// syntax), validated against the schema the caller sees and planned root field by root field
/// (<see cref="GatewayOperationPlanner"/>) before any resolver runs; or the errors to answer with.
/// </summary>
internal sealed class GatewayOperations(PopcornRegistry registry, CallerPlans callerPlans, PopcornGateway gateway)
{
    private readonly GatewayOperationPlanner _planner = new(registry, callerPlans);

    private readonly GatewayOperationPlanner _checker = new(registry, callerPlans, checkOnly: true);

    /// <summary>The document cache of the generation served now (each generation has its own: docs/gateway.md, "Schema refresh").</summary>
    internal GatewayDocumentCache Documents => gateway.Current.Documents;

    /// <summary>
    /// The validated operation for this caller, from the document cache or prepared. An operation whose plans touch no
    /// protected field serves everyone as it is; otherwise every policy is decided for the caller and, when one is
    /// refused, the operation planned for that set of refusals is used (cached under it), through the re-plan routine
    /// REST uses (<see cref="CallerPlans.ForCallerAsync"/>). A document that is refused outright is refused again with
    /// the caller's access when the gateway has protected fields, so its errors never mention a field the caller may
    /// not see.
    /// </summary>
    public ValueTask<Prepared> ForCallerAsync(HttpContext context, GatewayRequest request)
    {
        bool cacheable = GatewayDocumentCache.TryGetKey(request, out var key);
        var unrestricted = Settle(request, key, cacheable, FieldAccess.Unrestricted);

        // The names the document contains count, not only what its plans touch: a hidden field under @skip must fail
        // validation against the caller's schema exactly as an unknown name does.
        bool touches = unrestricted.Operation is not { } operation || operation.Policies.Count > 0 || operation.NamesProtectedField;
        return callerPlans.ForCallerAsync(context, registry.AllPolicies, unrestricted, touches, (self: this, request, key, cacheable), static (s, access, unrestricted) =>
        {
            var prepared = access.IsUnrestricted ? unrestricted : s.self.Settle(s.request, s.key with { Access = access }, s.cacheable, access);
            if (prepared.FromCache && prepared.Errors is { } errors)
            {
                s.self.Report(errors);
            }

            return prepared;
        });
    }

    /// <summary>
    /// The errors <c>/graphql</c> would refuse <paramref name="request"/> with for callers with <paramref name="access"/>,
    /// empty when it would run: parsed, validated and planned as a request is, but nothing runs, and nothing is logged,
    /// counted, cached (documents or plans) or recorded as a cost, so an editor may check on every pause in typing
    /// without its drafts showing up as refused requests (<c>/popcorn/check?gateway=true</c>, docs/playground.md).
    /// </summary>
    public List<GraphQLError> Check(GatewayRequest request, FieldAccess access)
    {
        var errors = new List<GraphQLError>();
        Prepare(gateway.Current, request, errors, access, checkOnly: true);
        return errors;
    }

    /// <summary>
    /// The operation or errors for this key: from the document cache, or prepared and kept there. A refusal is kept only
    /// when the gateway has protected fields (then timing must not tell a hidden name from an unknown one); it is
    /// reported again, as when it was prepared, each time it is answered.
    /// </summary>
    private Prepared Settle(GatewayRequest request, GatewayDocumentCache.Key key, bool cacheable, FieldAccess access)
    {
        // One generation for the whole request: what it reads from the cache, validates against, plans and caches.
        var served = gateway.Current;
        if (cacheable && served.Documents.TryGet(key, out var cached))
        {
            return cached with { FromCache = true };
        }

        var prepared = Prepare(served, request, access);
        if (prepared.Operation is { } named && access.IsUnrestricted)
        {
            named.NamesProtectedField = callerPlans.NamesProtectedField(request.Query!);
        }

        if (cacheable && (prepared.Operation is not null || registry.AllPolicies.Count > 0))
        {
            served.Documents.Add(key, prepared);
        }

        return prepared;
    }

    /// <summary>
    /// Logs and counts a refusal, when it is made and each time a remembered one is answered again: the first of the
    /// gateway's own errors (schema validation, root-level mistakes) is logged, every error is counted by its kind, and a
    /// selection's error (<see cref="GraphQLError.Source"/>) is logged and counted as REST's are.
    /// </summary>
    private void Report(List<GraphQLError> errors)
    {
        if (errors.Count > 0 && errors[0].Source is null)
        {
            callerPlans.Rejected(errors[0].Message, errors[0].Location);
        }

        foreach (var error in errors)
        {
            if (error.Source is { } source)
            {
                callerPlans.Rejected(source);
            }
            else
            {
                registry.Metrics.Rejected(error.Kind);
            }
        }
    }

    /// <summary>The operation, or the errors that refuse it, logged and counted (<see cref="Report"/>).</summary>
    private Prepared Prepare(GatewayRootFields served, GatewayRequest request, FieldAccess access)
    {
        var errors = new List<GraphQLError>();
        if (Prepare(served, request, errors, access, checkOnly: false) is { } operation)
        {
            return new(operation, null);
        }

        Report(errors);
        return new(null, errors);
    }

    /// <summary>
    /// Parses, validates and plans the request's document; null with <paramref name="errors"/> filled when it is refused.
    /// Reports nothing: the caller decides whether a refusal is logged and counted.
    /// </summary>
    private GatewayOperation? Prepare(GatewayRootFields served, GatewayRequest request, List<GraphQLError> errors, FieldAccess access, bool checkOnly)
    {
        SelectionTree? document;
        bool mutation;
        IReadOnlyList<GraphQLError> warnings;
        try
        {
            document = ParseValid(served, request, errors, access, checkOnly, out mutation, out warnings);
        }
        catch (PopcornQueryException e)
        {
            errors.Add(GraphQLError.From(e));
            return null;
        }

        var operation = document is null ? null : (checkOnly ? _checker : _planner).Plan(served, document, errors, access, mutation);
        if (operation is not null)
        {
            operation.Warnings = warnings;
        }

        return operation;
    }

    /// <summary>
    /// The tree of the operation to run, or null with the spec's validation errors. A GraphQL document is validated
    /// against the schema before any variable is bound, once per distinct text; the include syntax (a Popcorn extension)
    /// and the whole-document <c>{}</c> have no GraphQL validation and are checked by the planner alone.
    /// </summary>
    /// <exception cref="PopcornQueryException">The text does not parse, or its variables do not bind.</exception>
    private SelectionTree? ParseValid(GatewayRootFields served, GatewayRequest request, List<GraphQLError> errors, FieldAccess access, bool checkOnly, out bool mutation, out IReadOnlyList<GraphQLError> warnings)
    {
        mutation = false;
        warnings = [];
        string query = request.Query!;
        if (SelectionParser.DetectSyntax(query) != SelectionSyntax.GraphQL)
        {
            return callerPlans.Parse(query, request.Variables, request.OperationName);
        }

        // A check neither reads nor fills the cache of validated documents: its drafts would crowd out the ones that run.
        GatewayDocumentCache.ValidatedDocument known = default;
        bool validated = !checkOnly && served.Documents.TryGetValidated(query, out known);
        var document = known.Document;
        warnings = known.Warnings ?? [];
        if (!validated)
        {
            document = callerPlans.ParseDocument(query);
            if (document is null)
            {
                return SelectionTree.Default;
            }
        }

        // A caller refused some policies is validated against the schema it may see, every time: a hidden field must be
        // reported exactly as an unknown one is, and never suggested (docs/authorization.md). The cache holds documents
        // valid for everyone. With UnauthorizedFields = Forbid the field is not hidden: the planner answers FORBIDDEN.
        bool hides = !access.IsUnrestricted && registry.Options.UnauthorizedFields == UnauthorizedFieldHandling.Hide;
        if (!validated || hides)
        {
            var invalid = DocumentValidator.Validate(hides ? served.SchemaFor(access) : served.Schema, query, document!, out warnings);
            if (invalid.Count > 0)
            {
                errors.AddRange(invalid);
                return null;
            }

            if (!hides && !checkOnly)
            {
                served.Documents.AddValidated(query, new(document!, warnings));
            }
        }

        if (document!.Selected(request.OperationName) is { Type: GraphQLOperationType.Mutation } selected)
        {
            // A mutation's variables are coerced against the schema's input types before anything runs (6.1.2).
            mutation = true;
            VariableValueRules.Check(hides ? served.SchemaFor(access) : served.Schema, query, selected, request.Variables, errors);
            if (errors.Count > 0)
            {
                return null;
            }
        }

        return callerPlans.Normalize(query, document, request.Variables, request.OperationName);
    }

    /// <summary>An operation ready to run, or the errors that refused it; <paramref name="FromCache"/> when it was remembered.</summary>
    public readonly record struct Prepared(GatewayOperation? Operation, List<GraphQLError>? Errors, bool FromCache = false);
}
