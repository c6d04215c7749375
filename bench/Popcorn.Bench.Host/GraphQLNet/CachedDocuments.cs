using System.Collections.Concurrent;
using GraphQL;
using GraphQL.DI;
using GraphQL.Validation;
using GraphQLParser.AST;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>
/// A stand-in for GraphQL.MemoryCache's document cache (not served here), doing what its documentation describes: a
/// request whose query text was parsed and validated before reuses that document and skips the validation rules;
/// a document is kept only once it has validated and run. Unbounded: the benchmark sends four documents.
/// </summary>
public sealed class CachedDocuments : IConfigureExecution
{
    private readonly ConcurrentDictionary<string, GraphQLDocument> _documents = new(StringComparer.Ordinal);

    /// <summary>Runs after GraphQL.NET's own configuration steps, where GraphQL.MemoryCache runs (its sort order 200).</summary>
    public float SortOrder => 200;

    public async Task<ExecutionResult> ExecuteAsync(ExecutionOptions options, ExecutionDelegate next)
    {
        if (options.Document is not null || options.Query is null)
        {
            return await next(options).ConfigureAwait(false);
        }

        bool cached = _documents.TryGetValue(options.Query, out var document);
        if (cached)
        {
            options.Document = document;
            options.ValidationRules = Array.Empty<IValidationRule>();
        }

        var result = await next(options).ConfigureAwait(false);
        // The executer leaves the document it parsed on the result, not on the options.
        if (!cached && result.Executed && result.Document is { } parsed)
        {
            _documents.TryAdd(options.Query, parsed);
        }

        return result;
    }
}
