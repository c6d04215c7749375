using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Marks a sequence an <see cref="IPopcornSourceProjector"/> returned whose rows the source has already filtered,
/// sorted and paged by the plan's list arguments (<see cref="PlannedField.Arguments"/>): Popcorn then writes them with
/// <see cref="SelectionPlan.ForQueriedRows"/>, so that <c>skip</c> is not applied a second time in memory.
/// </summary>
public interface IPopcornArrangedSource
{
}
