using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Configures Popcorn for an application: which generated contexts to use, limits, names and response shape. Set in
/// <c>AddPopcorn</c> (code or configuration), checked at startup, and read once when the app starts: changing it
/// afterwards has no effect. Every option is listed in docs/configuration.md.
/// </summary>
public sealed class PopcornOptions
{
    /// <summary>The generated contexts (<c>MyJsonContext.Default</c> of a <c>[PopcornContext]</c> context) whose models endpoints return.</summary>
    public IList<IPopcornContext> Contexts { get; } = new List<IPopcornContext>();

    /// <summary>
    /// Set by <c>AddPopcornUpstreams</c>: the app serves other services' models, so a gateway with no models of its own
    /// needs no context. Internal, so configuration binding never sets it.
    /// </summary>
    internal bool ServesUpstreams { get; set; }

    /// <summary>The query-string parameter that carries the selection. Default <c>include</c>.</summary>
    public string QueryParameterName { get; set; } = "include";

    /// <summary>The request header that carries the selection, for queries too long for a URL. Default <c>Popcorn-Include</c>.</summary>
    public string HeaderName { get; set; } = "Popcorn-Include";

    /// <summary>
    /// Limits on client queries: length, depth, fields, aliases. Each options instance starts with its own copy of the
    /// defaults, so configuring one app never changes another's (or <see cref="SelectionParserOptions.Default"/>).
    /// </summary>
    public SelectionParserOptions Limits { get; set; } = new();

    /// <summary>Whether unknown field names are errors (the default) or ignored.</summary>
    public UnknownFieldHandling UnknownFields { get; set; } = UnknownFieldHandling.Error;

    /// <summary>
    /// The largest <c>first</c> a list field accepts (1000 by default; <see cref="PlanCompilerOptions.MaxPageSize"/>);
    /// a larger one is a 400. A list without <c>first</c> is written whole. See docs/data.md, "Arguments on list fields".
    /// </summary>
    public int MaxPageSize { get; set; } = 1000;

    /// <summary>
    /// The key that signs the cursors of keyset paging (<c>after</c>), base64, at least 32 bytes
    /// (<c>openssl rand -base64 32</c>); configuration key <c>Popcorn:CursorKey</c>. Every instance serving the API must
    /// have the same one (set it from configuration or a secret store), or a cursor issued by one instance is refused by
    /// another. Null (the default) draws a random key per process: cursors then die with the process. See docs/data.md,
    /// "Cursor paging".
    /// </summary>
    public string? CursorKey { get; set; }

    /// <summary>
    /// The most values one <c>in</c> of a <c>where</c> argument may hold, literal or from a GraphQL variable (1000 by
    /// default; <see cref="PlanCompilerOptions.MaxFilterInValues"/>); more is a 400. See docs/data.md, "Bounds".
    /// </summary>
    public int MaxFilterInValues { get; set; } = 1000;

    /// <summary>
    /// The most operands one <c>and</c>/<c>or</c> list, or entries one filter object, may hold (100 by default;
    /// <see cref="PlanCompilerOptions.MaxFilterOperands"/>); more is a 400.
    /// </summary>
    public int MaxFilterOperands { get; set; } = 100;

    /// <summary>
    /// The most comparisons, groups and <c>in</c> values the <c>where</c> arguments of one selection (one gateway root
    /// field) may hold together (2000 by default; <see cref="PlanCompilerOptions.MaxFilterNodes"/>); more is a 400.
    /// </summary>
    public int MaxFilterNodes { get; set; } = 2000;

    /// <summary>
    /// The most references and lists one path of a <c>where</c> argument may go through, such as
    /// <c>{customer: {orders: {some: {status: "open"}}}}</c> (two; 4 by default;
    /// <see cref="PlanCompilerOptions.MaxFilterNavigationDepth"/>); deeper is a 400. Each one is a join or a correlated
    /// subquery in SQL.
    /// </summary>
    public int MaxFilterNavigationDepth { get; set; } = 4;

