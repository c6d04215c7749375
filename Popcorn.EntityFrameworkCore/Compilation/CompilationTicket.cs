namespace Popcorn.EntityFrameworkCore;

/// <summary>
/// Marks the flow in which Popcorn starts a query, so <see cref="CompilationGateInterceptor"/> gates the compilations
/// of Popcorn's queries and of no other query the app runs; it also records whether this query holds one of the gate's
/// slots.
/// </summary>
internal sealed class CompilationTicket(CompilationGate gate)
{
    private static readonly AsyncLocal<CompilationTicket?> s_current = new();

    /// <summary>The ticket of the query being started in this flow, if Popcorn is starting one.</summary>
    public static CompilationTicket? Current
    {
        get => s_current.Value;
        set => s_current.Value = value;
    }

    /// <summary>The gate of the app whose query this is.</summary>
    public CompilationGate Gate => gate;

    /// <summary>The query holds a slot: it may compile, and the slot is to be released once it has.</summary>
    public bool HoldsSlot { get; set; }
}
