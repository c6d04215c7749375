using System.Text.Json.Serialization;

namespace Popcorn.Benchmarks.Models;

/// <summary>The nested payload of the published Popcorn v2 comparison: an object, a list, a map and a recursive child.</summary>
public sealed class ComplexNestedModel
{
    public int Id { get; set; }

    public string Title { get; set; } = "";

    [Always]
    public DateTime Timestamp { get; set; }

    public SimpleModel? Details { get; set; }

    public List<SimpleModel> Items { get; set; } = new();

    public ComplexNestedModel? Child { get; set; }

    public Dictionary<string, SimpleModel> Lookup { get; set; } = new();

    [Never, JsonIgnore]
    public string SecretData { get; set; } = "";

    [Default]
    public int Priority { get; set; }
}
