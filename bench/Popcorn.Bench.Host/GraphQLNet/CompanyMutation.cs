using GraphQL;
using GraphQL.Types;
using Popcorn.Bench.Host.Data;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>GraphQL.NET's mutation type: the same field as the bench host's Popcorn gateway, on the same objects.</summary>
public sealed class CompanyMutation : ObjectGraphType
{
    public CompanyMutation(CompanyData data)
    {
        Name = "Mutation";
        Field<EmployeeType>("retitleEmployee")
            .Argument<NonNullGraphType<RetitleEmployeeInputType>>("input")
            .Resolve(c =>
            {
                var input = c.GetArgument<RetitleEmployeeInput>("input");
                return data.Retitle(input.Id, input.Title);
            });
    }
}
