using System.Text.Json.Serialization;

namespace Popcorn.Benchmarks.Models;

/// <summary>System.Text.Json's source generator in fast-path mode: what a user who wants STJ's best would pick.</summary>
[JsonSourceGenerationOptions(GenerationMode = JsonSourceGenerationMode.Serialization)]
[JsonSerializable(typeof(SimpleModel))]
[JsonSerializable(typeof(List<SimpleModel>))]
[JsonSerializable(typeof(ComplexNestedModel))]
[JsonSerializable(typeof(List<ComplexNestedModel>))]
public partial class FastPathJsonContext : JsonSerializerContext;
