using System.Text.Json.Serialization;

namespace Popcorn.Server.Tests.Formats.CsvPath;

/// <summary>
/// The CSV path tests' model: an acyclic entry whose members cover every kind of cell the generated CSV path writes
/// (integers of each width and sign, decimals with their scale, booleans, strings that need quoting or that JSON
/// escapes, dates and times whose fraction of a second JSON trims, GUIDs, nulls, a nested object) and kinds it leaves
/// to the JSON read-back (an enum, a double, a list).
/// </summary>
public sealed class Posting
{
    [Always] public int Id { get; init; }

    [Default] public required string Memo { get; init; }

    [Default] public decimal Amount { get; init; }

    public long Cents { get; init; }

    public byte Priority { get; init; }

    public ulong Sequence { get; init; }

    public short Offset { get; init; }

    public bool Settled { get; init; }

    public int? Batch { get; init; }

    public string? Note { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] public string? Tag { get; init; }

    public PostingAccount? Account { get; init; }

    public DateTimeOffset BookedAt { get; init; }

    public DateTime PostedOn { get; init; }

    public DateTime? SettledOn { get; init; }

    public DateOnly ValueDate { get; init; }

    public TimeOnly CutOff { get; init; }

    public TimeSpan Grace { get; init; }

    public Guid Reference { get; init; }

    public PostingKind Kind { get; init; }

    public double Rate { get; init; }

    public List<string> Labels { get; init; } = [];

    [Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public string? AuditorNote { get; init; }
}

/// <summary>The account an entry is booked to, with a nested owner: two levels of dotted columns.</summary>
public sealed class PostingAccount
{
    [Always] public int Number { get; init; }

    [Default] public required string Name { get; init; }

    public AccountHolder? Owner { get; init; }
}

/// <summary>Who holds an account.</summary>
public sealed class AccountHolder
{
    [Default] public string? DisplayName { get; init; }

    public uint Code { get; init; }
}

/// <summary>Written by name: a cell the CSV path leaves to the JSON read-back.</summary>
public enum PostingKind
{
    Debit,
    Credit,
}

/// <summary>The ledger's System.Text.Json context, marked for Popcorn.</summary>
[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(List<Posting>))]
public partial class PostingsJsonContext : JsonSerializerContext;

/// <summary>The entries every test reads: values chosen for what CSV must quote, JSON escapes, or leaves empty.</summary>
public static class Postings
{
    public static List<Posting> Entries { get; } =
    [
        new()
        {
            Id = 1, Memo = "plain", Amount = 1.50m, Cents = -150, Priority = 255, Sequence = ulong.MaxValue, Offset = short.MinValue,
            Settled = true, Batch = 7, Note = "", Tag = "t", BookedAt = new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
            Kind = PostingKind.Credit, Rate = 0.1, Labels = ["a"], AuditorNote = "secret-auditor",
            PostedOn = new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc).AddTicks(1_200_000), SettledOn = null,
            ValueDate = new DateOnly(2026, 1, 31), CutOff = new TimeOnly(17, 30), Grace = TimeSpan.FromDays(1.5),
            Reference = Guid.Parse("0F8FAD5B-D9CB-469F-A165-70867728950E"),
            Account = new PostingAccount { Number = 10, Name = "Cash, petty", Owner = new AccountHolder { DisplayName = "Zoë \"Z\" Ørsted", Code = 4_000_000_000 } },
        },
        new()
        {
            Id = 2, Memo = "line\r\nbreak, and \"quotes\"", Amount = -0.001m, Note = null, Tag = null, Batch = null,
            BookedAt = new DateTimeOffset(2026, 3, 4, 5, 6, 7, TimeSpan.FromMinutes(-330)).AddTicks(5_000_000),
            PostedOn = DateTime.MaxValue, SettledOn = new DateTime(2026, 6, 1).AddTicks(1), CutOff = TimeOnly.MaxValue,
            Grace = TimeSpan.FromTicks(-1),
            Account = new PostingAccount { Number = 11, Name = "<script>&'\u2028", Owner = null },
        },
        new()
        {
            Id = 3, Memo = "", Amount = 79228162514264337593543950335m, Cents = long.MinValue, Note = "emoji \U0001F600 tab\t", Account = null,
        },
    ];
}
