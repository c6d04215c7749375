namespace Popcorn.Generator.Tests.Generator;

/// <summary>Representative models for driver tests: a flat type, a nested type with a list, a self-referencing type.</summary>
internal static class SampleSources
{
    public const string Models = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json.Serialization;
        using Popcorn;

        namespace Sample;

        /// <summary>A customer account.</summary>
        public class Customer
        {
            /// <summary>The account number.</summary>
            [Default]
            public int Id { get; set; }

            [Default]
            public string Name { get; set; } = string.Empty;

            public string? Email { get; set; }

            public DateTime CreatedAt { get; set; }

            public Tier Tier { get; set; }

            [Never, JsonIgnore]
            public string? Secret { get; set; }
        }

        public enum Tier { Free, Pro }

        /// <summary>An order with its lines.</summary>
        public class Order
        {
            public int Id { get; set; }

            [SubPropertyDefault("[name]")]
            public Customer? Customer { get; set; }

            public List<Line> Lines { get; set; } = new();

            public Dictionary<string, decimal> Totals { get; set; } = new();
        }

        public record Line(string Sku, int Quantity, decimal? Discount);

        /// <summary>A category tree.</summary>
        public class Category
        {
            public string Name { get; set; } = string.Empty;

            public Category? Parent { get; set; }

            public List<Category> Children { get; set; } = new();
        }
        """;

    public const string Context = """
        using System.Collections.Generic;
        using System.Text.Json.Serialization;
        using Popcorn;

        namespace Sample;

        [PopcornContext]
        [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
        [JsonSerializable(typeof(List<Order>))]
        [JsonSerializable(typeof(Category))]
        public partial class SampleJsonContext : JsonSerializerContext;
        """;
}
