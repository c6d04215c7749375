using System.Data.Common;
using System.Diagnostics.Metrics;
using System.Runtime.CompilerServices;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Popcorn.Bench.Data.Reads;

/// <summary>
/// What the database was asked for and gave: commands, rows, and cells (columns x rows, counted when EF closes each
/// reader), plus, on PostgreSQL, the bytes Npgsql read from the socket (its own <c>db.client.operation.npgsql.bytes_read</c>
/// counter). SQLite has no such counter: it reads pages in process, so cells are its measure.
/// </summary>
public sealed class ReadCounter : DbCommandInterceptor, IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConditionalWeakTable<DbCommand, StrongBox<int>> _columns = new();
    private long _commands;
    private long _rows;
    private long _cells;
    private long _bytes;

    public ReadCounter()
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == "Npgsql" && instrument.Name == "db.client.operation.npgsql.bytes_read")
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((_, value, _, _) => Interlocked.Add(ref _bytes, value));
        _listener.SetMeasurementEventCallback<int>((_, value, _, _) => Interlocked.Add(ref _bytes, value));
        _listener.Start();
    }

    /// <summary>The totals so far; a request's reads are the difference of two snapshots around it.</summary>
    public ReadTotals Snapshot() => new(Interlocked.Read(ref _commands), Interlocked.Read(ref _rows), Interlocked.Read(ref _cells), Interlocked.Read(ref _bytes));

    // A reader's columns are noted when it opens, its rows when EF disposes it (EF disposes every reader, split
    // queries' too; by then FieldCount can no longer be read).
    public override DbDataReader ReaderExecuted(DbCommand command, CommandExecutedEventData eventData, DbDataReader result)
    {
        _columns.AddOrUpdate(command, new StrongBox<int>(result.FieldCount));
        return result;
    }

    public override ValueTask<DbDataReader> ReaderExecutedAsync(DbCommand command, CommandExecutedEventData eventData, DbDataReader result, CancellationToken cancellationToken = default)
    {
        _columns.AddOrUpdate(command, new StrongBox<int>(result.FieldCount));
        return ValueTask.FromResult(result);
    }

    public override InterceptionResult DataReaderDisposing(DbCommand command, DataReaderDisposingEventData eventData, InterceptionResult result)
    {
        Interlocked.Increment(ref _commands);
        Interlocked.Add(ref _rows, eventData.ReadCount);
        if (_columns.TryGetValue(command, out var columns))
        {
            Interlocked.Add(ref _cells, (long)eventData.ReadCount * columns.Value);
        }

        return result;
    }

    public void Dispose() => _listener.Dispose();
}

/// <summary>Totals of <see cref="ReadCounter"/>: commands, rows, cells (columns x rows), and socket bytes (PostgreSQL only).</summary>
public readonly record struct ReadTotals(long Commands, long Rows, long Cells, long Bytes)
{
    public static ReadTotals operator -(ReadTotals after, ReadTotals before) =>
        new(after.Commands - before.Commands, after.Rows - before.Rows, after.Cells - before.Cells, after.Bytes - before.Bytes);
}
