using System.Text.Json.Serialization;
using Popcorn.Playground.Model;

namespace Popcorn.AotSample;

/// <summary>
/// The app's one System.Text.Json context: Popcorn's generator writes the models from it, and, placed in the HTTP JSON
/// options, it is what ASP.NET Core and the gateway read request bodies and mutation inputs with under Native AOT.
/// </summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Employee))]
[JsonSerializable(typeof(Department))]
[JsonSerializable(typeof(Car))]
[JsonSerializable(typeof(List<Employee>))]
[JsonSerializable(typeof(List<Car>))]
[JsonSerializable(typeof(IReadOnlyList<Department>))]
[JsonSerializable(typeof(NewCar))]
public partial class AotSampleJsonContext : JsonSerializerContext;
