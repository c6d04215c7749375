using GraphQL.Types;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>GraphQL.NET's <c>RetitleEmployeeInput</c>: the fields and nullability Popcorn's schema gives the record.</summary>
public sealed class RetitleEmployeeInputType : InputObjectGraphType<RetitleEmployeeInput>
{
    public RetitleEmployeeInputType()
    {
        Name = "RetitleEmployeeInput";
        Field(i => i.Id);
        Field(i => i.Title);
    }
}
