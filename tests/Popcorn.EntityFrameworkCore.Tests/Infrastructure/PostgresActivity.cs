using Npgsql;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>What the PostgreSQL server itself says its connections are doing (<c>pg_stat_activity</c>).</summary>
public static class PostgresActivity
{
    /// <summary>
    /// The number of other backends of the connection string's database matching <paramref name="where"/>, once it
    /// has settled: a cancel request and a connection's return reach the server a moment after the client moves on,
    /// so this waits up to 10 s for the count to reach zero before reporting it.
    /// </summary>
    public static async Task<long> CountAsync(string connectionString, string where)
    {
        await using var connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(connectionString) { Pooling = false }.ConnectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand($"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ({where})", connection);
        var deadline = DateTime.UtcNow.AddSeconds(10);
        while (true)
        {
            long count = (long)(await command.ExecuteScalarAsync())!;
            if (count == 0 || DateTime.UtcNow > deadline)
            {
                return count;
            }

            await Task.Delay(100);
        }
    }
}
