using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Validated gateway operations by request, so a repeated document is neither parsed nor validated again.
/// Keyed by the query text, the operation name and the variables' JSON text: the normalized tree depends on every
/// variable (<c>@include(if: $v)</c> and <c>@skip</c> change which fields exist, arguments carry their values), so an
/// operation is only reused for exactly the variables it was built with. Bounded: the oldest entry goes first, and
/// requests whose variables are large are not cached at all, so no entry is much larger than the longest query.
/// Beside them, the documents that passed the schema's validation, by their text alone: validation depends on neither
/// the variables nor the operation name, so the same document with new variables is neither parsed nor validated again.
/// When the gateway has protected fields, a refused request is kept too, with its errors, in the same map as the
/// operations: a caller refused a policy then settles a document naming a hidden field and one naming no field at all
/// with the same steps (a lookup, the same policies decided, a lookup), not a parse and two validations for the unknown
/// name against one validation for the hidden one (docs/authorization.md, "Measured").
/// </summary>
internal sealed class GatewayDocumentCache
{
    /// <summary>Variables longer than this (as JSON text) are not worth a cache entry: such requests are parsed each time.</summary>
    internal const int MaxCachedVariablesLength = 2048;

    private readonly PopcornMetrics _metrics;
    private readonly BoundedMap<string, Key, GatewayOperations.Prepared> _operations;
    private readonly BoundedMap<string, bool, ValidatedDocument> _validated;
    private long _hits;
    private long _misses;

    public GatewayDocumentCache(int capacity, PopcornMetrics metrics)
    {
        _metrics = metrics;
        _operations = new(capacity, () => metrics.CacheEviction(PopcornTelemetryTags.CacheGatewayDocuments), StringComparer.Ordinal);
        _validated = new(capacity, () => metrics.CacheEviction(PopcornTelemetryTags.CacheGatewayValidatedDocuments), StringComparer.Ordinal);
    }

    /// <summary>Lookups answered from the cache (for tests and diagnostics).</summary>
    internal long Hits => Interlocked.Read(ref _hits);

    /// <summary>Lookups that had to parse and validate.</summary>
    internal long Misses => Interlocked.Read(ref _misses);

    /// <summary>The key of a request, or false when the request is not cached (its variables are too large).</summary>
    public static bool TryGetKey(GatewayRequest request, out Key key)
    {
        string variables = request.Variables.ValueKind is JsonValueKind.Undefined or JsonValueKind.Null ? string.Empty : request.Variables.GetRawText();
        key = new Key(request.Query ?? string.Empty, request.OperationName ?? string.Empty, variables, FieldAccess.Unrestricted);
        return variables.Length <= MaxCachedVariablesLength;
    }

    /// <summary>The operation, or the errors, a request with this key came to.</summary>
    public bool TryGet(Key key, out GatewayOperations.Prepared prepared)
    {
        bool found = _operations.TryGetValue(key.Query, key, out prepared);
        Interlocked.Increment(ref found ? ref _hits : ref _misses);
        _metrics.CacheLookup(PopcornTelemetryTags.CacheGatewayDocuments, found);
        return found;
    }

    public void Add(Key key, GatewayOperations.Prepared prepared) => _operations.GetOrAdd(key.Query, key, prepared);

    /// <summary>A document with this exact text that already passed validation.</summary>
    public bool TryGetValidated(string query, out ValidatedDocument document)
    {
        bool found = _validated.TryGetValue(query, true, out document);
        _metrics.CacheLookup(PopcornTelemetryTags.CacheGatewayValidatedDocuments, found);
        return found;
    }

    public void AddValidated(string query, ValidatedDocument document) => _validated.GetOrAdd(query, true, document);

    /// <summary>What makes two requests the same operation: the document, and the field authorization it was planned for (decisions, never users).</summary>
    public readonly record struct Key(string Query, string OperationName, string Variables, FieldAccess Access);

    /// <summary>A document that passed validation, with the deprecation warnings validation found in it.</summary>
    public readonly record struct ValidatedDocument(DocumentNode Document, IReadOnlyList<GraphQLError> Warnings);

}
