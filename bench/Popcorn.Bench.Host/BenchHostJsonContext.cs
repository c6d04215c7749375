using System.Text.Json.Serialization;
using Popcorn.Bench.Host.Models;

namespace Popcorn.Bench.Host;

/// <summary>
/// One context for both sides: Popcorn's generator emits its writers from it, and the plain endpoints serialize with
/// its source-generated metadata and fast-path handlers (camelCase names, no converters, so the fast path applies).
/// </summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(List<Order>))]
[JsonSerializable(typeof(Member))]
[JsonSerializable(typeof(List<Member>))]
[JsonSerializable(typeof(Employee))]
[JsonSerializable(typeof(List<Employee>))]
[JsonSerializable(typeof(Department))]
[JsonSerializable(typeof(List<Department>))]
[JsonSerializable(typeof(RetitleEmployeeInput))]
public partial class BenchHostJsonContext : JsonSerializerContext;
