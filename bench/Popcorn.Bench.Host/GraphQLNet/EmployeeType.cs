using GraphQL.Types;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.GraphQLNet;

/// <summary>GraphQL.NET's <c>Employee</c>, code-first: the fields and nullability Popcorn's schema gives the model.</summary>
public sealed class EmployeeType : ObjectGraphType<Employee>
{
    public EmployeeType()
    {
        Name = "Employee";
        Field(e => e.Id);
        Field(e => e.FirstName);
        Field(e => e.LastName);
        Field(e => e.Email);
        Field(e => e.Title);
        Field<EmployeeType>("manager").Resolve(c => c.Source.Manager);
        Field<DepartmentType>("department").Resolve(c => c.Source.Department);
    }
}
