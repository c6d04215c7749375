using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host.Data;

/// <summary>
/// The GraphQL comparison's data: <see cref="DepartmentCount"/> departments of <see cref="DepartmentSize"/> employees.
/// A department's first employee heads it and manages the others, and reports to employee 1. Built once; the one mutation rewrites a title with the value it already has.
/// </summary>
public sealed class CompanyData
{
    public const int DepartmentCount = 10;

    public const int DepartmentSize = 20;

    private static readonly string[] s_firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Dennis", "Radia", "Niklaus", "Sophie", "Tim", "Hedy", "Linus"];
    private static readonly string[] s_lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton", "Ritchie", "Perlman", "Wirth", "Wilson", "Berners-Lee", "Lamarr", "Torvalds"];
    private static readonly string[] s_titles = ["Engineer", "Senior Engineer", "Designer", "Analyst", "Manager"];

    public CompanyData()
    {
        var departments = new List<Department>(DepartmentCount);
        var employees = new List<Employee>(DepartmentCount * DepartmentSize);
        for (int d = 0; d < DepartmentCount; d++)
        {
            var department = new Department { Id = d + 1, Name = $"Department {d + 1}" };
            for (int at = 0; at < DepartmentSize; at++)
            {
                int i = employees.Count;
                var employee = new Employee
                {
                    Id = i + 1,
                    FirstName = s_firstNames[i % s_firstNames.Length],
                    LastName = s_lastNames[(i / s_firstNames.Length + i) % s_lastNames.Length],
                    Email = $"employee{i + 1}@example.com",
                    Title = s_titles[i % s_titles.Length],
                    Department = department,
                };
                employee.Manager = at == 0 ? (i == 0 ? null : employees[0]) : department.Members[0];
                department.Members.Add(employee);
                employees.Add(employee);
            }

            departments.Add(department);
        }

        Departments = departments;
        Employees = employees;
    }

    public List<Department> Departments { get; }

    public List<Employee> Employees { get; }

    /// <summary>
    /// The mutation the comparison sends: gives an employee a title and returns them (null when there is no such
    /// employee). The benchmark gives employee 7 the title it already has, so the data every query reads stays the same.
    /// </summary>
    public Employee? Retitle(int id, string title)
    {
        var employee = Find(id);
        if (employee is not null)
        {
            employee.Title = title;
        }

        return employee;
    }

    /// <summary>The employee with this id, or null.</summary>
    public Employee? Find(int id) => id >= 1 && id <= Employees.Count ? Employees[id - 1] : null;
}
