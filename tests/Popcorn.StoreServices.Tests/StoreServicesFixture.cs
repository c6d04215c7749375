using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// The sample as run.sh starts it: the customers and orders services on free loopback ports, each with its own SQLite
/// file in a fresh folder, the shipping service (plain JSON, OpenAPI), then the gateway over the three, the Popcorn ones
/// sharing a cursor key drawn for the run. The orders service logs its SQL, so a test can see what reached the database.
/// </summary>
public sealed class StoreServicesFixture : IAsyncLifetime
{
    private readonly string _data = Directory.CreateTempSubdirectory("popcorn-store-services-").FullName;

    /// <summary>The cursor key the Popcorn services and every gateway share (as run.sh draws one), so a cursor one issues the others take.</summary>
    private static readonly string s_cursorKey = "--Popcorn:CursorKey=" + Convert.ToBase64String(System.Security.Cryptography.RandomNumberGenerator.GetBytes(32));

    internal ServiceProcess Customers { get; private set; } = null!;

    internal ServiceProcess Orders { get; private set; } = null!;

    internal ServiceProcess Shipping { get; private set; } = null!;

    internal ServiceProcess Gateway { get; private set; } = null!;

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        var customers = StartCustomersAsync(port: 0);
        var orders = ServiceProcess.StartAsync("Orders", 0,
            $"--ConnectionStrings:Orders=Data Source={Path.Combine(_data, "orders.db")}",
            s_cursorKey,
            "--Logging:LogLevel:Microsoft.AspNetCore.Hosting.Diagnostics=Information", // requests counted, as the customers' are
            "--Logging:LogLevel:Microsoft.EntityFrameworkCore.Database.Command=Information");
        var shipping = StartShippingAsync(port: 0);
        Customers = await customers;
        Orders = await orders;
        Shipping = await shipping;
        Gateway = await StartGatewayAsync();
        Client = new HttpClient { BaseAddress = Gateway.Address, Timeout = TimeSpan.FromSeconds(30) };
    }

    /// <summary>Starts one more gateway over the three services, on a free port; <paramref name="settings"/> are more host arguments.</summary>
    internal Task<ServiceProcess> StartGatewayAsync(params string[] settings) =>
        ServiceProcess.StartAsync("Gateway", 0, [
            $"--Popcorn:Upstreams:orders:BaseAddress={Orders.Address}",
            $"--Popcorn:Upstreams:customers:BaseAddress={Customers.Address}",
            $"--Popcorn:Upstreams:shipping:BaseAddress={Shipping.Address}",
            s_cursorKey,
            .. settings]);

    /// <summary>Kills the customers service and starts it again on the same port with the same file, as a restart does.</summary>
    internal async Task RestartCustomersAsync(Func<Task> whileDown)
    {
        int port = Customers.Address.Port;
        await Customers.DisposeAsync();
        await whileDown();
        Customers = await StartCustomersAsync(port);
    }

    /// <summary>Kills the shipping service and starts it again on the same port, as a restart does.</summary>
    internal async Task RestartShippingAsync(Func<Task> whileDown)
    {
        int port = Shipping.Address.Port;
        await Shipping.DisposeAsync();
        await whileDown();
        Shipping = await StartShippingAsync(port);
    }

    /// <summary>Starts the shipping service (no database: its data is the same on every start) logging each request it gets.</summary>
    private static Task<ServiceProcess> StartShippingAsync(int port) =>
        ServiceProcess.StartAsync("Shipping", port, "--Logging:LogLevel:Microsoft.AspNetCore.Hosting.Diagnostics=Information");

    /// <summary>
    /// Starts the customers service logging each request it gets and each SQL statement it runs, so a test can count the
    /// gateway's calls and the database's reads.
    /// </summary>
    private Task<ServiceProcess> StartCustomersAsync(int port) =>
        ServiceProcess.StartAsync("Customers", port,
            $"--ConnectionStrings:Customers=Data Source={Path.Combine(_data, "customers.db")}",
            s_cursorKey,
            "--Logging:LogLevel:Microsoft.AspNetCore.Hosting.Diagnostics=Information",
            "--Logging:LogLevel:Microsoft.EntityFrameworkCore.Database.Command=Information");

    /// <summary>POSTs a GraphQL document to the gateway's /graphql; the status and the parsed body.</summary>
    public async Task<(int Status, JsonNode Body)> QueryAsync(string query)
    {
        var payload = new JsonObject { ["query"] = query };
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql") { Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json") };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/graphql-response+json"));
        using var response = await Client.SendAsync(request);
        return ((int)response.StatusCode, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }

    /// <summary>
    /// The gateway over fault-injecting proxies (<see cref="FaultyGateway"/>), started by the first test that asks for it
    /// and shared by the others; stopped with the fixture.
    /// </summary>
    internal Task<FaultyGateway> FaultyGatewayAsync()
    {
        lock (_faultyStart)
        {
            return _faulty ??= FaultyGateway.StartAsync(this);
        }
    }

    private readonly Lock _faultyStart = new();
    private Task<FaultyGateway>? _faulty;

    public async Task DisposeAsync()
    {
        if (_faulty is { IsCompletedSuccessfully: true })
        {
            await _faulty.Result.DisposeAsync();
        }

        Client?.Dispose();
        foreach (var process in new[] { Gateway, Shipping, Orders, Customers })
        {
            if (process is not null)
            {
                await process.DisposeAsync();
            }
        }

        Directory.Delete(_data, recursive: true);
    }
}
