namespace Popcorn;

/// <summary>
/// Opts a <c>JsonSerializerContext</c> into Popcorn: the generator emits metadata and a reflection-free
/// writer for every model type its <c>[JsonSerializable]</c> roots reach, and makes the context an
/// <c>IPopcornContext</c>, so <c>MyJsonContext.Default.GetWriter(typeof(Employee))</c> finds them.
/// Naming, ignore conditions, property order and converters follow the context's System.Text.Json options.
/// </summary>
/// <example>
/// <code>
/// [PopcornContext]
/// [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
/// [JsonSerializable(typeof(Employee))]
/// public partial class AppJsonContext : JsonSerializerContext;
/// </code>
/// </example>
[AttributeUsage(AttributeTargets.Class, Inherited = false, AllowMultiple = false)]
public sealed class PopcornContextAttribute : Attribute;
