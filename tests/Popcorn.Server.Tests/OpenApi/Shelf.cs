using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.OpenApi;

/// <summary>
/// The OpenAPI tests' model: a book with a nested author, a list of editions, and hidden members at every level, one of
/// them of a type nothing visible leads to. Every hidden name is distinctive, so a test can look for it in the whole
/// document text.
/// </summary>
public sealed class Book
{
    [Always] public int Id { get; init; }

    [Default] public required string Title { get; init; }

    public Author? Author { get; init; }

    public List<Edition> Editions { get; init; } = [];

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public string? RoyaltyAccount { get; init; }

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public required string WholesaleCost { get; init; }

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public PrintRun? PrintRun { get; init; }
}

/// <summary>A book's author; reached through <see cref="Book.Author"/>.</summary>
public sealed class Author
{
    [Always] public int Id { get; init; }

    [Default] public required string Name { get; init; }

    public string? Country { get; init; }

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public string? TaxNumber { get; init; }
}

/// <summary>One edition of a book; no member is marked, so every visible one is a default.</summary>
public sealed class Edition
{
    public required string Isbn { get; init; }

    public int Year { get; init; }

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public decimal PrinterCost { get; init; }
}

/// <summary>Only a hidden member leads here, so the type must not appear either.</summary>
public sealed class PrintRun
{
    public int Copies { get; init; }

    public string? PressOperator { get; init; }
}

/// <summary>What a POST sends.</summary>
public sealed record NewBook(string Title);

/// <summary>What the endpoint that does not use Popcorn answers.</summary>
public sealed record Health(string Status);

/// <summary>The shelf's one book.</summary>
public static class Shelf
{
    public static Book Dune { get; } = new()
    {
        Id = 1,
        Title = "Dune",
        Author = new Author { Id = 7, Name = "Frank Herbert", Country = "US", TaxNumber = "secret-tax" },
        Editions = [new Edition { Isbn = "978-0441013593", Year = 1965, PrinterCost = 1.5m }],
        RoyaltyAccount = "secret-account",
        WholesaleCost = "secret-cost",
        PrintRun = new PrintRun { Copies = 1000, PressOperator = "secret-operator" },
    };

    /// <summary>Every name the document must never contain, in the casings it could take.</summary>
    public static readonly string[] HiddenNames =
        ["royaltyAccount", "wholesaleCost", "printRun", "copies", "pressOperator", "taxNumber", "printerCost"];
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Book))]
[JsonSerializable(typeof(List<Book>))]
[JsonSerializable(typeof(NewBook))]
[JsonSerializable(typeof(Health))]
public partial class ShelfJsonContext : JsonSerializerContext;
