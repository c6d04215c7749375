namespace Popcorn.Query;

/// <summary>
/// The GraphQL-like spellings of Popcorn's wildcards and modifiers. GraphQL reserves names that
/// start with <c>__</c> for the schema's own use, so <c>__all</c> can never clash with a model field.
/// </summary>
public static class GraphQLWildcards
{
    /// <summary><c>__all</c>, the GraphQL spelling of <c>!all</c>.</summary>
    public const string All = "__all";

    /// <summary><c>__default</c>, the GraphQL spelling of <c>!default</c>.</summary>
    public const string Default = "__default";

    /// <summary><c>__full</c>, the GraphQL spelling of <c>!full</c>.</summary>
    public const string Full = "__full";

    /// <summary><c>@exclude</c>: the GraphQL spelling of <c>-name</c>.</summary>
    public const string ExcludeDirective = "exclude";

    /// <summary><c>@optional</c>: the GraphQL spelling of <c>?name</c>.</summary>
    public const string OptionalDirective = "optional";

    /// <summary>Maps a tree wildcard (<c>!all</c>) to its GraphQL name (<c>__all</c>).</summary>
    public static string ToGraphQLName(string wildcard) => wildcard switch
    {
        PropertyReference.AllWildcard => All,
        PropertyReference.DefaultWildcard => Default,
        PropertyReference.FullWildcard => Full,
        _ => throw new ArgumentException($"'{wildcard}' is not a wildcard.", nameof(wildcard)),
    };

    /// <summary>Maps a GraphQL field name to the tree wildcard it spells, or null for an ordinary name.</summary>
    public static string? FromGraphQLName(string name) => name switch
    {
        All => PropertyReference.AllWildcard,
        Default => PropertyReference.DefaultWildcard,
        Full => PropertyReference.FullWildcard,
        _ => null,
    };
}
