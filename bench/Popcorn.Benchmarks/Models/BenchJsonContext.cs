using System.Text.Json.Serialization;

namespace Popcorn.Benchmarks.Models;

/// <summary>
/// The context Popcorn's generator reads: no naming policy, so wire names are the PascalCase member names
/// the include strings use (<c>[Id,Name,IsActive]</c>).
/// </summary>
[PopcornContext]
[JsonSerializable(typeof(SimpleModel))]
[JsonSerializable(typeof(List<SimpleModel>))]
[JsonSerializable(typeof(ComplexNestedModel))]
[JsonSerializable(typeof(List<ComplexNestedModel>))]
public partial class BenchJsonContext : JsonSerializerContext;