    /// <summary>
    /// What a caller gets for naming a field whose <c>[PopcornAuthorize]</c> policy refuses them: the answer a field that
    /// does not exist gets, as for <c>[Never]</c> (<see cref="UnauthorizedFieldHandling.Hide"/>, the default), or a 403
    /// (<see cref="UnauthorizedFieldHandling.Forbid"/>; GraphQL error <c>FORBIDDEN</c> at <c>/graphql</c>). Wildcards
    /// and defaults leave such a field out either way. See docs/authorization.md.
    /// </summary>
    public UnauthorizedFieldHandling UnauthorizedFields { get; set; } = UnauthorizedFieldHandling.Hide;

    /// <summary>
    /// Answer GraphQL documents at <c>/graphql</c> with Popcorn's semantics (keys in declaration order, <c>[Always]</c>
    /// fields added) instead of the GraphQL specification's (exactly the selected keys, in the selection's order).
    /// Off by default; REST endpoints always use Popcorn's semantics.
    /// </summary>
    public bool GatewayUsesPopcornSemantics { get; set; }

    /// <summary>How many parsed queries (and, separately, compiled plans, and validated gateway operations) are kept. Default 1024 each.</summary>
    public int PlanCacheCapacity { get; set; } = SelectionPlanCache.DefaultCapacity;

    /// <summary>
    /// What JSON responses of Popcorn endpoints are wrapped in: nothing (<see cref="ResponseEnvelope.None"/>, the
    /// default), <c>{"success":true,"data":...}</c> (<see cref="ResponseEnvelope.SuccessData"/>), or upstream Popcorn's
    /// <c>{"Success":true,"Data":...}</c> (<see cref="ResponseEnvelope.Upstream"/>, for clients migrating from it).
    /// Errors are wrapped to match. See docs/configuration.md.
    /// </summary>
    public ResponseEnvelope Envelope { get; set; }

    /// <summary>
    /// Names the keys of the <see cref="ResponseEnvelope.Upstream"/> envelope (<c>Success</c>, <c>Data</c>,
    /// <c>Error</c>, <c>Code</c>, <c>Message</c>, <c>Detail</c>), as upstream's <c>DefaultNamingPolicy</c> did. Null
    /// (the default) writes them as they are spelled; <see cref="JsonNamingPolicy.CamelCase"/> writes <c>success</c>,
    /// <c>data</c>, ..., what an ASP.NET Core app on its default JSON options sent upstream. The model's own keys
    /// always follow its context's naming policy.
    /// </summary>
    public JsonNamingPolicy? EnvelopeNamingPolicy { get; set; }

    /// <summary>The same as <see cref="Envelope"/> = <see cref="ResponseEnvelope.SuccessData"/> (true) or <see cref="ResponseEnvelope.None"/> (false).</summary>
    [Obsolete("Set Envelope = ResponseEnvelope.SuccessData instead (or ResponseEnvelope.Upstream for upstream Popcorn's envelope).")]
    public bool UseEnvelope
    {
        get => Envelope != ResponseEnvelope.None;
        set => Envelope = value ? ResponseEnvelope.SuccessData : ResponseEnvelope.None;
    }

    /// <summary>
    /// Options of the response's <see cref="Utf8JsonWriter"/>. Its <c>MaxDepth</c> bounds how deep the writers go
    /// (256 by default, above what the query depth limit can ask for).
    /// </summary>
    public JsonWriterOptions WriterOptions { get; set; } = new() { MaxDepth = 256, SkipValidation = true };

    /// <summary>The largest <c>/graphql</c> POST body accepted, in bytes. Default 1 MiB.</summary>
    public int MaxGatewayRequestBytes { get; set; } = 1024 * 1024;

    /// <summary>
    /// The largest estimated cost a selection may have (keys written, multiplied through lists by
    /// <see cref="AssumedListSize"/>; see docs/errors.md, "Cost"), checked before any handler or resolver runs; for a
    /// gateway request, the sum over its root fields. Default 100,000, about 4 MB of the sample's JSON: every ordinary
    /// selection of a list resource, its deep wildcard included, is below; dozens of aliases of whole graphs are above.
    /// An endpoint can set its own with <c>.WithPopcornCostLimit(n)</c> or <see cref="PopcornCostLimitAttribute"/>.
    /// </summary>
    public int MaxSelectionCost { get; set; } = 100_000;

