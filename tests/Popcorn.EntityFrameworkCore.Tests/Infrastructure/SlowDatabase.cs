using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Makes the database slow to answer, while <see cref="Stall"/> is set: on PostgreSQL the connection runs
/// <c>pg_sleep</c> at the server before each query (so cancelling it is the provider's real cancel request), on
/// SQLite, which has no server, the command waits on the client. Both wait under the query's own token.
/// </summary>
public sealed class SlowDatabase : DbCommandInterceptor
{
    private int _cancelled;

    /// <summary>How long each query stalls before it runs; null: not at all.</summary>
    public TimeSpan? Stall { get; set; }

    /// <summary>How many stalls were cancelled by their query's token (a stall that ran out is not counted).</summary>
    public int Cancelled => Volatile.Read(ref _cancelled);

    public override async ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        if (Stall is not { } stall)
        {
            return result;
        }

        try
        {
            if (command.Connection is NpgsqlConnection connection)
            {
                await using var sleep = new NpgsqlCommand($"SELECT pg_sleep({stall.TotalSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture)})", connection);
                await sleep.ExecuteNonQueryAsync(cancellationToken);
            }
            else
            {
                await Task.Delay(stall, cancellationToken);
            }
        }
        catch (OperationCanceledException)
        {
            Interlocked.Increment(ref _cancelled);
            throw;
        }

        return result;
    }
}
