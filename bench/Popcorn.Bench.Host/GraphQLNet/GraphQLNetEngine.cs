using GraphQL;
using GraphQL.Execution;
using GraphQL.Validation;
using GraphQL.SystemTextJson;
using GraphQL.Transport;
using Popcorn.Bench.Host.Data;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>
/// GraphQL.NET as an app would hold it without GraphQL.MicrosoftDI's builder (not served here): one schema, one
/// <see cref="DocumentExecuter"/> and GraphQL.SystemTextJson's serializer, all singletons. <see cref="Uncached"/>
/// parses and validates every request (GraphQL.NET's default); <see cref="Cached"/> keeps validated documents, as a
/// production setup with GraphQL.MemoryCache does (<see cref="CachedDocuments"/>, its stand-in).
/// </summary>
public sealed class GraphQLNetEngine
{
    private readonly DocumentExecuter _executer;

    private GraphQLNetEngine(CompanyData data, bool cacheDocuments)
    {
        _executer = cacheDocuments
            ? new DocumentExecuter(new GraphQLDocumentBuilder(), new DocumentValidator(), new DefaultExecutionStrategySelector(), [new CachedDocuments()])
            : new DocumentExecuter();
        Schema = new CompanySchema(new GraphTypes(data), new CompanyQuery(data), new CompanyMutation(data));
        Schema.Initialize();
    }

    /// <summary>Parses and validates every request.</summary>
    public static GraphQLNetEngine Uncached(CompanyData data) => new(data, cacheDocuments: false);

    /// <summary>Reuses the validated document of a query text it has run before.</summary>
    public static GraphQLNetEngine Cached(CompanyData data) => new(data, cacheDocuments: true);

    public CompanySchema Schema { get; }

    public GraphQLSerializer Serializer { get; } = new();

    /// <summary>Answers one request: 200 with the result, or 400 when the body is not a GraphQL request.</summary>
    public async Task HandleAsync(HttpContext context)
    {
        var request = await Serializer.ReadAsync<GraphQLRequest>(context.Request.Body, context.RequestAborted);
        if (request?.Query is null)
        {
            context.Response.StatusCode = StatusCodes.Status400BadRequest;
            return;
        }

        var result = await _executer.ExecuteAsync(new ExecutionOptions
        {
            Schema = Schema,
            Query = request.Query,
            Variables = request.Variables,
            OperationName = request.OperationName,
            RequestServices = context.RequestServices,
            CancellationToken = context.RequestAborted,
        });
        context.Response.ContentType = "application/graphql-response+json; charset=utf-8";
        await Serializer.WriteAsync(context.Response.Body, result, context.RequestAborted);
    }

    /// <summary>The graph types the schema asks for by type, as a DI container would give them.</summary>
    private sealed class GraphTypes(CompanyData data) : IServiceProvider
    {
        public object? GetService(Type serviceType) =>
            serviceType == typeof(EmployeeType) ? new EmployeeType()
            : serviceType == typeof(DepartmentType) ? new DepartmentType()
            : serviceType == typeof(CompanyQuery) ? new CompanyQuery(data)
            : serviceType == typeof(CompanyMutation) ? new CompanyMutation(data)
            : serviceType == typeof(RetitleEmployeeInputType) ? new RetitleEmployeeInputType()
            : null;
    }
}
