namespace Popcorn.Bench.Host;

/// <summary>Where the bench host serves the GraphQL comparison.</summary>
public static class GraphQLPaths
{
    /// <summary>Popcorn's gateway.</summary>
    public const string Popcorn = "/graphql";

    /// <summary>GraphQL.NET, same schema and data.</summary>
    public const string GraphQLNet = "/graphql-net";

    /// <summary>GraphQL.NET with a document cache (validated documents reused by query text).</summary>
    public const string GraphQLNetCached = "/graphql-net-cached";

    /// <summary>
    /// Not GraphQL: the small query's answer as a constant, after reading the body (<see cref="Plain.GraphQLFloor"/>),
    /// the HTTP work every engine pays for it.
    /// </summary>
    public const string Floor = "/graphql-floor";

    /// <summary>The departments as a Popcorn REST resource (the gateway-vs-REST comparison).</summary>
    public const string RestDepartments = "/company/departments";
}
