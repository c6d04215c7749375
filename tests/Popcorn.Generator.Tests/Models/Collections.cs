using System.Collections.Immutable;

namespace Popcorn.Generator.Tests.Models;

/// <summary>Every supported sequence and dictionary shape, of scalars and of models.</summary>
public class Collections
{
    public int[] IntArray { get; set; } = [];

    public List<string?> Strings { get; set; } = new();

    public IList<Car> CarIList { get; set; } = new List<Car>();

    public IReadOnlyList<Car> CarReadOnlyList { get; set; } = Array.Empty<Car>();

    public IEnumerable<Car> CarEnumerable { get; set; } = Array.Empty<Car>();

    public ICollection<int> IntCollection { get; set; } = new List<int>();

    public HashSet<string> Tags { get; set; } = new();

    public ImmutableArray<Car> CarImmutable { get; set; } = ImmutableArray<Car>.Empty;

    public Car[]? CarArray { get; set; }

    public List<Car?> NullableCars { get; set; } = new();

    public List<List<Car>> CarGrid { get; set; } = new();

    public Queue<int> IntQueue { get; set; } = new();

    public List<Status> Statuses { get; set; } = new();

    public List<DateOnly?> Dates { get; set; } = new();

    public List<int>? Missing { get; set; }
}

/// <summary>Dictionaries with string and primitive keys, scalar and model values.</summary>
public class Dictionaries
{
    public Dictionary<string, int> Counts { get; set; } = new();

    public Dictionary<string, Car> CarsByName { get; set; } = new();

    public IDictionary<string, Car?> CarIDictionary { get; set; } = new Dictionary<string, Car?>();

    public IReadOnlyDictionary<int, Car> CarsById { get; set; } = new Dictionary<int, Car>();

    public Dictionary<Guid, string> ByGuid { get; set; } = new();

    public Dictionary<long, List<Car>> CarListsByLong { get; set; } = new();

    public SortedDictionary<string, double> Sorted { get; set; } = new();

    public Dictionary<Status, int> ByStatus { get; set; } = new();

    public Dictionary<string, Car>? Missing { get; set; }
}
