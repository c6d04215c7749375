namespace Popcorn.Query;

/// <summary>OperationType : one of <c>query</c> <c>mutation</c> <c>subscription</c>.</summary>
internal enum GraphQLOperationType
{
    Query,
    Mutation,
    Subscription,
}
