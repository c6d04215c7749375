using System.Text.Json;
using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Generator.Tests.Models;

/// <summary>A base type: its members follow the derived type's, as System.Text.Json writes them.</summary>
public abstract class Person
{
    public string Name { get; set; } = string.Empty;

    [Default]
    public virtual int Age { get; set; }

    public string Hidden { get; set; } = "base";
}

/// <summary>A derived type with an override, a hidden member and members of its own.</summary>
public class Manager : Person
{
    public int Reports { get; set; }

    public override int Age { get; set; }

    public new string Hidden { get; set; } = "derived";

    public List<Pet> Pets { get; set; } = new();
}

/// <summary>Refers back to its owner: Manager and Pet form a cycle.</summary>
public class Pet
{
    public string Name { get; set; } = string.Empty;

    public Manager? Owner { get; set; }
}

/// <summary>A self-referencing tree node.</summary>
public class Node
{
    public int Value { get; set; }

    public Node? Parent { get; set; }

    public List<Node> Children { get; set; } = new();
}

/// <summary>A value type model.</summary>
public struct Point
{
    public int X { get; set; }

    public int Y { get; set; }

    public List<Point>? Neighbours { get; set; }
}

/// <summary>A positional record with an init-only and a required member.</summary>
public record Shape(string Kind, Point Origin)
{
    public required double Area { get; init; }

    public Point[] Corners { get; init; } = [];
}

/// <summary>Ignore conditions, property order and converters.</summary>
public class Tuning
{
    [JsonPropertyOrder(2)]
    public int Last { get; set; }

    [JsonPropertyOrder(-1)]
    public int First { get; set; }

    public int Middle { get; set; }

    [JsonIgnore]
    public string Ignored { get; set; } = "ignored";

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? SkippedWhenNull { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int SkippedWhenZero { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public Car? CarSkippedWhenNull { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.Never)]
    public string? NeverIgnored { get; set; }

    [JsonPropertyName("renamed_Value")]
    public int Renamed { get; set; }

    [JsonConverter(typeof(UpperCaseConverter))]
    public string? Shouted { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter<Level>))]
    public Level LevelAsString { get; set; }

    public Level LevelAsNumber { get; set; }

    [JsonConverter(typeof(EpochConverter))]
    public DateTime? Epoch { get; set; }

    public Money Price { get; set; }

    public JsonElement Raw { get; set; }

    [JsonInclude]
    internal int InternalIncluded { get; set; }

    public int ReadOnly => Middle + 1;
}

public enum Level
{
    Low,
    High,
}

[JsonConverter(typeof(MoneyConverter))]
public readonly record struct Money(decimal Amount, string Currency);

public sealed class UpperCaseConverter : JsonConverter<string>
{
    public override string? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => reader.GetString();

    public override void Write(Utf8JsonWriter writer, string value, JsonSerializerOptions options) => writer.WriteStringValue(value.ToUpperInvariant());
}

public sealed class EpochConverter : JsonConverter<DateTime>
{
    public override DateTime Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => DateTime.UnixEpoch.AddSeconds(reader.GetInt64());

    public override void Write(Utf8JsonWriter writer, DateTime value, JsonSerializerOptions options) => writer.WriteNumberValue((long)(value - DateTime.UnixEpoch).TotalSeconds);
}

public sealed class MoneyConverter : JsonConverter<Money>
{
    public override Money Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

    public override void Write(Utf8JsonWriter writer, Money value, JsonSerializerOptions options) =>
        writer.WriteStringValue(value.Amount.ToString(System.Globalization.CultureInfo.InvariantCulture) + " " + value.Currency);
}

/// <summary>A member whose getter must never run unless selected.</summary>
public class Lazy
{
    public int Id { get; set; }

    public int Expensive => throw new InvalidOperationException("The lazy getter was called.");
}

/// <summary>Public fields, read-only fields and a field with [JsonInclude].</summary>
public class WithFields
{
    public int Counter;

    public readonly string Label = "label";

    public string? OptionalNote;

    public Car? Car;

    public int? MaybeNumber;

    public Level Level;

    public string PropertyToo { get; set; } = "prop";
}
