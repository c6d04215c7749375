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

    /// <summary>
    /// The most query shapes EF Core may compile at once for Popcorn's queries. EF Core compiles a shape (a set of
    /// fields, nesting and filters; argument values are parameters) the first time it sees it: tens to hundreds of
    /// milliseconds of CPU for a deep selection, against a few once it is cached, and a client can send a new shape
    /// with every request. Past this bound a query of a new shape waits for a slot (see
    /// <see cref="MaxQueuedCompilations"/>); known shapes never wait. Default half the processors (at least one), so
    /// a flood of new shapes leaves the other half serving known ones; null for no bound.
    /// </summary>
    public int? MaxConcurrentCompilations { get; set; } = Math.Max(1, Environment.ProcessorCount / 2);

    /// <summary>
    /// The most queries of new shapes that may wait for a compilation slot at once; past it a request is answered 503
    /// with <c>Retry-After</c> (gateway: <c>SOURCE_UNAVAILABLE</c>) at once. Default 64; 0 refuses instead of waiting.
    /// </summary>
    public int MaxQueuedCompilations { get; set; } = 64;

    /// <summary>How long a query of a new shape may wait for a compilation slot before it is answered 503 with <c>Retry-After</c>. Default 10 seconds.</summary>
    public TimeSpan CompilationQueueTimeout { get; set; } = TimeSpan.FromSeconds(10);
}
