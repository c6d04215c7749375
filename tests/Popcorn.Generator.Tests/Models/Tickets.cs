namespace Popcorn.Generator.Tests.Models;

/// <summary>A board of tickets: a list grouped by an enum (written as text or as a number, by the context's options).</summary>
public sealed class Board
{
    [Always]
    public int Id { get; set; }

    public List<Ticket> Tickets { get; set; } = [];
}

public sealed class Ticket
{
    [Always, Sortable]
    public int Id { get; set; }

    [Sortable, Filterable]
    public Status State { get; set; }

    [Sortable]
    public Status? Before { get; set; }
}
