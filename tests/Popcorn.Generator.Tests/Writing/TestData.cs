using System.Collections.Immutable;
using System.Text.Json;
using Popcorn.Generator.Tests.Models;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>Sample instances that exercise every member, with awkward values: escapes, extremes, nulls, cycles.</summary>
internal static class TestData
{
    public static Car Car(string make, int year = 2020, Color color = Color.Red) => new()
    {
        Make = make,
        Model = make + " \"Model\" <&>",
        Year = year,
        Color = color,
        Mileage = new Dictionary<string, int> { ["CityDriving"] = 12, ["HighwayMiles"] = 340 },
    };

    public static Employee Employee()
    {
        var boss = new Employee
        {
            Id = 1,
            FirstName = "Ada",
            LastName = "Lovelace",
            PasswordHash = "secret",
            Status = Status.Terminated,
            Birthday = new DateOnly(1815, 12, 10),
            Department = new Department { Name = "Engines", Floor = null, Address = new Address("1 Analytical Way", "London", null) },
            Cars = [Car("Babbage", 1837, Color.Red | Color.Blue)],
        };

        var employee = new Employee
        {
            Id = 2,
            FirstName = "Grace ✓",
            LastName = "Hopper\n\t",
            Status = Status.OnLeave,
            Department = new Department { Name = "Navy", Floor = "3", Address = new Address("Pentagon", "Arlington", "22202") },
            Cars = [Car("Univac", 1951, (Color)64), Car("Mark I", 1944, Color.None)],
            Manager = boss,
        };

        // A cycle in the data: the boss manages herself through her report.
        boss.Manager = employee;
        return employee;
    }

