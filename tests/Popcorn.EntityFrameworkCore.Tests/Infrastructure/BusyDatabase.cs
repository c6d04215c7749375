using System.Collections.Concurrent;
using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Makes every query work the database's CPU for minutes before its first row: the statement is wrapped in a
/// recursive count to two billion that SQLite runs on the calling thread, where a cancelled token alone never reaches
/// it. Records how each command ended.
/// </summary>
public sealed class BusyDatabase : DbCommandInterceptor
{
    private readonly TaskCompletionSource _started = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public ConcurrentQueue<Exception> Failures { get; } = new();

    /// <summary>
    /// Completes when the first command is about to run: a test that leaves "while the database works" waits for it,
    /// since on a loaded machine the request may not have reached the database after any fixed delay.
    /// </summary>
    public Task Started => _started.Task;

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        _started.TrySetResult();
        command.CommandText = "WITH RECURSIVE spin(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM spin WHERE x < 2000000000) "
            + "SELECT * FROM (" + command.CommandText + ") WHERE (SELECT max(x) FROM spin) > 0";
        return ValueTask.FromResult(result);
    }

    public override Task CommandFailedAsync(DbCommand command, CommandErrorEventData eventData, CancellationToken cancellationToken = default)
    {
        Failures.Enqueue(eventData.Exception);
        return Task.CompletedTask;
    }

    /// <summary>Waits until a command has failed (a generous bound: an uninterrupted one runs for minutes).</summary>
    public async Task<Exception?> FirstFailureAsync()
    {
        var deadline = DateTime.UtcNow.AddSeconds(30);
        while (Failures.IsEmpty && DateTime.UtcNow < deadline)
        {
            await Task.Delay(20);
        }

        return Failures.TryPeek(out var failure) ? failure : null;
    }
}
