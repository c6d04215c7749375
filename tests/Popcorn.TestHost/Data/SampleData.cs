using Popcorn.TestHost.Model;

namespace Popcorn.TestHost.Data;

/// <summary>
/// The embedded dataset: 4 departments, 16 employees, 12 cars, the same on every start. The graph cycles the way
/// real data does (a department lists its members, who point back at it; a car's owner drives that car; managers
/// chain), and every property type appears with nulls, empty and non-empty collections.
/// </summary>
public sealed class SampleData
{
    private static readonly DateTimeOffset s_epoch = new(2015, 3, 2, 9, 0, 0, TimeSpan.Zero);
    private readonly Lock _carsLock = new();
    private readonly List<Car> _cars;
    private readonly int _seededCars;
    private int _lastCarId;

    public SampleData()
    {
        Departments = CreateDepartments();
        Employees = CreateEmployees(Departments);
        _cars = CreateCars(Employees);
        _seededCars = _cars.Count;
        _lastCarId = _cars.Count;
    }

    /// <summary>The most cars <see cref="AddCar"/> keeps besides the seeded ones.</summary>
    public const int MaxAddedCars = 256;

    /// <summary>All departments, by id.</summary>
    public IReadOnlyList<Department> Departments { get; }

    /// <summary>All employees, by id.</summary>
    public List<Employee> Employees { get; }

    /// <summary>A snapshot of the fleet (cars can be added while others read).</summary>
    public List<Car> Cars
    {
        get
        {
            lock (_carsLock)
            {
                return new List<Car>(_cars);
            }
        }
    }

    public Employee? FindEmployee(int id) => Employees.Find(e => e.Id == id);

    public Department? FindDepartment(int id) => Departments.FirstOrDefault(d => d.Id == id);

    public Car? FindCar(int id)
    {
        lock (_carsLock)
        {
            return _cars.Find(c => c.Id == id);
        }
    }

    /// <summary>
    /// Adds a car to the fleet. The owner's own <c>vehicles</c> list is left as seeded: it is read by concurrent
    /// requests without a lock. At most <see cref="MaxAddedCars"/> added cars are kept (the oldest go first), so a
    /// client posting in a loop cannot grow the process without bound.
    /// </summary>
    public Car AddCar(NewCar request)
    {
        var owner = request.OwnerId is { } ownerId ? FindEmployee(ownerId) : null;
        lock (_carsLock)
        {
            if (_cars.Count - _seededCars >= MaxAddedCars)
            {
                _cars.RemoveAt(_seededCars);
            }

            var car = new Car
            {
                Id = ++_lastCarId,
                Make = request.Make,
                Model = request.Model,
                Year = request.Year,
                Color = request.Color,
                LicensePlate = request.LicensePlate,
                Owner = owner,
            };
            _cars.Add(car);
            return car;
        }
    }

    private static List<Department> CreateDepartments()
    {
        (string Name, decimal Budget, (string Code, string Title, ProjectStatus Status, double Progress, DateOnly? Due)[] Projects)[] rows =
        [
            ("Engineering", 4_250_000m,
            [
                ("ENG-1", "Query planner", ProjectStatus.Active, 0.62, new DateOnly(2027, 3, 31)),
                ("ENG-2", "Source generator", ProjectStatus.Done, 1.0, new DateOnly(2026, 9, 30)),
                ("ENG-3", "Playground", ProjectStatus.Planned, 0.0, null),
            ]),
            ("Sales", 1_800_000.50m, [("SAL-1", "Partner program", ProjectStatus.Active, 0.35, new DateOnly(2027, 1, 15))]),
            ("Operations", 960_000m, [("OPS-1", "Fleet renewal", ProjectStatus.Active, 0.8, null), ("OPS-2", "Office move", ProjectStatus.Done, 1.0, new DateOnly(2025, 12, 1))]),
            ("Research", 0m, []),
        ];
        return rows.Select((row, i) => new Department
        {
            Id = i + 1,
            Name = row.Name,
            Budget = row.Budget,
            Projects = row.Projects.ToDictionary(
                p => p.Code,
                p => new Project { Code = p.Code, Title = p.Title, Status = p.Status, Progress = p.Progress, DueDate = p.Due }),
        }).ToList();
    }

