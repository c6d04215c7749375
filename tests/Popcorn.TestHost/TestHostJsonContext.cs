using System.Text.Json.Serialization;
using Popcorn.TestHost.Model;

namespace Popcorn.TestHost;

/// <summary>The test host's System.Text.Json context, marked for Popcorn (the same roots and options as the sample's).</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Employee))]
[JsonSerializable(typeof(Department))]
[JsonSerializable(typeof(Car))]
[JsonSerializable(typeof(List<Employee>))]
[JsonSerializable(typeof(NewCar))]
public partial class TestHostJsonContext : JsonSerializerContext;
