using Popcorn.Benchmarks.Models;

namespace Popcorn.Benchmarks.Data;

/// <summary>
/// The four payloads, built from one <c>Random(42)</c> in a fixed order with the published Popcorn v2 distribution:
/// 0-4 items and 0-3 lookup entries per object, details on ~70% of objects, a child on ~50% per level, descriptions
/// that include <c>null</c> and <c>""</c>. Timestamps count back from a fixed instant, so every run writes the same bytes.
/// </summary>
public sealed class BenchData
{
    private static readonly DateTime s_now = new(2025, 6, 1, 12, 0, 0, DateTimeKind.Utc);

    private static readonly string[] s_names = ["Alice", "Bob", "Charlie", "Diana", "Eve", "Frank", "Grace", "Henry", "Iris", "Jack"];

    private static readonly string[] s_titles = ["Manager", "Developer", "Designer", "Analyst", "Coordinator", "Specialist", "Lead", "Senior", "Junior", "Principal"];

    private static readonly string?[] s_descriptions =
    [
        "Sample description for testing",
        "Another test description with more content",
        "Brief desc",
        "Very detailed description with multiple sentences and longer content for testing serialization performance.",
        null,
        "",
    ];

    private readonly Random _random = new(42);

    private BenchData()
    {
        SimpleObject = CreateSimple(1);
        SimpleList = Enumerable.Range(0, 100).Select(CreateSimple).ToList();
        ComplexObject = CreateComplex(1, maxDepth: 3, depth: 0);
        ComplexList = Enumerable.Range(0, 25).Select(i => CreateComplex(i, maxDepth: 2, depth: 0)).ToList();
    }

    /// <summary>The payloads, built once per process.</summary>
    public static BenchData Instance { get; } = new();

    public SimpleModel SimpleObject { get; }

    public List<SimpleModel> SimpleList { get; }

    /// <summary>One object built to depth 3.</summary>
    public ComplexNestedModel ComplexObject { get; }

    /// <summary>25 objects built to depth 2.</summary>
    public List<ComplexNestedModel> ComplexList { get; }

    private SimpleModel CreateSimple(int id) => new()
    {
        Id = id,
        Name = s_names[_random.Next(s_names.Length)],
        CreatedAt = s_now.AddDays(-_random.Next(365)),
        Description = s_descriptions[_random.Next(s_descriptions.Length)],
        IsActive = _random.NextDouble() > 0.5,
    };

    private ComplexNestedModel CreateComplex(int id, int maxDepth, int depth)
    {
        var model = new ComplexNestedModel
        {
            Id = id,
            Title = s_titles[_random.Next(s_titles.Length)],
            Timestamp = s_now.AddHours(-_random.Next(24)),
            Details = _random.NextDouble() > 0.3 ? CreateSimple(id + 1000) : null,
            Priority = _random.Next(1, 6),
            SecretData = "Secret" + id,
        };

        int items = _random.Next(0, 5);
        for (int i = 0; i < items; i++)
        {
            model.Items.Add(CreateSimple((id * 100) + i));
        }

        int entries = _random.Next(0, 4);
        for (int i = 0; i < entries; i++)
        {
            model.Lookup[$"key_{id}_{i}"] = CreateSimple((id * 1000) + i);
        }

        if (depth < maxDepth && _random.NextDouble() > 0.5)
        {
            model.Child = CreateComplex(id + 10, maxDepth, depth + 1);
        }

        return model;
    }
}
