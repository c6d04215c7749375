using System.Text.Json.Serialization;
using Popcorn.Playground.Model;
using Popcorn.Playground.Staff;

namespace Popcorn.Playground;

/// <summary>
/// The sample's System.Text.Json context, marked for Popcorn: the generator emits a writer and metadata for every
/// model reachable from these roots, named and ordered exactly as System.Text.Json writes them.
/// </summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Employee))]
[JsonSerializable(typeof(Department))]
[JsonSerializable(typeof(Car))]
[JsonSerializable(typeof(List<Employee>))]
[JsonSerializable(typeof(NewCar))]
[JsonSerializable(typeof(List<StaffMember>))]
public partial class PlaygroundJsonContext : JsonSerializerContext;
