using System.Net;
using System.Text.Json.Nodes;
using Microsoft.EntityFrameworkCore;
using Popcorn.EntityFrameworkCore.Tests.Infrastructure;
using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Server;

/// <summary>
/// A flood of never-seen query shapes (each costs EF Core a compilation, up to hundreds of milliseconds of CPU for a
/// deep one) may not take the server: Popcorn lets <see cref="PopcornEntityFrameworkCoreOptions.MaxConcurrentCompilations"/>
/// compile at once, queues a bounded number, refuses the rest with 503 and Retry-After, and keeps serving known shapes.
/// </summary>
public abstract class CompilationGateTests(IStoreDatabase store)
{
    private const string Known = "[id]";

    [StoreFact]
    public async Task NewShape_WhileTheOnlySlotCompiles_Answers503WithRetryAfter_AndKnownShapesAreServed()
    {
        var held = new HeldCompilations();
        var logs = new WarningCapture();
        await using var server = await StartAsync(held, o => (o.MaxConcurrentCompilations, o.MaxQueuedCompilations) = (1, 0), logs);
        (await server.IdsAsync("/orders", Known)).Length.ShouldBe(80);

        held.Holding = true;
        var first = server.Client.GetAsync(Path("[id,customer[name]]"));
        await held.EnteredAsync();

        using (var refused = await server.Client.GetAsync(Path("[id,lines[quantity]]")))
        {
            refused.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            refused.Headers.RetryAfter!.Delta.ShouldBe(TimeSpan.FromSeconds(1));
            refused.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
            (await refused.Content.ReadAsStringAsync()).ShouldNotContain("Compil", Case.Insensitive);
        }

        var gateway = await server.PostGraphQLAsync("{ orders { id note } }", HttpStatusCode.OK);
        gateway["data"]!["orders"].ShouldBeNull();
        gateway["errors"]![0]!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");

        (await server.IdsAsync("/orders", Known)).Length.ShouldBe(80, "a known shape needs no compilation and must not wait");

        held.LetOneGo();
        using (var answered = await first)
        {
            answered.StatusCode.ShouldBe(HttpStatusCode.OK);
            JsonNode.Parse(await answered.Content.ReadAsStringAsync())!.AsArray()[0]!["customer"]!["name"].ShouldNotBeNull();
        }

        held.Holding = false;
        (await server.IdsAsync("/orders", "[id,lines[quantity]]")).Length.ShouldBe(80, "the refused shape compiles once a slot is free");

        // One line for the flood (not one per refusal), and no database outage: the database was never at fault.
        logs.Messages.ShouldHaveSingleItem().ShouldStartWith("Refused 1 queries of shapes EF Core had not compiled yet");
    }

    [StoreFact]
    public async Task NewShape_WithRoomInTheQueue_WaitsForTheSlot_AndPastTheQueueIsRefused()
    {
        var held = new HeldCompilations();
        await using var server = await StartAsync(held, o => (o.MaxConcurrentCompilations, o.MaxQueuedCompilations, o.CompilationQueueTimeout) = (1, 1, TimeSpan.FromSeconds(60)));
        (await server.IdsAsync("/orders", Known)).Length.ShouldBe(80);

        held.Holding = true;
        var first = server.Client.GetAsync(Path("[id,customer[name]]"));
        await held.EnteredAsync();
        // Two more requests of a new shape: the queue has one place, so one of them waits and the other, whichever
        // comes second, is refused at once.
        var second = server.Client.GetAsync(Path("[id,lines[quantity]]"));
        var third = server.Client.GetAsync(Path("[id,lines[quantity]]"));
        var refusedTask = await Task.WhenAny(second, third);
        var queued = refusedTask == second ? third : second;
        using (var refused = await refusedTask)
        {
            refused.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            refused.Headers.RetryAfter.ShouldNotBeNull();
        }

        queued.IsCompleted.ShouldBeFalse("the queued request waits for the slot");
        held.LetOneGo();
        (await first).StatusCode.ShouldBe(HttpStatusCode.OK);
        await held.EnteredAsync(); // the queued request got the slot and compiles
        held.LetOneGo();
        using var answered = await queued;
        answered.StatusCode.ShouldBe(HttpStatusCode.OK);
        JsonNode.Parse(await answered.Content.ReadAsStringAsync())!.AsArray().Count.ShouldBe(80);
    }

    [StoreFact]
    public async Task NewShape_NoSlotWithinTheQueueTimeout_Answers503()
    {
        var held = new HeldCompilations();
        await using var server = await StartAsync(held, o => (o.MaxConcurrentCompilations, o.MaxQueuedCompilations, o.CompilationQueueTimeout) = (1, 4, TimeSpan.FromMilliseconds(200)));
        held.Holding = true;
        var first = server.Client.GetAsync(Path("[id,customer[name]]"));
        await held.EnteredAsync();

        using (var refused = await server.Client.GetAsync(Path("[id,lines[quantity]]")))
        {
            refused.StatusCode.ShouldBe(HttpStatusCode.ServiceUnavailable);
            refused.Headers.RetryAfter.ShouldNotBeNull();
        }

        held.LetOneGo();
        (await first).StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    [StoreFact]
    public async Task TheAppsOwnQueries_AreNotGated()
    {
        var held = new HeldCompilations();
        await using var server = await StartAsync(held, o => (o.MaxConcurrentCompilations, o.MaxQueuedCompilations) = (1, 0));
        held.Holding = true;
        var first = server.Client.GetAsync(Path("[id,customer[name]]"));
        await held.EnteredAsync();

        // /memory/orders runs the handler's own Include query (a shape new to this test's cache) and writes it in memory.
        (await server.IdsAsync("/memory/orders", "[id,customer[name]]")).Length.ShouldBe(80);

        held.LetOneGo();
        (await first).StatusCode.ShouldBe(HttpStatusCode.OK);
    }

    private static string Path(string selection) => "/orders?include=" + Uri.EscapeDataString(selection);

    private Task<StoreServer> StartAsync(HeldCompilations held, Action<PopcornEntityFrameworkCoreOptions> configure, WarningCapture? logs = null)
    {
        var options = new DbContextOptionsBuilder<StoreDbContext>(store.Options).AddPopcornInterceptors().AddInterceptors(held).Options;
        return StoreServer.StartAsync(() => new StoreDbContext(options), configure, logs);
    }
}

/// <summary>The gate on SQLite in memory.</summary>
public sealed class SqliteCompilationGateTests(SqliteStore store) : CompilationGateTests(store), IClassFixture<SqliteStore>;

/// <summary>The gate on PostgreSQL.</summary>
public sealed class PostgresCompilationGateTests(PostgresStore store) : CompilationGateTests(store), IClassFixture<PostgresStore>;
