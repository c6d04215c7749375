using GraphQL.Types;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>GraphQL.NET's schema of the company data: one instance for the app, as GraphQL.NET's docs advise.</summary>
public sealed class CompanySchema : Schema
{
    public CompanySchema(IServiceProvider services, CompanyQuery query, CompanyMutation mutation)
        : base(services)
    {
        Query = query;
        Mutation = mutation;
    }
}
