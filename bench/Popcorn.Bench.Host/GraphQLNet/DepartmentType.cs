using GraphQL.Types;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>GraphQL.NET's <c>Department</c>, code-first.</summary>
public sealed class DepartmentType : ObjectGraphType<Department>
{
    public DepartmentType()
    {
        Name = "Department";
        Field(d => d.Id);
        Field(d => d.Name);
        Field<NonNullGraphType<ListGraphType<NonNullGraphType<EmployeeType>>>>("members").Resolve(c => c.Source.Members);
    }
}