    /// <summary>How many elements the cost estimate assumes a list (or map) holds. Default 10.</summary>
    public int AssumedListSize { get; set; } = SelectionCost.DefaultAssumedListSize;

    /// <summary>
    /// Answer GraphQL introspection (<c>__schema</c>, <c>__type</c>) at the gateway, which GraphQL tools (GraphiQL,
    /// codegen, Apollo's devtools) need. On by default; see docs/configuration.md for when to turn it off.
    /// </summary>
    public bool EnableIntrospection { get; set; } = true;

    /// <summary>
    /// Accept Apollo's automatic persisted queries at the gateway (a SHA-256 hash instead of the query text, stored
    /// through the app's <c>IDistributedCache</c>: in memory by default, Redis when registered). On by default.
    /// </summary>
    public bool EnablePersistedQueries { get; set; } = true;

    /// <summary>
    /// The budget of the automatic persisted-query store (entries, bytes, lifetime, eviction rate) and its circuit
    /// breaker. Replace it with <c>with</c>: <c>o.PersistedQueryStore = o.PersistedQueryStore with { MaxEntries = 1000 }</c>.
    /// See docs/persisted-queries.md.
    /// </summary>
    public PersistedQueryStoreOptions PersistedQueryStore { get; set; } = PersistedQueryStoreOptions.Default;

    /// <summary>
    /// The file of trusted documents (relative paths from the content root): when set, <c>/graphql</c> runs only the
    /// documents in it, by id or by exact text, refuses every other document (<c>PERSISTED_QUERY_NOT_IN_LIST</c>) and
    /// stores no new ones; a REST <c>sha256:</c> selection is looked up there too. Apollo's persisted-query manifest or
    /// a <c>{ "&lt;sha256&gt;": "&lt;document&gt;" }</c> map, read and checked when the app starts (an id that is not
    /// its text's SHA-256 stops it). Null (the default): any document is accepted. See docs/persisted-queries.md.
    /// </summary>
    public string? TrustedDocumentsPath { get; set; }

    /// <summary>
    /// The most bytes one Popcorn response (a REST resource or a <c>/graphql</c> document) may have. Default 64 MiB.
    /// Past it before anything was sent, the client gets a 400 problem (or GraphQL error); after bytes were sent, the
    /// connection is aborted, so the body is visibly cut off. Bounds what a huge stored value or many aliases can cost.
    /// </summary>
    public long MaxResponseBytes { get; set; } = 64 * 1024 * 1024;

    /// <summary>
    /// The largest REST <c>GET</c>/<c>HEAD</c> response Popcorn gives a strong <c>ETag</c> (a hash of its bytes) and
    /// answers <c>If-None-Match</c> for with a 304. Default 64 KiB. Such a response is held whole until it is written,
    /// so this bounds the memory one request can hold; a larger one streams without an <c>ETag</c>. 0 turns ETags off.
    /// See docs/caching.md.
    /// </summary>
    public long ETagMaxBytes { get; set; } = 64 * 1024;

    /// <summary>
    /// The bytes of a Popcorn response held back before anything is sent. Default 1 MiB. A response that ends within
    /// them goes out in one write with a <c>Content-Length</c>, as a buffered serializer sends it (no chunked framing, no
    /// flush every 16 KB), and one that passes <see cref="MaxResponseBytes"/> within them is still answered with a 400.
    /// A longer response is sent from there on and streams, flushed whenever 16 KB are waiting. This bounds the memory
    /// one response holds; 0 sends from the first flush.
    /// </summary>
    public long ResponseBufferBytes { get; set; } = 1024 * 1024;

    /// <summary>Registers a generated context.</summary>
    /// <returns>These options, for chaining.</returns>
    public PopcornOptions AddContext(IPopcornContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        Contexts.Add(context);
        return this;
    }
}