    private static List<Employee> CreateEmployees(IReadOnlyList<Department> departments)
    {
        // (first, last, department index or -1, manager id or 0, type, salary, skills)
        (string First, string Last, int Department, int Manager, EmploymentType Type, decimal? Salary, string[] Skills)[] rows =
        [
            ("Ada", "Lovelace", 0, 0, EmploymentType.FullTime, 210_000m, ["leadership", "mathematics"]),
            ("Grace", "Hopper", 0, 1, EmploymentType.FullTime, 185_000m, ["compilers", "COBOL"]),
            ("Linus", "Torvalds", 0, 2, EmploymentType.FullTime, 160_500.75m, ["C", "kernels", "git"]),
            ("Margaret", "Hamilton", 0, 2, EmploymentType.PartTime, 95_000m, ["flight software"]),
            ("Ken", "Thompson", 0, 3, EmploymentType.Contractor, null, ["Unix", "Go"]),
            ("Mary", "Jackson", 1, 1, EmploymentType.FullTime, 150_000m, ["negotiation"]),
            ("Alan", "Kay", 1, 6, EmploymentType.FullTime, 120_000m, []),
            ("Frances", "Allen", 1, 6, EmploymentType.PartTime, 70_250m, ["optimization"]),
            ("Dennis", "Ritchie", 2, 1, EmploymentType.FullTime, 140_000m, ["C", "logistics"]),
            ("Barbara", "Liskov", 2, 9, EmploymentType.FullTime, 132_000m, ["abstraction"]),
            ("Edsger", "Dijkstra", 2, 10, EmploymentType.Contractor, null, []),
            ("Katherine", "Johnson", 3, 1, EmploymentType.FullTime, 175_000m, ["orbital mechanics", "numerics"]),
            ("John", "Backus", 3, 12, EmploymentType.FullTime, 118_000m, ["Fortran"]),
            ("Radia", "Perlman", 3, 12, EmploymentType.PartTime, 88_000m, ["networking", "spanning trees"]),
            ("Donald", "Knuth", -1, 0, EmploymentType.Contractor, null, ["typesetting", "algorithms"]),
            ("Hedy", "Lamarr", -1, 1, EmploymentType.Contractor, null, []),
        ];

        var employees = rows.Select((row, i) => new Employee
        {
            Id = i + 1,
            FirstName = row.First,
            LastName = row.Last,
            Email = $"{row.First.ToLowerInvariant()}.{row.Last.ToLowerInvariant()}@example.com",
            Birthday = new DateOnly(1960 + (i * 3 % 35), 1 + (i * 5 % 12), 1 + (i * 7 % 28)),
            EmploymentType = row.Type,
            Salary = row.Salary,
            SocialSecurityNumber = $"{100 + i:000}-{10 + (i * 7 % 89):00}-{1000 + (i * 389 % 8999):0000}",
            Skills = row.Skills,
            Links = i % 3 == 2
                ? new Dictionary<string, string>()
                : new Dictionary<string, string> { ["github"] = $"https://github.com/{row.First.ToLowerInvariant()}{i + 1}", ["blog"] = $"https://blog.example.com/{row.Last.ToLowerInvariant()}" },
            HiredAt = s_epoch.AddDays(i * 97).ToOffset(TimeSpan.FromHours(i % 2 == 0 ? 0 : 2)),
        }).ToList();

        for (int i = 0; i < rows.Length; i++)
        {
            var employee = employees[i];
            employee.Manager = rows[i].Manager > 0 ? employees[rows[i].Manager - 1] : null;
            if (rows[i].Department >= 0)
            {
                var department = departments[rows[i].Department];
                employee.Department = department;
                department.Members.Add(employee);
            }
        }

        // Each department is run by its first member; the research head is also a member elsewhere's manager chain.
        foreach (var department in departments)
        {
            department.Head = department.Members.FirstOrDefault();
        }

        return employees;
    }

    private static List<Car> CreateCars(List<Employee> employees)
    {
        (string Make, string Model, int Year, string Color, string? Plate, int Owner)[] rows =
        [
            ("Volvo", "XC40", 2022, "white", "ENG-001", 1),
            ("Tesla", "Model 3", 2023, "red", "ENG-002", 2),
            ("Toyota", "Corolla", 2019, "silver", "ENG-003", 3),
            ("Skoda", "Octavia", 2021, "blue", null, 3),
            ("Ford", "Transit", 2018, "white", "OPS-100", 9),
            ("Ford", "Transit", 2018, "white", "OPS-101", 0),
            ("Renault", "Zoe", 2020, "green", "SAL-010", 6),
            ("Kia", "EV6", 2024, "grey", "SAL-011", 7),
            ("BMW", "i3", 2017, "black", "RES-200", 12),
            ("Fiat", "500e", 2024, "yellow", null, 0),
            ("Volkswagen", "ID.4", 2023, "blue", "RES-201", 14),
            ("Nissan", "Leaf", 2016, "white", "OPS-102", 10),
        ];

        var cars = rows.Select((row, i) => new Car
        {
            Id = i + 1,
            Make = row.Make,
            Model = row.Model,
            Year = row.Year,
            Color = row.Color,
            LicensePlate = row.Plate,
            Owner = row.Owner > 0 ? employees[row.Owner - 1] : null,
        }).ToList();

        foreach (var car in cars)
        {
            car.Owner?.Vehicles.Add(car);
        }

        return cars;
    }
}
