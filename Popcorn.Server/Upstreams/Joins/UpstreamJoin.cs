using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A field of an upstream type whose value another upstream's list root field gives, matched by key (docs/gateway.md,
/// "Joins"): <see cref="Field"/> is the field plans compile against (an object of <see cref="Target"/>'s type, nullable;
/// a list of them when <see cref="IsMany"/>), <see cref="Key"/> the parent's field holding the key,
/// <see cref="TargetKey"/> the target's field it must equal. Checked when the schemas are read, shared by every request.
/// </summary>
internal sealed class UpstreamJoin(string name, FieldMetadata field, FieldMetadata key, UpstreamRootFieldSpec target, FieldMetadata targetKey, UpstreamLimits limits, bool isMany = false)
{
    /// <summary>Every target element whose target key equals the parent's key, as a list (<c>JoinMany</c>), rather than the first.</summary>
    public bool IsMany { get; } = isMany;

    /// <summary><c>Order.customer</c>, for messages.</summary>
    public string Name { get; } = name;

    public FieldMetadata Field { get; } = field;

    public FieldMetadata Key { get; } = key;

    /// <summary>The root field the values are read from, with the service that answers it.</summary>
    public UpstreamRootFieldSpec Target { get; } = target;

    public FieldMetadata TargetKey { get; } = targetKey;

    /// <summary>
    /// For a target that is a plain service's operation: its list parameter that takes the keys (<c>?orderId=1&amp;orderId=2</c>);
    /// null for a Popcorn service, which is sent <c>where: {targetKey: {in: [...]}}</c>.
    /// </summary>
    public string? KeysParameter { get; init; }

    /// <summary>What the target service accepts in one call: the keys of one <c>in</c> list and the length of a selection.</summary>
    public UpstreamLimits Limits { get; } = limits;
}
