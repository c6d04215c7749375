using System.Text.Json.Serialization;

namespace Popcorn.Server;

/// <summary>The canonical forms of a query in both syntaxes.</summary>
/// <param name="Include">The include form, e.g. <c>[id,manager[firstName]]</c>.</param>
/// <param name="GraphQL">The GraphQL form, e.g. <c>{ id manager { firstName } }</c>.</param>
/// <param name="Cost">With a type: the selection's estimated cost for one value of it (a list endpoint's is this times
/// the assumed list size); see docs/errors.md, "Cost".</param>
/// <param name="MaxCost">With a type: the server's default limit on that cost.</param>
public sealed record NormalizedQuery(
    string Include,
    [property: JsonPropertyName("graphql")] string GraphQL,
    long? Cost = null,
    int? MaxCost = null);
