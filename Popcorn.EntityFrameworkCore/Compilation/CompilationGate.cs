using Microsoft.Extensions.Logging;
using Popcorn.Server;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Bounds how many query shapes EF Core compiles at once for Popcorn's queries
/// (<see cref="PopcornEntityFrameworkCoreOptions.MaxConcurrentCompilations"/>). A client can make a new shape with
/// every request (a different set of fields or nesting), and translating a deep one costs EF Core tens to hundreds of
/// milliseconds of CPU, against a few for a known one; past the bound a query waits for a slot, at most
/// <see cref="PopcornEntityFrameworkCoreOptions.MaxQueuedCompilations"/> at a time and for at most
/// <see cref="PopcornEntityFrameworkCoreOptions.CompilationQueueTimeout"/>, else it is refused
/// (<see cref="PopcornSourceBusyException"/>: 503 with <c>Retry-After</c>). Known shapes never wait, so a flood of new
/// shapes leaves the requests the app already knows served.
/// </summary>
internal sealed class CompilationGate
{
    /// <summary>What a refused request is told: the time a compilation usually takes, rounded up to what the header can say.</summary>
    private static readonly TimeSpan s_retryAfter = TimeSpan.FromSeconds(1);

    /// <summary>Refusals come in floods; one warning per this many milliseconds, with the count, says enough.</summary>
    private const long LogIntervalMs = 10_000;

    private readonly ILogger _logger;
    private long _refusedSinceLog;
    private long _lastLogTicks = -LogIntervalMs; // the first refusal logs (TickCount64 starts at zero)

    private readonly SemaphoreSlim _slots;
    private readonly int _maxQueued;
    private readonly TimeSpan _queueTimeout;
    private int _queued;

    public CompilationGate(int slots, int maxQueued, TimeSpan queueTimeout, ILogger logger)
    {
        _logger = logger;
        _slots = new SemaphoreSlim(slots, slots);
        _maxQueued = maxQueued;
        _queueTimeout = queueTimeout;
    }

    /// <summary>Takes a free slot without waiting (the interceptor, inside EF Core's synchronous compilation).</summary>
    public bool TryEnter() => _slots.Wait(0);

    /// <summary>
    /// Starts a query through <paramref name="start"/> in a flow marked as Popcorn's; if it needs a compilation and no
    /// slot is free, waits for one (without holding a thread) and starts it again.
    /// </summary>
    /// <exception cref="PopcornSourceBusyException">The queue is full, or no slot came free within the queue timeout.</exception>
    public async ValueTask<T> RunAsync<T>(Func<ValueTask<T>> start, CancellationToken cancellationToken)
    {
        var outer = CompilationTicket.Current;
        var ticket = new CompilationTicket(this);
        CompilationTicket.Current = ticket;
        try
        {
            while (true)
            {
                ValueTask<T> started;
                try
                {
                    started = start();
                }
                finally
                {
                    // EF Core compiles in the call that starts the query, before anything is awaited: done by now.
                    Release(ticket);
                }

                try
                {
                    return await started;
                }
                catch (CompilationDeferredException)
                {
                    // Every slot was taken when EF Core began compiling this shape; it cached nothing for it.
                }

                await WaitForSlotAsync(ticket, cancellationToken);
            }
        }
        finally
        {
            Release(ticket);
            CompilationTicket.Current = outer;
        }
    }

    private async ValueTask WaitForSlotAsync(CompilationTicket ticket, CancellationToken cancellationToken)
    {
        if (Interlocked.Increment(ref _queued) > _maxQueued)
        {
            Interlocked.Decrement(ref _queued);
            throw Busy("the queue of queries waiting to be compiled is full");
        }

        try
        {
            if (!await _slots.WaitAsync(_queueTimeout, cancellationToken))
            {
                throw Busy($"no compilation slot came free within {_queueTimeout.TotalSeconds:0.###} s");
            }

            ticket.HoldsSlot = true;
        }
        finally
        {
            Interlocked.Decrement(ref _queued);
        }
    }

    private void Release(CompilationTicket ticket)
    {
        if (ticket.HoldsSlot)
        {
            ticket.HoldsSlot = false;
            _slots.Release();
        }
    }

    private PopcornSourceBusyException Busy(string why)
    {
        string message = $"A query of a shape EF Core has not compiled yet was refused: {why} (MaxConcurrentCompilations, MaxQueuedCompilations, CompilationQueueTimeout).";
        Interlocked.Increment(ref _refusedSinceLog);
        long now = Environment.TickCount64;
        long last = Volatile.Read(ref _lastLogTicks);
        if (now - last >= LogIntervalMs && Interlocked.CompareExchange(ref _lastLogTicks, now, last) == last)
        {
            _logger.CompilationsRefused(Interlocked.Exchange(ref _refusedSinceLog, 0), why);
        }

        return new PopcornSourceBusyException(message, s_retryAfter);
    }
}
