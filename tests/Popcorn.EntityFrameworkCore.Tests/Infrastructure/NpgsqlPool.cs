using System.Diagnostics.Metrics;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Npgsql's own count of a pool's connections in use (its <c>db.client.connection.count</c> metric, state
/// <c>used</c>): a connection a request never returned stays counted there however the request ended.
/// </summary>
public static class NpgsqlPool
{
    /// <summary>The connections in use in the pools whose name contains <paramref name="poolName"/>, read now.</summary>
    public static long InUse(string poolName)
    {
        long used = 0;
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == "Npgsql" && instrument.Name == "db.client.connection.count")
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<int>((_, value, tags, _) => used += Used(tags, poolName) ? value : 0);
        listener.SetMeasurementEventCallback<long>((_, value, tags, _) => used += Used(tags, poolName) ? value : 0);
        listener.Start();
        listener.RecordObservableInstruments();
        return used;
    }

    private static bool Used(ReadOnlySpan<KeyValuePair<string, object?>> tags, string poolName)
    {
        bool used = false, pool = false;
        foreach (var tag in tags)
        {
            used |= tag is { Key: "db.client.connection.state", Value: "used" };
            pool |= tag.Key == "db.client.connection.pool.name" && tag.Value is string name && name.Contains(poolName, StringComparison.Ordinal);
        }

        return used && pool;
    }
}
