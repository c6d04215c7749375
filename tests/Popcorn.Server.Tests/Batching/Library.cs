using System.Collections.Concurrent;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Batching;

/// <summary>An author with books; one book is shared by two authors (the same object), as a co-written one.</summary>
public sealed class Author
{
    [Always, Sortable] public int Id { get; init; }

    public string Name { get; init; } = "";

    public List<Book> Books { get; init; } = [];
}

/// <summary>A book whose rating and reviews come from other systems, resolved for many books at once.</summary>
public sealed class Book
{
    [Always, Sortable] public int Id { get; init; }

    public string Title { get; init; } = "";

    /// <summary>From the ratings service: never set on the object, only resolved.</summary>
    [BatchResolved(typeof(BookRatings))]
    public double? Rating { get; init; }

    /// <summary>Two reviews per book, each with a reviewer resolved one level further down.</summary>
    [BatchResolved(typeof(BookReviews))]
    public List<Review>? Reviews { get; init; }
}

/// <summary>A review, made by <see cref="BookReviews"/>.</summary>
public sealed class Review
{
    [Always] public int Id { get; init; }

    public int Stars { get; init; }

    [BatchResolved(typeof(ReviewerNames))]
    public string? Reviewer { get; init; }
}

/// <summary>What the resolvers were called with, in order, and a switch that makes the ratings fail.</summary>
public sealed class BatchCalls
{
    public ConcurrentQueue<(string Resolver, int[] Ids)> Calls { get; } = new();

    public volatile bool RatingsFail;

    public (string Resolver, int[] Ids)[] Take()
    {
        var taken = Calls.ToArray();
        Calls.Clear();
        return taken;
    }
}

/// <summary>Book i's rating is i times the request's <c>X-Scale</c> header (1 without it): per request, on shared objects.</summary>
public sealed class BookRatings(BatchCalls calls, IHttpContextAccessor accessor) : IPopcornBatchResolver<Book, double?>
{
    public async ValueTask<IReadOnlyList<double?>> ResolveAsync(IReadOnlyList<Book> parents, CancellationToken cancellationToken)
    {
        calls.Calls.Enqueue((nameof(BookRatings), parents.Select(b => b.Id).ToArray()));
        await Task.Yield();
        if (calls.RatingsFail)
        {
            throw new HttpRequestException("ratings service: connection refused (secret-host:9000)");
        }

        double scale = double.TryParse(accessor.HttpContext?.Request.Headers["X-Scale"], out double s) ? s : 1;
        return parents.Select(b => (double?)(b.Id * scale)).ToArray();
    }
}

/// <summary>Reviews 10i+1 (3 stars) and 10i+2 (4 stars) of book i.</summary>
public sealed class BookReviews(BatchCalls calls) : IPopcornBatchResolver<Book, List<Review>?>
{
    public ValueTask<IReadOnlyList<List<Review>?>> ResolveAsync(IReadOnlyList<Book> parents, CancellationToken cancellationToken)
    {
        calls.Calls.Enqueue((nameof(BookReviews), parents.Select(b => b.Id).ToArray()));
        return new(parents.Select(b => (List<Review>?)[new Review { Id = b.Id * 10 + 1, Stars = 3 }, new Review { Id = b.Id * 10 + 2, Stars = 4 }]).ToArray());
    }
}

/// <summary>Review r's reviewer is "reader-r".</summary>
public sealed class ReviewerNames(BatchCalls calls) : IPopcornBatchResolver<Review, string?>
{
    public ValueTask<IReadOnlyList<string?>> ResolveAsync(IReadOnlyList<Review> parents, CancellationToken cancellationToken)
    {
        calls.Calls.Enqueue((nameof(ReviewerNames), parents.Select(r => r.Id).ToArray()));
        return new(parents.Select(r => (string?)$"reader-{r.Id}").ToArray());
    }
}

/// <summary>The library's Popcorn context.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Author))]
[JsonSerializable(typeof(List<Author>))]
[JsonSerializable(typeof(List<Book>))]
public partial class LibraryJsonContext : JsonSerializerContext;
