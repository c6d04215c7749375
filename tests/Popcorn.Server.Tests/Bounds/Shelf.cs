using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Bounds;

/// <summary>One page of text, the unit of the response-bounds tests: its size is chosen by the test.</summary>
public sealed class Page
{
    private readonly Shelf _shelf;
    private readonly string _text;

    internal Page(Shelf shelf, int id, string text)
    {
        _shelf = shelf;
        Id = id;
        _text = text;
    }

    [Always] public int Id { get; }

    /// <summary>Reading it records the page as written, so a test sees how far the writer has got.</summary>
    [Default]
    public string Text
    {
        get
        {
            _shelf.RecordWritten(Id);
            return _text;
        }
    }
}

/// <summary>A book: many pages in one object, which the generated writer writes in one go.</summary>
public sealed class Book
{
    [Always] public int Id { get; init; }

    [Default] public required IReadOnlyList<Page> Pages { get; init; }
}

/// <summary>The pages and books the bounds app serves, and how far the last write got.</summary>
public sealed class Shelf
{
    public const int PageCount = 200;

    private int _highestWritten = -1;
    private int _textReads;

    public Shelf(int pageBytes)
    {
        string text = new('p', pageBytes);
        Pages = Enumerable.Range(0, PageCount).Select(i => new Page(this, i, text)).ToArray();
        Book = new Book { Id = 1, Pages = Pages };
    }

    public IReadOnlyList<Page> Pages { get; }

    public Book Book { get; }

    /// <summary>The highest page id whose text a writer has read, or -1.</summary>
    public int HighestWritten => Volatile.Read(ref _highestWritten);

    /// <summary>How many times a writer has read a page's text (once per alias).</summary>
    public int TextReads => Volatile.Read(ref _textReads);

    public void Forget()
    {
        Volatile.Write(ref _highestWritten, -1);
        Volatile.Write(ref _textReads, 0);
    }

    internal void RecordWritten(int id)
    {
        Interlocked.Increment(ref _textReads);
        int seen;
        while (id > (seen = Volatile.Read(ref _highestWritten)) && Interlocked.CompareExchange(ref _highestWritten, id, seen) != seen)
        {
        }
    }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Book))]
[JsonSerializable(typeof(Page))]
[JsonSerializable(typeof(List<Page>))]
public partial class BoundsJsonContext : JsonSerializerContext;