    public static AllScalars Scalars(bool alternate = false) => alternate
        ? new AllScalars
        {
            Boolean = false,
            Byte = byte.MaxValue,
            SByte = sbyte.MinValue,
            Int16 = short.MinValue,
            UInt16 = ushort.MaxValue,
            Int32 = int.MinValue,
            UInt32 = uint.MaxValue,
            Int64 = long.MinValue,
            UInt64 = ulong.MaxValue,
            Single = float.MaxValue,
            Double = double.Epsilon,
            Decimal = decimal.MinValue,
            Char = '"',
            String = "<script>\u00e9\u0001",
            Guid = Guid.Empty,
            DateTime = DateTime.MaxValue,
            DateTimeOffset = new DateTimeOffset(2024, 2, 29, 23, 59, 59, 999, TimeSpan.FromHours(-5)),
            DateOnly = DateOnly.MinValue,
            TimeOnly = new TimeOnly(23, 59, 59, 999, 999),
            TimeSpan = TimeSpan.MinValue,
            Uri = new Uri("/relative path?q=1", UriKind.Relative),
            Bytes = [],
            Status = (Status)42,
            Color = Color.Green | Color.Blue,
            Anything = new Dictionary<string, int> { ["a"] = 1 },
        }
        : new AllScalars
        {
            Boolean = true,
            Byte = 1,
            SByte = -2,
            Int16 = -3,
            UInt16 = 4,
            Int32 = 5,
            UInt32 = 6,
            Int64 = 7,
            UInt64 = 8,
            Single = 1.5f,
            Double = 3.141592653589793,
            Decimal = 12.345m,
            Char = 'x',
            String = "plain",
            NullableString = "not null",
            Guid = new Guid("6f9619ff-8b86-d011-b42d-00cf4fc964ff"),
            DateTime = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc),
            DateTimeOffset = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
            DateOnly = new DateOnly(2024, 1, 2),
            TimeOnly = new TimeOnly(3, 4, 5),
            TimeSpan = new TimeSpan(1, 2, 3, 4, 5),
            Uri = new Uri("https://example.com/a b?x=1"),
            Bytes = [1, 2, 3, 255],
            Status = Status.Active,
            Color = Color.Blue,
            NullableInt32 = 9,
            NullableDouble = -0.5,
            NullableBoolean = false,
            NullableGuid = Guid.Empty,
            NullableDateTime = new DateTime(2000, 1, 1),
            NullableTimeSpan = TimeSpan.FromMilliseconds(1),
            NullableChar = '\u2028',
            NullableStatus = Status.Terminated,
            Anything = "a string",
        };

    public static Collections Collections()
    {
        var cars = new List<Car> { Car("A"), Car("B", color: Color.None) };
        return new Collections
        {
            IntArray = [1, 2, 3],
            Strings = ["x", null, "z"],
            CarIList = cars,
            CarReadOnlyList = cars.ToArray(),
            CarEnumerable = cars.Where(c => c.Make == "A"),
            IntCollection = new HashSet<int> { 4, 5 },
            Tags = ["red", "blue"],
            CarImmutable = [Car("C")],
            CarArray = null,
            NullableCars = [null, Car("D")],
            CarGrid = [[Car("E")], [], [Car("F"), Car("G")]],
            IntQueue = new Queue<int>([7, 8]),
            Statuses = [Status.Active, Status.Terminated],
            Dates = [null, new DateOnly(2020, 2, 29)],
            Missing = null,
        };
    }

    public static Dictionaries Dictionaries() => new()
    {
        Counts = new Dictionary<string, int> { ["FirstKey"] = 1, ["second key"] = 2 },
        CarsByName = new Dictionary<string, Car> { ["MyCar"] = Car("A") },
        CarIDictionary = new SortedList<string, Car?> { ["Null"] = null, ["Some"] = Car("B") },
        CarsById = new Dictionary<int, Car> { [-1] = Car("C"), [42] = Car("D") },
        ByGuid = new Dictionary<Guid, string> { [Guid.Empty] = "empty" },
        CarListsByLong = new Dictionary<long, List<Car>> { [long.MaxValue] = [Car("E")] },
        Sorted = new SortedDictionary<string, double> { ["b"] = 2, ["a"] = 1 },
        ByStatus = new Dictionary<Status, int> { [Status.OnLeave] = 3, [Status.Terminated] = 4 },
        Missing = null,
    };

    public static Manager Manager()
    {
        var manager = new Manager { Name = "Boss", Age = 50, Hidden = "derived value", Reports = 3 };
        ((Person)manager).Hidden = "base value";
        manager.Pets = [new Pet { Name = "Rex", Owner = manager }, new Pet { Name = "Tom", Owner = null }];
        return manager;
    }

    public static Node Tree()
    {
        var root = new Node { Value = 1 };
        var child = new Node { Value = 2, Parent = root };
        var grandChild = new Node { Value = 3, Parent = child };
        child.Children.Add(grandChild);
        child.Children.Add(root);
        root.Children.Add(child);
        return root;
    }

    public static Shape Shape() => new("triangle", new Point { X = 1, Y = 2, Neighbours = [new Point { X = 3 }] }) { Area = 0.5, Corners = [new Point(), new Point { X = -1 }] };

    public static Tuning Tuning(bool defaults = false) => defaults
        ? new Tuning { Raw = JsonDocument.Parse("null").RootElement }
        : new Tuning
        {
            First = 1,
            Middle = 2,
            Last = 3,
            SkippedWhenNull = "present",
            SkippedWhenZero = 4,
            CarSkippedWhenNull = Car("T"),
            NeverIgnored = null,
            Renamed = 5,
            Shouted = "quiet",
            LevelAsString = Level.High,
            LevelAsNumber = Level.High,
            Epoch = new DateTime(1970, 1, 2),
            Price = new Money(9.99m, "EUR"),
            Raw = JsonDocument.Parse("""{"any": [1, "two", null]}""").RootElement,
            InternalIncluded = 6,
        };

    public static WithFields Fields() => new() { Counter = 3, OptionalNote = null, Car = Car("F"), MaybeNumber = null, Level = Level.High };

    public static Order Order() => new()
    {
        Id = 7,
        Reference = "ORD-7",
        PlacedAt = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc),
        ShipTo = new Address("1 Main St", "Springfield", "12345"),
        Lines = Enumerable.Range(1, 5).Select(i => new OrderLine { Sku = "SKU-" + i, Quantity = i, Price = i * 1.25m, Gift = i % 2 == 0 }).ToList(),
        Extras = [new OrderLine { Sku = "BOX", Quantity = 1, Price = 0.5m }],
    };
}
