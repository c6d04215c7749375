using System.Text.Json;
using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.EmbeddedPlayground.App;

/// <summary>A book on the shelf, the app's one model.</summary>
public sealed record Book([property: Always] int Id, [property: Default] string Title, string Author, int Year);

[PopcornContext]
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Book))]
[JsonSerializable(typeof(Book[]))]
public partial class ShelfJsonContext : JsonSerializerContext;
