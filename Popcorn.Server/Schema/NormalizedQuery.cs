using System.Text.Json.Serialization;

namespace Popcorn.Server;

/// <summary>The canonical forms of a query in both syntaxes.</summary>
/// <param name="Include">The include form, e.g. <c>[id,manager[firstName]]</c>.</param>
/// <param name="GraphQL">The GraphQL form, e.g. <c>{ id manager { firstName } }</c>.</param>
public sealed record NormalizedQuery(string Include, [property: JsonPropertyName("graphql")] string GraphQL);
