using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Serves <c>/graphql</c> (GraphQL over HTTP, GET and POST): parses the document (either selection syntax),
/// validates every root field, its arguments and its selection before running any resolver (request errors
/// are a 400 with <c>errors</c> only), then resolves the fields in order and writes <c>{"data": {...}}</c>
/// with the same plans and writers as REST. A resolver that throws yields <c>null</c> for its field and an error.
/// </summary>
internal sealed class GatewayRequestHandler(PopcornRegistry registry, PopcornResponseWriter writer, PopcornGateway gateway, ILogger<GatewayRequestHandler> logger)
{
    private const string GraphQLResponseMediaType = "application/graphql-response+json";

    public async Task HandleAsync(HttpContext context)
    {
        var (request, status, error) = await GatewayRequest.ReadAsync(context, registry.Options.MaxGatewayRequestBytes);
        if (request is null)
        {
            await WriteErrorsAsync(context, status, [new GraphQLError(error!)]);
            return;
        }

        if (string.IsNullOrWhiteSpace(request.Query))
        {
            await WriteErrorsAsync(context, StatusCodes.Status400BadRequest, [new GraphQLError("The request has no 'query'.")]);
            return;
        }

        SelectionTree document;
        try
        {
            document = SelectionParser.Parse(request.Query, registry.Options.Limits, request.Variables, request.OperationName);
        }
        catch (PopcornQueryException e)
        {
            await WriteErrorsAsync(context, StatusCodes.Status400BadRequest, [GraphQLError.From(e)]);
            return;
        }

        var (steps, errors) = Plan(document);
        if (errors.Count > 0)
        {
            await WriteErrorsAsync(context, StatusCodes.Status400BadRequest, errors);
            return;
        }

        var values = new object?[steps.Count];
        for (int i = 0; i < steps.Count; i++)
        {
            var step = steps[i];
            if (step.Field is null)
            {
                continue;
            }

            try
            {
                values[i] = await step.Field.ResolveAsync(context, step.Arguments!);
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                logger.GatewayFieldFailed(e, step.Field.Name);
                errors.Add(new GraphQLError($"The field '{step.Field.Name}' could not be resolved.", step.Location, step.Key, "INTERNAL_SERVER_ERROR"));
                step.Failed = true;
            }
        }

        await WriteDataAsync(context, steps, values, errors);
    }

    /// <summary>Checks every root field before anything runs: known name, unique key, bindable arguments, a selection that fits.</summary>
    private (List<RootStep> Steps, List<GraphQLError> Errors) Plan(SelectionTree document)
    {
        var steps = new List<RootStep>();
        var errors = new List<GraphQLError>();
        var keys = new HashSet<string>(StringComparer.Ordinal);
        foreach (var property in document.Properties)
        {
            string key = property.OutputName;
            if (property.IsWildcard || property.IsNegated || property.IsOptional)
            {
                errors.Add(new GraphQLError("Wildcards, removals and optional fields are not allowed at the root; name the root fields.", property.Location, key, "GRAPHQL_VALIDATION_FAILED"));
                continue;
            }

            if (!keys.Add(key))
            {
                errors.Add(new GraphQLError($"The key '{key}' is used by two root fields; give one an alias.", property.Location, key, "GRAPHQL_VALIDATION_FAILED"));
                continue;
            }

            if (property.Name == "__typename")
            {
                steps.Add(new RootStep(key, property.Location, null, null, null, null));
                continue;
            }

            var field = gateway.Find(property.Name);
            if (field is null)
            {
                var suggestions = gateway.Fields.Select(f => f.Name).Where(n => n.Contains(property.Name, StringComparison.OrdinalIgnoreCase) || property.Name.Contains(n, StringComparison.OrdinalIgnoreCase));
                string hint = suggestions.Any() ? $" Did you mean '{string.Join("', '", suggestions)}'?" : string.Empty;
                errors.Add(new GraphQLError($"Unknown root field '{property.Name}'.{hint}", property.Location, key, "GRAPHQL_VALIDATION_FAILED"));
                continue;
            }

            var arguments = BindArguments(field, property, key, errors);
            var shape = registry.ShapeOf(field.ReturnType);
            if (shape is null)
            {
                errors.Add(new GraphQLError($"The root field '{field.Name}' returns a type no Popcorn context models.", property.Location, key, "INTERNAL_SERVER_ERROR"));
                continue;
            }

            try
            {
                var selection = new SelectionTree(property.Children, document.SourceText, document.Syntax);
                var plan = registry.Plans.GetOrCompile(shape.Metadata, selection);
                steps.Add(new RootStep(key, property.Location, field, arguments, shape, plan));
            }
            catch (PopcornQueryException e)
            {
                errors.Add(GraphQLError.From(e, key));
            }
        }

        return (steps, errors);
    }

    private static Dictionary<string, object?> BindArguments(GatewayField field, PropertyReference property, string key, List<GraphQLError> errors)
    {
        var bound = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var given in property.Arguments)
        {
            if (!field.Arguments.Any(a => a.Name == given.Name))
            {
                errors.Add(new GraphQLError($"Unknown argument '{given.Name}' on field '{field.Name}'.", given.Location, key, "GRAPHQL_VALIDATION_FAILED"));
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
                errors.Add(new GraphQLError($"{error} (field '{field.Name}')", given?.Location ?? property.Location, key, "GRAPHQL_VALIDATION_FAILED"));
            }
        }

        return bound;
    }

    private Task WriteDataAsync(HttpContext context, List<RootStep> steps, object?[] values, List<GraphQLError> errors) =>
        writer.WriteDocumentAsync(context, StatusCodes.Status200OK, ResponseMediaType(context), 0, async (json, _) =>
        {
            json.WriteStartObject();
            json.WriteStartObject("data");
            for (int i = 0; i < steps.Count; i++)
            {
                var step = steps[i];
                json.WritePropertyName(step.Key);
                if (step.Field is null)
                {
                    json.WriteStringValue("Query");
                }
                else if (step.Failed)
                {
                    json.WriteNullValue();
                }
                else
                {
                    await writer.WriteValueAsync(json, values[i], step.Shape!, step.Plan!, context);
                }
            }

            json.WriteEndObject();
            if (errors.Count > 0)
            {
                WriteErrorList(json, errors);
            }

            json.WriteEndObject();
        });

    private Task WriteErrorsAsync(HttpContext context, int status, IReadOnlyList<GraphQLError> errors) =>
        writer.WriteDocumentAsync(context, status, ResponseMediaType(context), errors, static (json, errors) =>
        {
            json.WriteStartObject();
            WriteErrorList(json, errors);
            json.WriteEndObject();
            return ValueTask.CompletedTask;
        });

    private static void WriteErrorList(Utf8JsonWriter json, IReadOnlyList<GraphQLError> errors)
    {
        json.WriteStartArray("errors");
        foreach (var error in errors)
        {
            error.WriteTo(json);
        }

        json.WriteEndArray();
    }

    /// <summary>GraphQL over HTTP: answer in <c>application/graphql-response+json</c> when the client accepts it, else <c>application/json</c>.</summary>
    private static string ResponseMediaType(HttpContext context) =>
        context.Request.Headers.Accept.ToString().Contains(GraphQLResponseMediaType, StringComparison.OrdinalIgnoreCase)
            ? GraphQLResponseMediaType + "; charset=utf-8"
            : "application/json; charset=utf-8";

    private sealed record RootStep(string Key, SourceLocation Location, GatewayField? Field, Dictionary<string, object?>? Arguments, ResultShape? Shape, SelectionPlan? Plan)
    {
        public bool Failed { get; set; }
    }
}
