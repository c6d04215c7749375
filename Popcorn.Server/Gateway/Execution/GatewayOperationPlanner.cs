using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Checks every root field of a parsed document before anything runs (known name, unique key, bindable arguments, a
/// selection that fits) and turns it into a <see cref="GatewayOperation"/>, or into the errors to answer with. It reports
/// nothing itself (<see cref="GatewayOperations"/> logs and counts a refusal); with <paramref name="checkOnly"/> it
/// neither reads nor fills the plan cache and records no cost, for <see cref="GatewayOperations.Check"/>.
/// </summary>
internal sealed class GatewayOperationPlanner(PopcornRegistry registry, CallerPlans callerPlans, bool checkOnly = false)
{
    private readonly ConnectionPlanner _connections = new(callerPlans, checkOnly);

    private const string ValidationFailed = "GRAPHQL_VALIDATION_FAILED";

    /// <summary>
    /// The most errors one document gets. Fragments can repeat one mistake thousands of times in a few kilobytes; a
    /// client fixes the first ones and sends again (HotChocolate likewise stops validating after a few).
    /// </summary>
    internal const int MaxErrors = 100;

    /// <summary>
    /// The operation for callers with <paramref name="access"/>, or null with <paramref name="errors"/> filled. With
    /// <paramref name="mutation"/> its root fields are the <c>Mutation</c> type's. Planned against
    /// <paramref name="gateway"/>, the generation the request validated its document against.
    /// </summary>
    public GatewayOperation? Plan(GatewayRootFields gateway, SelectionTree document, List<GraphQLError> errors, FieldAccess access, bool mutation = false)
    {
        var schema = gateway.SchemaFor(access);
        var policies = new SortedSet<string>(StringComparer.Ordinal);
        var steps = new List<GatewayStep>();
        var keys = new HashSet<string>(StringComparer.Ordinal);
        foreach (var property in RootFieldMerger.Merge(document.Properties))
        {
            if (errors.Count >= MaxErrors)
            {
                errors.RemoveRange(MaxErrors, errors.Count - MaxErrors);
                errors.Add(new GraphQLError($"Too many errors: validation stopped after {MaxErrors}. Fix these and send the document again.", Code: "TOO_MANY_ERRORS"));
                break;
            }

            string key = property.OutputName;
            if (property.IsWildcard || property.IsNegated || property.IsOptional)
            {
                errors.Add(new GraphQLError("Wildcards, removals and optional fields are not allowed at the root; name the root fields.", property.Location, key, ValidationFailed));
                continue;
            }

            if (!keys.Add(key))
            {
                errors.Add(new GraphQLError($"The key '{GraphQLError.Quote(key)}' is used by two root fields; give one an alias.", property.Location, key, ValidationFailed));
                continue;
            }

            if (property.Name == "__typename")
            {
                steps.Add(new GatewayStep(key, property.Location, null, null, null, null));
                continue;
            }

            if (!mutation && IntrospectionValidator.IsIntrospectionRoot(property.Name))
            {
                PlanIntrospection(schema, property, key, steps, errors);
                policies.UnionWith(registry.AllPolicies);
                continue;
            }

            var field = mutation ? gateway.FindMutation(property.Name) : gateway.Find(property.Name);
            var connection = field is null && !mutation ? ConnectionFields.Find(registry, gateway, property.Name, access) : null;
            field ??= connection?.Field;
            bool hidden = field?.Policy is { } policy && access.Denies(policy);
            if (field is null || (hidden && registry.Options.UnauthorizedFields == UnauthorizedFieldHandling.Hide))
            {
                var candidates = mutation ? gateway.Mutations.Where(f => f.Policy is null || !access.Denies(f.Policy)) : gateway.Fields;
                var suggestions = NameSuggestions.Closest(property.Name, candidates.Select(f => f.Name));
                errors.Add(new GraphQLError($"Unknown root field '{GraphQLError.Quote(property.Name)}'.{NameSuggestions.Hint(suggestions)}", property.Location, key, ValidationFailed, Kind: QueryErrorKind.UnknownField));
                continue;
            }

            if (hidden)
            {
                errors.Add(new GraphQLError($"You are not allowed to run the field '{field.Name}'.", property.Location, key, "FORBIDDEN", Kind: QueryErrorKind.Forbidden));
                continue;
            }

            if (field.Policy is not null)
            {
                policies.Add(field.Policy);
            }

            foreach (var input in field.Arguments)
            {
                if (input.Input is { } inputShape)
                {
                    policies.UnionWith(MutationInputTypes.Policies(inputShape));
                }
            }

            var shape = registry.ShapeOf(field);
            var arguments = BindArguments(field, shape, property, key, errors);
            if (connection is not null)
            {
                // ordersConnection: the list field's resolver, its rows paged and wrapped as a Relay connection.
                if (_connections.Plan(document, property, key, field, shape!, arguments, access, errors) is { } paged)
                {
                    steps.Add(paged);
                    policies.UnionWith(paged.Plan!.Policies);
                    policies.UnionWith(paged.Connection!.Keys.SelectMany(k => k.Edge).Select(e => e.Node).OfType<SelectionPlan>().SelectMany(p => p.Policies));
                }

                continue;
            }

            if (shape is null)
            {
                errors.Add(new GraphQLError($"The root field '{field.Name}' returns a type no Popcorn context models.", property.Location, key, "INTERNAL_SERVER_ERROR"));
                continue;
            }

            // The list's first/skip/orderBy/where the resolver leaves to Popcorn: compiled into the plan like a nested list's.
            var listArguments = property.Arguments.Where(a => field.LeavesToPopcorn(a.Name, shape)).ToArray();
            var selection = new SelectionTree(property.Children, listArguments, document.SourceText, document.Syntax);
            if (callerPlans.TryCompileForGateway(shape.Metadata, selection, access, cached: !checkOnly, out var plan, out var error))
            {
                string? upstream = null;
                UpstreamJoinPlan? joins = null;
                if (field.Source is IUpstreamSource source
                    && (upstream = source.PrintRequest(arguments, plan, registry.Options, out joins, out string? refusal)) is null)
                {
                    errors.Add(new GraphQLError(refusal!, property.Location, key, ValidationFailed));
                    continue;
                }

                steps.Add(new GatewayStep(key, property.Location, field, arguments, shape, plan) { UpstreamSelection = upstream, UpstreamJoins = joins });
                policies.UnionWith(plan.Policies);
            }
            else
            {
                errors.Add(GraphQLError.From(error, key));
            }
        }

        if (errors.Count == 0)
        {
            CheckBudget(steps, schema, errors);
        }

        // One root field, a plain service's list with no joins: nothing else waits for it, so it streams to the client.
        if (!mutation && steps is [{ Field.Source: OpenApiRootField { Spec.IsList: true }, UpstreamJoins: null, Connection: null } only])
        {
            steps[0] = only with { StreamsToClient = true };
        }

        return errors.Count == 0 ? new GatewayOperation(steps.ToArray(), access, schema, policies.ToArray()) { IsMutation = mutation } : null;
    }

    /// <summary>The whole operation's estimated cost, summed over its root fields, against the gateway's limit.</summary>
    private void CheckBudget(List<GatewayStep> steps, SchemaModel schema, List<GraphQLError> errors)
    {
        var options = registry.Options;
        long total = 0;
        GatewayStep? costliest = null;
        long most = -1;
        foreach (var step in steps)
        {
            long cost = step switch
            {
                { Connection: { } connection } => connection.Cost(options.AssumedListSize),
                // An upstream field's joins add the calls they make to other services (docs/gateway.md, "Cost").
                { Plan: { } plan, UpstreamJoins: not null, Field.Source: IUpstreamSource upstream } =>
                    SelectionCost.Plus(SelectionBudget.CostOf(plan, step.Shape!.IsSequence, options), JoinCost.Of(plan, step.Shape!.IsSequence, upstream.Catalog, options)),
                { Plan: { } plan } => SelectionBudget.CostOf(plan, step.Shape!.IsSequence, options),
                // An introspection answer repeats its selection for every type, at most.
                { Introspection: { } root } => SelectionCost.Times(NodeCount(root), schema.Types.Count),
                _ => 1,
            };
            total = SelectionCost.Plus(total, cost);
            if (cost > most)
            {
                (most, costliest) = (cost, step);
            }
        }

        if (!checkOnly)
        {
            registry.Metrics.Cost(total, PopcornTelemetryTags.EndpointGateway);
        }

        if (SelectionBudget.Check(total, options.MaxSelectionCost, costliest?.Location ?? SelectionBudget.Start) is { } error)
        {
            errors.Add(new GraphQLError(error.Detail, error.Location, costliest?.Key, "COST_LIMIT_EXCEEDED", error));
        }
    }

    private void PlanIntrospection(SchemaModel schema, PropertyReference property, string key, List<GatewayStep> steps, List<GraphQLError> errors)
    {
        if (!registry.Options.EnableIntrospection)
        {
            errors.Add(new GraphQLError("Introspection is disabled on this server.", property.Location, key, "INTROSPECTION_DISABLED"));
            return;
        }

        int before = errors.Count;
        IntrospectionValidator.Validate(schema, property, key, errors);
        if (errors.Count == before)
        {
            steps.Add(new GatewayStep(key, property.Location, null, null, null, null, property));
        }
    }

    private static long NodeCount(PropertyReference node) => 1 + node.Children.Sum(NodeCount);

    private static Dictionary<string, object?> BindArguments(GatewayField field, ResultShape? shape, PropertyReference property, string key, List<GraphQLError> errors)
    {
        var bound = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var given in property.Arguments)
        {
            if (!field.Arguments.Any(a => a.Name == given.Name) && !field.LeavesToPopcorn(given.Name, shape))
            {
                errors.Add(new GraphQLError($"Unknown argument '{GraphQLError.Quote(given.Name)}' on field '{field.Name}'.", given.Location, key, ValidationFailed));
            }
        }

        foreach (var argument in field.Arguments)
        {
            var given = property.Arguments.FirstOrDefault(a => a.Name == argument.Name);
            if (argument.TryBind(given?.Value, out object? value, out string? error))
            {
                bound[argument.Name] = value;
            }
            else
            {
                errors.Add(new GraphQLError($"{error} (field '{field.Name}')", given?.Location ?? property.Location, key, ValidationFailed));
            }
        }

        return bound;
    }
}
