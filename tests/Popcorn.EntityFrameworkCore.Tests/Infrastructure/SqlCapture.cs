using System.Collections.Concurrent;
using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>Records the text of every query command EF sends, so tests can read the SQL itself, and how far each reader got.</summary>
public sealed class SqlCapture : DbCommandInterceptor
{
    private readonly ConcurrentQueue<string> _commands = new();

    public IReadOnlyList<string> Commands => _commands.ToArray();

    /// <summary>How many rows each data reader had read when it was disposed, in order.</summary>
    public ConcurrentQueue<int> ReadersDisposed { get; } = new();

    public void Clear()
    {
        _commands.Clear();
        ReadersDisposed.Clear();
    }

    public override InterceptionResult DataReaderDisposing(DbCommand command, DataReaderDisposingEventData eventData, InterceptionResult result)
    {
        ReadersDisposed.Enqueue(eventData.ReadCount);
        return result;
    }

    public override InterceptionResult<DbDataReader> ReaderExecuting(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result)
    {
        _commands.Enqueue(command.CommandText);
        return result;
    }

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        _commands.Enqueue(command.CommandText);
        return ValueTask.FromResult(result);
    }
}
