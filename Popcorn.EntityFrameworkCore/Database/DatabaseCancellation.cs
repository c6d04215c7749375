using System.Data.Common;
using System.Runtime.CompilerServices;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Makes a cancelled query stop at the database on providers whose commands ignore the token once running, and
/// counts the rows a Popcorn query's reader returns against <see cref="PopcornEntityFrameworkCoreOptions.MaxRowsRead"/>.
/// </summary>
/// <remarks>
/// Npgsql cancels a running command itself (it sends PostgreSQL a cancel request when the token fires). SQLite does
/// not: Microsoft.Data.Sqlite's <c>Cancel()</c> does nothing and its async methods look at the token only before they
/// start, while the work is done in <c>sqlite3_step</c>, on the calling thread; a query that joins a million rows went
/// on for minutes after its client left. For a SQLite connection this registers <c>sqlite3_interrupt</c> on the
/// command's token for as long as its reader lives, which makes the running step return <c>SQLITE_INTERRUPT</c> at its
/// next opportunity (SQLite checks between virtual-machine instructions).
/// </remarks>
internal sealed class DatabaseCancellation : DbCommandInterceptor
{
    /// <summary>The one instance: it holds no per-app state (the row budget travels with the query's flow).</summary>
    public static DatabaseCancellation Instance { get; } = new();

    private readonly ConditionalWeakTable<DbCommand, Registration> _registrations = new();

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.CanBeCanceled && command.Connection is SqliteConnection { Handle: { } handle })
        {
            var registration = cancellationToken.UnsafeRegister(static state => SQLitePCL.raw.sqlite3_interrupt((SQLitePCL.sqlite3)state!), handle);
            _registrations.AddOrUpdate(command, new Registration(registration));
        }

        return ValueTask.FromResult(result);
    }

    public override ValueTask<DbDataReader> ReaderExecutedAsync(DbCommand command, CommandExecutedEventData eventData, DbDataReader result, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(RowBudget.Current is { } budget ? new CountedDataReader(result, budget) : result);

    public override InterceptionResult DataReaderDisposing(DbCommand command, DataReaderDisposingEventData eventData, InterceptionResult result)
    {
        End(command);
        return result;
    }

    public override Task CommandFailedAsync(DbCommand command, CommandErrorEventData eventData, CancellationToken cancellationToken = default)
    {
        End(command);
        return Task.CompletedTask;
    }

    public override Task CommandCanceledAsync(DbCommand command, CommandEndEventData eventData, CancellationToken cancellationToken = default)
    {
        End(command);
        return Task.CompletedTask;
    }

    /// <summary>Unregisters the interrupt before the connection can close: SQLite forbids interrupting a closed connection.</summary>
    private void End(DbCommand command)
    {
        if (_registrations.TryGetValue(command, out var registration))
        {
            _registrations.Remove(command);
            registration.Token.Dispose(); // waits for a callback that is running
        }
    }

    private sealed class Registration(CancellationTokenRegistration token)
    {
        public CancellationTokenRegistration Token { get; } = token;
    }
}
