using System.Text.Json;
using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>One input as a server would receive it: the text, the GraphQL variables and operation name, and the resource type.</summary>
/// <param name="Index">The input's index in its run.</param>
/// <param name="Text">The query text.</param>
/// <param name="Variables">The request's variables (often none).</param>
/// <param name="OperationName">The request's operation name (often none).</param>
/// <param name="Type">The model type the selection is compiled against.</param>
public sealed record FuzzCase(long Index, string Text, JsonElement Variables, string? OperationName, TypeMetadata Type);
