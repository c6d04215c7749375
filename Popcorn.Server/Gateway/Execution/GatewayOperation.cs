using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A validated gateway operation, ready to run: one step per root field, in the document's order, planned for callers
/// with <see cref="Access"/>. Immutable, so the document cache shares it between requests.
/// </summary>
internal sealed class GatewayOperation(GatewayStep[] steps, FieldAccess access, SchemaModel schema, IReadOnlyList<string> policies)
{
    /// <remarks>An array, not a list interface: each request reads it in several loops, and an interface's indexer and
    /// count are dispatched through a stub at every read.</remarks>
    public GatewayStep[] Steps { get; } = steps;

    /// <summary>The field authorization it was planned with.</summary>
    public FieldAccess Access { get; } = access;

    /// <summary>The schema introspection answers from: the one a caller with <see cref="Access"/> sees.</summary>
    public SchemaModel Schema { get; } = schema;

    /// <summary>True for a mutation: its fields run one at a time, each read back before the next starts, and never over GET.</summary>
    public bool IsMutation { get; init; }

    /// <summary>The <c>[PopcornAuthorize]</c> policies its plans touched (every policy when it introspects); empty for most operations.</summary>
    public IReadOnlyList<string> Policies { get; } = policies;

    /// <summary>
    /// What validation found deprecated in its document (a quoted enum value in a comparison): written under
    /// <c>extensions.warnings</c> with every answer. Set once, before the operation is cached.
    /// </summary>
    public IReadOnlyList<GraphQLError> Warnings { get; set; } = [];

    /// <summary>
    /// Whether its document names a protected field anywhere, even where no plan reaches it (<c>@skip</c>, an unused
    /// fragment): then it is settled for each caller as if it touched a policy. Set once, before the operation is cached.
    /// </summary>
    public bool NamesProtectedField { get; set; }
}

/// <summary>
/// One root field of an operation: its response key and, for a resolver field, the field, its bound arguments, the
/// shape of its value and the plan its selection compiled to; for introspection (<c>__schema</c>, <c>__type</c>) the
/// validated selection; for <c>__typename</c> neither.
/// </summary>
internal sealed record GatewayStep(
    string Key,
    SourceLocation Location,
    GatewayField? Field,
    IReadOnlyDictionary<string, object?>? Arguments,
    ResultShape? Shape,
    SelectionPlan? Plan,
    PropertyReference? Introspection = null)
{
    /// <summary><see cref="Key"/> encoded for the response once, when the operation is planned (and cached), not with every answer.</summary>
    public System.Text.Json.JsonEncodedText EncodedKey { get; } = System.Text.Json.JsonEncodedText.Encode(Key);

    /// <summary>For a field an upstream service answers: the selection sent to it (docs/gateway.md), printed once with the operation.</summary>
    public string? UpstreamSelection { get; init; }

    /// <summary>For a field an upstream service answers: the joins its plan selects (docs/gateway.md, "Joins"); null for none.</summary>
    public UpstreamJoinPlan? UpstreamJoins { get; init; }

    /// <summary>
    /// For a Relay connection field (<c>ordersConnection</c>, docs/data.md): what to write around the rows, which are
    /// read with <see cref="Plan"/> (one more than the page, to know whether another follows).
    /// </summary>
    public ConnectionPlan? Connection { get; init; }

    /// <summary>
    /// For an operation whose only root field is a plain service's list without joins: its call is made while the
    /// response is written, and the list is projected into the response as it arrives (docs/gateway.md, "Streaming
    /// lists"), rather than read whole first.
    /// </summary>
    public bool StreamsToClient { get; init; }
}
