using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// How many more rows the query Popcorn is starting may read (<see cref="PopcornEntityFrameworkCoreOptions.MaxRowsRead"/>).
/// Set for the flow that starts the query, so the command interceptor (<see cref="DatabaseCancellation"/>) wraps
/// that query's reader and no other command the app runs.
/// </summary>
internal sealed class RowBudget(long limit)
{
    private static readonly AsyncLocal<RowBudget?> s_current = new();
    private long _read;

    /// <summary>The budget of the query being started in this flow, if Popcorn is starting one.</summary>
    public static RowBudget? Current
    {
        get => s_current.Value;
        set => s_current.Value = value;
    }

    /// <summary>The most rows the query may read.</summary>
    public long Limit => limit;

    /// <summary>Counts one row read.</summary>
    /// <exception cref="PopcornSourceLimitExceededException">This row is past the limit.</exception>
    public void Take()
    {
        if (++_read > limit)
        {
            throw new PopcornSourceLimitExceededException(
                $"The query for this selection reads more than {limit} rows, the most this server reads for one (MaxRowsRead). " +
                "Page the lists (first), select fewer nested lists side by side, or filter them (where).",
                nameof(PopcornEntityFrameworkCoreOptions.MaxRowsRead), limit);
        }
    }
}
