namespace Popcorn.Generator.Tests.Generator;

/// <summary>
/// Models for the generator's baseline snapshots beyond the representative sample: each scenario is one shape of
/// writer the emitter has a separate path for, in a context of its own.
/// </summary>
internal static class BaselineScenarios
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using Popcorn;

        namespace Baseline;

        """;

    /// <summary>The source of scenario <paramref name="name"/>: models and a <c>[PopcornContext]</c>.</summary>
    public static string Source(string name) => Usings + name switch
    {
        "Polymorphic" => """
            [JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
            [JsonDerivedType(typeof(Circle), "circle")]
            [JsonDerivedType(typeof(Square), "square")]
            public abstract class Shape
            {
                [Default]
                public int Id { get; set; }
            }

            public sealed class Circle : Shape
            {
                public double Radius { get; set; }
            }

            public sealed class Square : Shape
            {
                public double Side { get; set; }
            }

            public sealed class Drawing
            {
                [Default]
                public string Title { get; set; } = "";

                public List<Shape> Shapes { get; set; } = new();
            }

            [PopcornContext]
            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(Drawing))]
            public partial class PolymorphicContext : JsonSerializerContext;
            """,
        "SortableFilterable" => """
            public sealed class Chore
            {
                [Default]
                public int Id { get; set; }

                [Sortable, Filterable]
                public string Title { get; set; } = "";

                [Filterable]
                public bool Done { get; set; }

                [Sortable]
                public DateTime Due { get; set; }
            }

            public sealed class Board
            {
                [Default]
                public int Id { get; set; }

                [Filterable]
                public List<Chore> Chores { get; set; } = new();

                [Filterable]
                public Chore? Pinned { get; set; }
            }

            [PopcornContext]
            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(List<Board>))]
            public partial class ChoresContext : JsonSerializerContext;
            """,
        "DictionaryOfModels" => """
            public sealed class Room
            {
                [Default]
                public string Name { get; set; } = "";

                public int Seats { get; set; }
            }

            public sealed class Building
            {
                [Default]
                public int Id { get; set; }

                public Dictionary<string, Room> Rooms { get; set; } = new();
            }

            [PopcornContext]
            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(Building))]
            public partial class BuildingContext : JsonSerializerContext;
            """,
        "CustomConverter" => """
            public sealed class UpperCaseConverter : JsonConverter<string>
            {
                public override string Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => reader.GetString() ?? "";

                public override void Write(Utf8JsonWriter writer, string value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToUpperInvariant());
            }

            public sealed class Badge
            {
                [Default]
                public int Id { get; set; }

                [JsonConverter(typeof(UpperCaseConverter))]
                public string Code { get; set; } = "";
            }

            [PopcornContext]
            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(Badge))]
            public partial class BadgeContext : JsonSerializerContext;
            """,
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, "No such scenario."),
    };
}
