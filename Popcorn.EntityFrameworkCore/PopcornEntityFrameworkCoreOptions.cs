namespace Popcorn.EntityFrameworkCore;

/// <summary>Options of Popcorn's EF Core pushdown (<c>AddPopcornEntityFrameworkCore(o => ...)</c>).</summary>
public sealed class PopcornEntityFrameworkCoreOptions
{
    /// <summary>
    /// How long a query may take to produce its first row. Past it the query is cancelled (the provider cancels the
    /// command at the database and returns the connection) and the request is answered as for a database that is
    /// down: 503 at REST endpoints, the field's <c>SOURCE_UNAVAILABLE</c> error at the gateway. Once the first row has
    /// arrived the rest streams for as long as the client reads. Default 30 seconds, the providers' usual command
    /// timeout; <see cref="Timeout.InfiniteTimeSpan"/> leaves the bound to the provider.
    /// </summary>
    public TimeSpan FirstRowTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// How long one query may run, from its start to its last row: the request's database time budget. Past it the
    /// query is cancelled at the database (Npgsql sends PostgreSQL a cancel request; on SQLite the running statement is
    /// interrupted, <c>sqlite3_interrupt</c>), as it is when the client goes away; before the first row that is the
    /// 503 of <see cref="FirstRowTimeout"/>, after it the response is cut off. It bounds a slow client's download of a
    /// long list too, so raise it for exports. Default 60 seconds; <see cref="Timeout.InfiniteTimeSpan"/> for none.
    /// </summary>
    public TimeSpan QueryTimeout { get; set; } = TimeSpan.FromSeconds(60);

    /// <summary>
    /// The most rows one query may read: the rows its statement returns, which for nested lists (read in one statement)
    /// are the joined rows, sibling lists multiplied. Past it the query stops; while nothing has been sent the request
    /// is a 400 (REST problem <c>SourceLimitExceeded</c>, GraphQL error <c>SOURCE_LIMIT_EXCEEDED</c> on the field)
    /// naming this option, after that the response is cut off. Default 1,000,000; null for no bound.
    /// </summary>
    public long? MaxRowsRead { get; set; } = 1_000_000;
}
