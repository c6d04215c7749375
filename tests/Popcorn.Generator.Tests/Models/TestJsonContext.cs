using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Generator.Tests.Models;

[PopcornContext]
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    DictionaryKeyPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    UseStringEnumConverter = true)]
[JsonSerializable(typeof(Employee))]
[JsonSerializable(typeof(List<Employee>))]
[JsonSerializable(typeof(AllScalars))]
[JsonSerializable(typeof(Collections))]
[JsonSerializable(typeof(Dictionaries))]
[JsonSerializable(typeof(Manager))]
[JsonSerializable(typeof(Node))]
[JsonSerializable(typeof(Point))]
[JsonSerializable(typeof(Shape))]
[JsonSerializable(typeof(Tuning))]
[JsonSerializable(typeof(Lazy))]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Zoo))]
[JsonSerializable(typeof(Board))]
public partial class TestJsonContext : JsonSerializerContext;

/// <summary>Other options: snake_case, fields, numbers for enums, nulls left out.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    IncludeFields = true,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(WithFields))]
[JsonSerializable(typeof(Employee[]))]
[JsonSerializable(typeof(Board))]
public partial class FieldsJsonContext : JsonSerializerContext;
