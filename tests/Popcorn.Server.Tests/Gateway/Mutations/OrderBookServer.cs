using System.Collections.Concurrent;
using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.Server.Tests.Authorization;

namespace Popcorn.Server.Tests.Mutations;

/// <summary>
/// The mutation tests' app on Kestrel: an order book with queries and mutations at <c>/graphql</c>, inputs read
/// from the app's JSON context, a mutation behind the <c>sales</c> policy and callers signed in by the <c>X-Roles</c>
/// header.
/// </summary>
public sealed class OrderBookServer : IAsyncLifetime
{
    public const string Sales = "sales";

    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public OrderBook Book => _app!.Services.GetRequiredService<OrderBook>();

    /// <summary>What the app logged at Warning and above.</summary>
    public ConcurrentQueue<(int EventId, string Message)> Warnings { get; } = new();

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(new PopcornWarningCollector(Warnings));
        builder.Services.AddAuthentication(RolesHeaderAuthenticationHandler.SchemeName)
            .AddScheme<Microsoft.AspNetCore.Authentication.AuthenticationSchemeOptions, RolesHeaderAuthenticationHandler>(RolesHeaderAuthenticationHandler.SchemeName, null);
        builder.Services.AddAuthorization(options => options.AddPolicy(Sales, policy => policy.RequireRole(Sales)));
        builder.Services.AddSingleton<OrderBook>();
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, OrderInputsJsonContext.Default));
        builder.Services.AddPopcorn(options => options.AddContext(OrderBookJsonContext.Default));

        _app = builder.Build();
        _app.UseAuthentication();
        _app.UseAuthorization();
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("order", (int id, OrderBook book) => book.Find(id), "One order.")
            .Field("openOrders", (OrderBook book) => book.Open(), "The orders not cancelled.")
            .Mutation("placeOrder", (PlaceOrderInput input, OrderBook book, CancellationToken ct) => book.Place(input), "Places an order.")
            .Mutation("placeOrderLater", async (PlaceOrderInput input, OrderBook book) =>
            {
                await Task.Yield();
                return book.Place(input);
            })
            .Mutation("shipOrder", (int id, OrderBook book) =>
            {
                var order = book.Find(id);
                order.Status = OrderStatus.Shipped;
                return order;
            })
            .Mutation("cancelOrder", (int id, OrderBook book) =>
            {
                book.Find(id).Status = OrderStatus.Cancelled;
                return book.Open();
            }, "Cancels an order; the orders still open.")
            .Mutation("amendOrder", (AmendOrderInput input, OrderBook book) =>
            {
                var order = book.Find(input.Id);
                order.Customer = input.Customer ?? order.Customer;
                order.InternalNote = input.InternalNote;
                return order;
            })
            .Mutation("refund", [PopcornAuthorize(Sales)] (int id, OrderBook book) => book.Find(id), "Sales only, by attribute.")
            .Mutation("discount", (int id, OrderBook book) => book.Find(id), "Sales only, by declaration.", policy: Sales)
            .Mutation("explode", Order (int id) => throw new InvalidOperationException("connection string: secret")));
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>A /graphql POST of a document (and variables), with the caller's roles; the response and its parsed body.</summary>
    public async Task<(HttpResponseMessage Response, JsonNode Body)> PostAsync(string query, string? variables = null, string? roles = null, string? operationName = null)
    {
        var payload = new JsonObject { ["query"] = query };
        if (variables is not null)
        {
            payload["variables"] = JsonNode.Parse(variables);
        }

        if (operationName is not null)
        {
            payload["operationName"] = operationName;
        }

        return await SendAsync(payload, roles);
    }

    public async Task<(HttpResponseMessage Response, JsonNode Body)> SendAsync(JsonObject payload, string? roles = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json"),
        };
        if (roles is not null)
        {
            request.Headers.Add(RolesHeaderAuthenticationHandler.Header, roles);
        }

        var response = await Client.SendAsync(request);
        return (response, JsonNode.Parse(await response.Content.ReadAsStringAsync())!);
    }
}
