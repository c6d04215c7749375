using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Schema;

/// <summary>
/// An errand: a list element with every list argument a root field can offer (an <c>[Always, Sortable]</c> key gives
/// <c>after</c>, a <c>[Filterable]</c> field <c>where</c>).
/// </summary>
public sealed class Errand
{
    [Always, Sortable] public int Id { get; init; }

    [Default, Filterable] public required string Title { get; init; }
}

/// <summary>The errands' Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Errand))]
[JsonSerializable(typeof(IEnumerable<Errand>))]
public sealed partial class ErrandsJsonContext : JsonSerializerContext;
