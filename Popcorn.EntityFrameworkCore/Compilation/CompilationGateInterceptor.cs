using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Sees EF Core start compiling a query, which it does only for a shape its query cache does not hold yet (argument
/// values are parameters, not part of the shape), and lets one of Popcorn's queries compile only while it holds a slot
/// of its app's <see cref="CompilationGate"/>. Queries the app runs itself carry no ticket and pass untouched.
/// </summary>
/// <remarks>
/// EF Core has no matching "compilation finished" event; it compiles synchronously in the call that starts the query,
/// so the gate releases the slot when that call returns (<see cref="CompilationGate.RunAsync{T}"/>). One instance for
/// every context: it is a singleton interceptor (part of EF Core's internal service provider), and a new instance per
/// app would make EF Core build a new internal service provider per app.
/// </remarks>
internal sealed class CompilationGateInterceptor : IQueryExpressionInterceptor
{
    /// <summary>The one instance; the gate travels with the query's flow (<see cref="CompilationTicket"/>).</summary>
    public static CompilationGateInterceptor Instance { get; } = new();

    public Expression QueryCompilationStarting(Expression queryExpression, QueryExpressionEventData eventData)
    {
        if (CompilationTicket.Current is { HoldsSlot: false } ticket)
        {
            if (!ticket.Gate.TryEnter())
            {
                throw new CompilationDeferredException();
            }

            ticket.HoldsSlot = true;
        }

        return queryExpression;
    }
}
