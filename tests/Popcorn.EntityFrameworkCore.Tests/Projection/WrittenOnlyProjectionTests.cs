using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.Query;

namespace Popcorn.EntityFrameworkCore.Tests.Projection;

/// <summary>
/// The projection Popcorn.Server's projector uses (its rows are only written): a nested object's key is read only when
/// the selection names it, unless a resolver or an aggregate reads the rows. A model whose keys are not <c>[Always]</c>
/// (the test store's all are), so an unselected key is really left out.
/// </summary>
public sealed class WrittenOnlyProjectionTests : IDisposable
{
    private const string Selection = "[label,books[title,author[name]]]";

    private readonly SqliteConnection _connection = new("Data Source=:memory:");
    private readonly SqlCapture _sql = new();
    private readonly DbContextOptions<ShelfDbContext> _options;

    public WrittenOnlyProjectionTests()
    {
        _connection.Open();
        _options = new DbContextOptionsBuilder<ShelfDbContext>().UseSqlite(_connection).AddInterceptors(_sql).Options;
        using var db = new ShelfDbContext(_options);
        db.Database.EnsureCreated();
        var authors = Enumerable.Range(1, 3).Select(i => new Author { Name = $"Author {i}" }).ToList();
        db.Shelves.AddRange(Enumerable.Range(1, 4).Select(i => new Shelf
        {
            Label = $"Shelf {i}",
            Books = Enumerable.Range(1, i).Select(j => new Book { Title = $"Book {i}.{j}", Author = authors[(i + j) % 3] }).ToList(),
        }));
        db.SaveChanges();
        _sql.Clear();
    }

    public void Dispose() => _connection.Dispose();

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task WrittenOnly_ReadsNoUnselectedNestedKey_AndWritesTheSameJson(bool split)
    {
        var plan = Plan(Selection);
        await using var db = new ShelfDbContext(_options);
        var query = split ? db.Shelves.OrderBy(s => s.Id).AsSplitQuery() : db.Shelves.OrderBy(s => s.Id);

        var full = await query.Project(plan).ToListAsync();
        int fullColumns = Columns(_sql.Commands);
        _sql.Clear();
        PopcornProjection.TryProject(query, plan, writtenOnly: true, out var projected, out _).ShouldBeTrue();
        var written = await projected!.ToListAsync();

        Write(written, plan).ShouldBe(Write(full, plan));
        written.ShouldAllBe(s => s.Id != 0); // the root's key is read all the same
        written.SelectMany(s => s.Books).ShouldAllBe(b => b.Id == 0 && b.Author.Id == 0 && b.Author.Name != "");
        full.SelectMany(s => s.Books).ShouldAllBe(b => b.Id != 0 && b.Author.Id != 0);
        // A single query reads the keys all the same (EF identifies the joined rows by them); a split query does not.
        Columns(_sql.Commands).ShouldBe(split ? fullColumns - 2 : fullColumns, customMessage: string.Join("\n", _sql.Commands));
    }

    [Fact]
    public async Task WrittenOnly_WithAnAggregate_ReadsEveryKey()
    {
        // An aggregate's statement keys its counts by the rows' keys.
        var plan = Plan("[label,booksAggregate[count],books[title,author[name]]]");
        await using var db = new ShelfDbContext(_options);

        PopcornProjection.TryProject(db.Shelves.OrderBy(s => s.Id), plan, writtenOnly: true, out var projected, out _).ShouldBeTrue();
        var written = await projected!.ToListAsync();

        written.SelectMany(s => s.Books).ShouldNotBeEmpty();
        written.SelectMany(s => s.Books).ShouldAllBe(b => b.Id != 0 && b.Author.Id != 0);
    }

    /// <summary>The columns every statement reads (its select list, up to the first FROM).</summary>
    private static int Columns(IEnumerable<string> commands) =>
        commands.Sum(sql => sql[..sql.IndexOf("FROM", StringComparison.Ordinal)].Split(',').Length);

    private static PopcornTypeWriter<Shelf> Writer() =>
        (PopcornTypeWriter<Shelf>)((IPopcornContext)ShelfJsonContext.Default).GetWriter(typeof(Shelf))!;

    private static SelectionPlan Plan(string selection) => PlanCompiler.Compile(Writer().Metadata, SelectionParser.Parse(selection));

    private static string Write(List<Shelf> shelves, SelectionPlan plan)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var json = new Utf8JsonWriter(buffer))
        {
            json.WriteStartArray();
            foreach (var shelf in shelves)
            {
                Writer().Write(json, shelf, plan);
            }

            json.WriteEndArray();
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }
}

public class Shelf
{
    public int Id { get; set; }

    public string Label { get; set; } = "";

    public List<Book> Books { get; set; } = [];
}

public class Book
{
    public int Id { get; set; }

    public string Title { get; set; } = "";

    [JsonIgnore] public int ShelfId { get; set; }

    [JsonIgnore] public int AuthorId { get; set; }

    public Author Author { get; set; } = null!;
}

public class Author
{
    public int Id { get; set; }

    public string Name { get; set; } = "";
}

public class ShelfDbContext(DbContextOptions<ShelfDbContext> options) : DbContext(options)
{
    public DbSet<Shelf> Shelves => Set<Shelf>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Shelf>().HasMany(s => s.Books).WithOne().HasForeignKey(b => b.ShelfId);
        modelBuilder.Entity<Book>().HasOne(b => b.Author).WithMany().HasForeignKey(b => b.AuthorId);
    }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Shelf>))]
public partial class ShelfJsonContext : JsonSerializerContext;
