using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What the pipeline settled about one request before its handler ran: the client's selection text, the shape the
/// endpoint declares, and the plan compiled against it (null when the type is known only from the handler's value).
/// </summary>
internal readonly record struct PopcornExchange(string? Query, ResultShape? Declared, SelectionPlan? Plan);
