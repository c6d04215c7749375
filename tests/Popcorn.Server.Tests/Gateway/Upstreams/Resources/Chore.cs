using System.Text.Json.Serialization;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Upstreams.Resources;

/// <summary>
/// The chores service's model: pages by cursor (<see cref="Id"/> is its tie-breaker), sorts by <see cref="Priority"/>
/// (with ties), and knows its assignee only by <see cref="AssigneeId"/>.
/// </summary>
public sealed class Chore
{
    [Always, Sortable]
    public int Id { get; init; }

    [Default, Sortable]
    public int Priority { get; init; }

    [Default]
    public string Title { get; init; } = string.Empty;

    public int AssigneeId { get; init; }
}

/// <summary>Who does a chore: the people service's model.</summary>
public sealed class Person
{
    [Filterable]
    public int Id { get; init; }

    public string Name { get; init; } = string.Empty;
}

/// <summary>The chores service's Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Chore))]
[JsonSerializable(typeof(IEnumerable<Chore>))]
public partial class PagedChoresJsonContext : JsonSerializerContext;

/// <summary>The people service's Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Person))]
[JsonSerializable(typeof(IEnumerable<Person>))]
public partial class PagedPeopleJsonContext : JsonSerializerContext;
