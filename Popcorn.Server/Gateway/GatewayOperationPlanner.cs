using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Checks every root field of a parsed document before anything runs (known name, unique key, bindable arguments, a
/// selection that fits) and turns it into a <see cref="GatewayOperation"/>, or into the errors to answer with.
/// </summary>
internal sealed class GatewayOperationPlanner(PopcornPipeline pipeline, PopcornGateway gateway)
{
    private const string ValidationFailed = "GRAPHQL_VALIDATION_FAILED";

    public GatewayOperation? Plan(SelectionTree document, List<GraphQLError> errors)
    {
        var steps = new List<GatewayStep>();
        var keys = new HashSet<string>(StringComparer.Ordinal);
        foreach (var property in document.Properties)
        {
            string key = property.OutputName;
            if (property.IsWildcard || property.IsNegated || property.IsOptional)
            {
                errors.Add(new GraphQLError("Wildcards, removals and optional fields are not allowed at the root; name the root fields.", property.Location, key, ValidationFailed));
                continue;
            }

            if (!keys.Add(key))
            {
                errors.Add(new GraphQLError($"The key '{key}' is used by two root fields; give one an alias.", property.Location, key, ValidationFailed));
                continue;
            }

            if (property.Name == "__typename")
            {
                steps.Add(new GatewayStep(key, property.Location, null, null, null, null));
                continue;
            }

            if (IntrospectionValidator.IsIntrospectionRoot(property.Name))
            {
                PlanIntrospection(property, key, steps, errors);
                continue;
            }

            var field = gateway.Find(property.Name);
            if (field is null)
            {
                var suggestions = NameSuggestions.Closest(property.Name, gateway.Fields.Select(f => f.Name));
                errors.Add(new GraphQLError($"Unknown root field '{property.Name}'.{NameSuggestions.Hint(suggestions)}", property.Location, key, ValidationFailed, Kind: QueryErrorKind.UnknownField));
                continue;
            }

            var arguments = BindArguments(field, property, key, errors);
            var shape = pipeline.Registry.ShapeOf(field.ReturnType);
            if (shape is null)
            {
                errors.Add(new GraphQLError($"The root field '{field.Name}' returns a type no Popcorn context models.", property.Location, key, "INTERNAL_SERVER_ERROR"));
                continue;
            }

            var selection = new SelectionTree(property.Children, document.SourceText, document.Syntax);
            if (pipeline.TryCompile(shape.Metadata, selection, out var plan, out var error))
            {
                steps.Add(new GatewayStep(key, property.Location, field, arguments, shape, plan));
            }
            else
            {
                errors.Add(GraphQLError.From(error, key));
            }
        }

        return errors.Count == 0 ? new GatewayOperation(steps) : null;
    }

    private void PlanIntrospection(PropertyReference property, string key, List<GatewayStep> steps, List<GraphQLError> errors)
    {
        if (!pipeline.Registry.Options.EnableIntrospection)
        {
            errors.Add(new GraphQLError("Introspection is disabled on this server.", property.Location, key, "INTROSPECTION_DISABLED"));
            return;
        }

        int before = errors.Count;
        IntrospectionValidator.Validate(gateway.Schema, property, key, errors);
        if (errors.Count == before)
        {
            steps.Add(new GatewayStep(key, property.Location, null, null, null, null, property));
        }
    }

    private static Dictionary<string, object?> BindArguments(GatewayField field, PropertyReference property, string key, List<GraphQLError> errors)
    {
        var bound = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var given in property.Arguments)
        {
            if (!field.Arguments.Any(a => a.Name == given.Name))
            {
                errors.Add(new GraphQLError($"Unknown argument '{given.Name}' on field '{field.Name}'.", given.Location, key, ValidationFailed));
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
