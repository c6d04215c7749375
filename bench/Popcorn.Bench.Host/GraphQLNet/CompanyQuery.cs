using GraphQL;
using GraphQL.Types;
using Popcorn.Bench.Host.Data;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>GraphQL.NET's query type: the same root fields as the bench host's Popcorn gateway.</summary>
public sealed class CompanyQuery : ObjectGraphType
{
    public CompanyQuery(CompanyData data)
    {
        Name = "Query";
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<DepartmentType>>>>("departments").Resolve(_ => data.Departments);
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<EmployeeType>>>>("employees").Resolve(_ => data.Employees);
        Field<EmployeeType>("employee")
            .Argument<NonNullGraphType<IntGraphType>>("id")
            .Resolve(c => data.Find(c.GetArgument<int>("id")));
    }
}
