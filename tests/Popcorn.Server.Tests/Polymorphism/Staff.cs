using System.Text.Json.Serialization;

namespace Popcorn.Server.Tests.Polymorphism;

/// <summary>An abstract polymorphic base with fields: a GraphQL interface.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(Engineer), "engineer")]
[JsonDerivedType(typeof(Lead), "lead")]
public abstract class Staffer
{
    [Default]
    public int Id { get; set; }

    public string Name { get; set; } = string.Empty;

    [Never]
    [JsonIgnore]
    public decimal Salary { get; set; } = 1000m;
}

public sealed class Engineer : Staffer
{
    public string Language { get; set; } = "C#";
}

public sealed class Lead : Staffer
{
    public List<Staffer> Reports { get; set; } = [];
}

/// <summary>A polymorphic base without fields: a GraphQL union.</summary>
[JsonPolymorphic]
[JsonDerivedType(typeof(Photo), "photo")]
[JsonDerivedType(typeof(Note), "note")]
public abstract class Attachment;

public sealed class Photo : Attachment
{
    public string Url { get; set; } = string.Empty;
}

public sealed class Note : Attachment
{
    public string Text { get; set; } = string.Empty;
}

public sealed class Desk
{
    public int Number { get; set; }

    public List<Attachment> Attachments { get; set; } = [];
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Staffer>))]
[JsonSerializable(typeof(Desk))]
public sealed partial class StaffJsonContext : JsonSerializerContext;
