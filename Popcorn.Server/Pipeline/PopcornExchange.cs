using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What the pipeline settled about one request before its handler ran: the client's selection text, the shape the
/// endpoint declares, and the plan compiled against it; when no type is declared, no plan but the parsed tree, to be
/// compiled against the type of the handler's value; the endpoint's cost limit, for that later check; and the response
/// format the client asked for (null: JSON, the usual case).
/// </summary>
internal readonly record struct PopcornExchange(string? Query, ResultShape? Declared, SelectionPlan? Plan, SelectionTree? Tree, int CostLimit, ResponseFormat? Format = null);
