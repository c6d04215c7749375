namespace Popcorn.Query;

/// <summary>The words GraphQL's executable grammar gives a meaning to.</summary>
internal static class GraphQLKeywords
{
    public const string Query = "query";
    public const string Mutation = "mutation";
    public const string Subscription = "subscription";
    public const string Fragment = "fragment";
    public const string On = "on";
    public const string True = "true";
    public const string False = "false";
    public const string Null = "null";
    public const string Include = "include";
    public const string Skip = "skip";
    public const string If = "if";
}
