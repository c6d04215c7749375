using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A connection field's selection, checked and compiled once with its operation: the keys to write at each level of
/// <c>XConnection</c>, <c>XEdge</c> and <c>PageInfo</c>, in the document's order, each <c>node</c>'s plan, and the page
/// size. The rows are read with the step's plan (<see cref="GatewayStep.Plan"/>), which asks for one row more than
/// the page. Immutable: the document cache shares it between requests.
/// </summary>
internal sealed class ConnectionPlan(IReadOnlyList<ConnectionKey> keys, TypeMetadata element, int pageSize)
{
    /// <summary>The connection object's keys, in the document's order.</summary>
    public IReadOnlyList<ConnectionKey> Keys { get; } = keys;

    /// <summary>The page's size: the client's <c>first</c>, else <see cref="ConnectionFields.DefaultPageSize"/>.</summary>
    public int PageSize { get; } = pageSize;

    public string ConnectionTypeName { get; } = ConnectionFields.ConnectionType(element);

    public string EdgeTypeName { get; } = ConnectionFields.EdgeType(element);

    /// <summary>Whether <c>totalCount</c> is selected: only then is anything counted.</summary>
    public bool WantsTotal { get; } = keys.Any(k => k.Part == ConnectionPart.TotalCount);

    /// <summary>Whether some edge writes its cursor: only then is every row's cursor signed.</summary>
    public bool WritesEdgeCursors { get; } = keys.Any(k => k.Edge.Any(e => e.Part == EdgePart.Cursor));

    /// <summary>Whether a node plan writes a <c>[BatchResolved]</c> field: the page's nodes are then resolved before the connection is written.</summary>
    public bool ResolvesInBatches { get; } = keys.Any(k => k.Edge.Any(e => e.Node is { ResolvesInBatches: true }));

    /// <summary>Whether the page's rows are read at all (edges or pageInfo selected); <c>{ totalCount }</c> alone reads none.</summary>
    public bool ReadsRows { get; } = keys.Any(k => k.Part is ConnectionPart.Edges or ConnectionPart.PageInfo);

    /// <summary>
    /// The estimated cost: each key, and per edge its keys and its node's plan, with as many edges as a list of this
    /// page size is counted for (at most <paramref name="assumedListSize"/>, as for a plain list).
    /// </summary>
    public long Cost(int assumedListSize)
    {
        long total = 0;
        foreach (var key in Keys)
        {
            total = SelectionCost.Plus(total, 1 + key.PageInfo.Count);
            if (key.Part == ConnectionPart.Edges)
            {
                long edge = 1;
                foreach (var part in key.Edge)
                {
                    edge = SelectionCost.Plus(edge, 1 + (part.Node is { } node ? SelectionCost.Estimate(node, assumedListSize) : 0));
                }

                total = SelectionCost.Plus(total, SelectionCost.Times(edge, Math.Min(PageSize, assumedListSize)));
            }
        }

        return total;
    }
}

/// <summary>What a key of the connection object writes.</summary>
internal enum ConnectionPart
{
    TypeName,
    Edges,
    PageInfo,
    TotalCount,
}

/// <summary>What a key of an edge writes.</summary>
internal enum EdgePart
{
    TypeName,
    Cursor,
    Node,
}

/// <summary>What a key of <c>PageInfo</c> writes.</summary>
internal enum PageInfoPart
{
    TypeName,
    HasNextPage,
    HasPreviousPage,
    StartCursor,
    EndCursor,
}

/// <summary>One key of the connection object; <see cref="Edge"/> and <see cref="PageInfo"/> hold the keys of the object it opens, if any.</summary>
internal sealed record ConnectionKey(JsonEncodedText Name, ConnectionPart Part, IReadOnlyList<EdgeKey> Edge, IReadOnlyList<PageInfoKey> PageInfo);

/// <summary>One key of an edge; a <c>node</c> carries its plan, compiled without the list's arguments (the page is arranged before it is written).</summary>
internal sealed record EdgeKey(JsonEncodedText Name, EdgePart Part, SelectionPlan? Node)
{
    /// <summary>The node's plan for rows a query arranged, nested lists included (<see cref="SelectionPlan.ForQueriedRows"/>), computed once.</summary>
    public SelectionPlan? QueriedNode { get; } = Node?.ForQueriedRows();
}

/// <summary>One key of <c>PageInfo</c>.</summary>
internal sealed record PageInfoKey(JsonEncodedText Name, PageInfoPart Part);
