using System.Text.Json.Serialization;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Gateway.Dictionaries;

/// <summary>
/// A model holding a dictionary of models, and the same values as a list of entries: the pattern
/// docs/graphql-syntax.md ("Dictionaries of models") gives for selecting inside the values at /graphql.
/// </summary>
public sealed class Studio
{
    [Always] public int Id { get; init; }

    [Default] public required string Name { get; init; }

    /// <summary>Artists by their stage name: a JSON object over REST, the Map scalar at /graphql.</summary>
    public Dictionary<string, Artist> Artists { get; init; } = [];

    /// <summary>The same artists as entries, so /graphql can select inside them; not a default, so REST's default shape is unchanged.</summary>
    public IEnumerable<ArtistEntry> ArtistEntries => Artists.Select(pair => new ArtistEntry { Key = pair.Key, Value = pair.Value });
}

/// <summary>One artist of a studio with its key.</summary>
public sealed class ArtistEntry
{
    [Always] public required string Key { get; init; }

    [Default] public required Artist Value { get; init; }
}

/// <summary>A studio's artist.</summary>
public sealed class Artist
{
    [Default] public required string Name { get; init; }

    [Default] public int Albums { get; init; }

    /// <summary>Not a default: left out where the artist is written by its default selection.</summary>
    public string? Label { get; init; }

    [Never, JsonIgnore] public string? Agent { get; init; }
}

/// <summary>The studios' Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Studio>))]
public partial class StudioJsonContext : JsonSerializerContext;
