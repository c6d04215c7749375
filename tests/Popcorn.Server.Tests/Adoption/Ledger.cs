using System.Collections.Concurrent;
using System.Text.Json.Serialization;
using Popcorn;

namespace Popcorn.Server.Tests.Adoption;

/// <summary>An invoice, the model of the adoption tests: endpoints whose return type does not name it.</summary>
public sealed class Invoice
{
    [Always] public int Id { get; init; }

    [Default] public required string Customer { get; init; }

    public decimal Total { get; init; }

    [Never, JsonIgnore] public string? PaymentToken { get; init; }
}

/// <summary>What a POST sends.</summary>
public sealed record NewInvoice(string Customer, decimal Total);

/// <summary>The invoices the adoption app's handlers create: a test reads it to see whether a handler ran.</summary>
public sealed class Ledger
{
    private readonly ConcurrentDictionary<int, Invoice> _invoices = new();
    private int _nextId = 100;

    public int Count => _invoices.Count;

    /// <summary>How many times a GET handler ran, to tell a cached response from a fresh one.</summary>
    public int Reads;

    /// <summary>How many invoices the endless stream has produced, to see when writing stopped.</summary>
    public int Streamed;

    /// <summary>Invoices made up as they are read, far more than anyone reads; it ignores cancellation on purpose.</summary>
    public IEnumerable<Invoice> Stream()
    {
        for (int i = 0; i < 10_000_000; i++)
        {
            Interlocked.Increment(ref Streamed);
            yield return new Invoice { Id = i, Customer = "Customer " + i, Total = i };
        }
    }

    public Invoice Add(NewInvoice request)
    {
        var invoice = new Invoice { Id = Interlocked.Increment(ref _nextId), Customer = request.Customer, Total = request.Total, PaymentToken = "tok_" + Guid.NewGuid() };
        _invoices[invoice.Id] = invoice;
        return invoice;
    }

    public Invoice? Find(int id) => _invoices.GetValueOrDefault(id);

    public IReadOnlyList<Invoice> All => _invoices.Values.OrderBy(i => i.Id).ToArray();
}

[PopcornContext]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Invoice))]
[JsonSerializable(typeof(NewInvoice))]
[JsonSerializable(typeof(List<Invoice>))]
public partial class LedgerJsonContext : JsonSerializerContext;
