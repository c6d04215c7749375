using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The bounds an upstream Popcorn service states in its <c>/popcorn/schema</c> (<c>limits</c>) that a join's batched
/// calls must stay within: the values of one <c>in</c> list (its <c>MaxFilterInValues</c>) and the length of one
/// selection (its <c>Limits.MaxLength</c>). A service that states none (an older version) is assumed to have the
/// defaults, which it then had.
/// </summary>
internal sealed record UpstreamLimits(int MaxFilterInValues, int MaxSelectionLength)
{
    public static UpstreamLimits Defaults { get; } = new(new PlanCompilerOptions().MaxFilterInValues, new SelectionParserOptions().MaxLength);
}
