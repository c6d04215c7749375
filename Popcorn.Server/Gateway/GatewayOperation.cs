using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A validated gateway operation, ready to run: one step per root field, in the document's order. Immutable, so the
/// document cache shares it between requests.
/// </summary>
internal sealed class GatewayOperation(IReadOnlyList<GatewayStep> steps)
{
    public IReadOnlyList<GatewayStep> Steps { get; } = steps;
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
    PropertyReference? Introspection = null);
