using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>A customer account: a credit limit only the sales role sees, a risk note only auditors see.</summary>
public sealed class Account
{
    [Always] public int Id { get; init; }

    [Default] public required string Name { get; init; }

    /// <summary>How much the customer may owe.</summary>
    [Default, PopcornAuthorize(AccountsServer.Sales)] public decimal CreditLimit { get; init; }

    [PopcornAuthorize(AccountsServer.Audit)] public string? RiskNote { get; init; }

    public AccountOwner? Owner { get; init; }

    [Never, JsonIgnore] public string? Password { get; init; }
}

/// <summary>Who runs an account: a salary only HR sees.</summary>
public sealed class AccountOwner
{
    [Always] public int Id { get; init; }

    [Default] public required string Name { get; init; }

    [PopcornAuthorize(AccountsServer.Hr)] public decimal Salary { get; init; }
}

/// <summary>A type with no protected field: requests for it must not evaluate any policy.</summary>
public sealed class Branch
{
    [Always] public int Id { get; init; }

    [Default] public required string City { get; init; }
}

/// <summary>A ledger: what sum, avg, min and max may measure of its entries depends on the caller's roles.</summary>
// Its descriptions never name the protected member: they are in the schema every caller reads.
public sealed class Ledger
{
    [Always] public int Id { get; init; }

    public required List<LedgerEntry> Entries { get; init; }
}

/// <summary>One entry of a ledger: every field sortable, so every one is measurable by a caller who sees it.</summary>
// The third member needs the audit policy.
public sealed class LedgerEntry
{
    [Always, Sortable] public int Id { get; init; }

    [Default, Sortable] public decimal Amount { get; init; }

    [Sortable, PopcornAuthorize(AccountsServer.Audit)] public decimal Margin { get; init; }
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Account))]
[JsonSerializable(typeof(List<Account>))]
[JsonSerializable(typeof(Branch))]
[JsonSerializable(typeof(List<Branch>))]
[JsonSerializable(typeof(List<Ledger>))]
public partial class AccountsJsonContext : JsonSerializerContext;

/// <summary>The accounts' data.</summary>
public static class AccountData
{
    public static readonly AccountOwner Grace = new() { Id = 7, Name = "Grace", Salary = 91_000m };

    public static readonly List<Account> Accounts =
    [
        new() { Id = 1, Name = "Acme", CreditLimit = 25_000m, RiskNote = "pays late", Owner = Grace, Password = "hunter2" },
        new() { Id = 2, Name = "Globex", CreditLimit = 4_000m, RiskNote = "none", Owner = Grace, Password = "swordfish" },
    ];

    public static readonly List<Ledger> Ledgers =
    [
        new() { Id = 1, Entries = [new() { Id = 1, Amount = 10m, Margin = 3m }, new() { Id = 2, Amount = 20.5m, Margin = 4m }] },
    ];

    public static readonly List<Branch> Branches = [new() { Id = 1, City = "Lyon" }, new() { Id = 2, City = "Turin" }];
}
