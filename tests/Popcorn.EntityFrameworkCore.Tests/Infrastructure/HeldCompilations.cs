using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>
/// Holds EF Core's compilation of each new query shape Popcorn starts, after Popcorn's gate has let it in, until the
/// test lets it go: what a slow translation of a deep shape does, without depending on how slow this machine is.
/// Registered after <c>AddPopcornInterceptors()</c>, so it runs once the gate's slot is taken. The app's own queries
/// pass untouched. A new instance per test also gives the test an empty query cache (EF Core builds an internal
/// service provider per set of singleton interceptors), so its shapes are new.
/// </summary>
public sealed class HeldCompilations : IQueryExpressionInterceptor
{
    private readonly SemaphoreSlim _entered = new(0);
    private readonly SemaphoreSlim _permits = new(0);

    /// <summary>While false, compilations pass (to warm known shapes up).</summary>
    public bool Holding { get; set; }

    public Expression QueryCompilationStarting(Expression queryExpression, QueryExpressionEventData eventData)
    {
        if (Holding && CompilationTicket.Current is not null)
        {
            _entered.Release();
            // A test that fails leaves nothing blocked for long.
            _permits.Wait(TimeSpan.FromSeconds(30));
        }

        return queryExpression;
    }

    /// <summary>Waits until a held compilation has begun (it holds a slot of the gate).</summary>
    public async Task EnteredAsync()
    {
        if (!await _entered.WaitAsync(TimeSpan.FromSeconds(30)))
        {
            throw new TimeoutException("No compilation began.");
        }
    }

    /// <summary>Lets one held compilation go on.</summary>
    public void LetOneGo() => _permits.Release();
}
