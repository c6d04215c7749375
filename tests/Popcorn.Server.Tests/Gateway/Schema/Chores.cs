using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Gateway.Schema;

/// <summary>A chore: a model with a filterable Boolean beside a filterable number, for the filter input types.</summary>
public sealed class Chore
{
    [Always] public int Id { get; init; }

    [Filterable] public bool Done { get; init; }

    [Filterable, Sortable] public int Priority { get; init; }
}

/// <summary>The chores' Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Chore))]
public partial class ChoresJsonContext : JsonSerializerContext;
