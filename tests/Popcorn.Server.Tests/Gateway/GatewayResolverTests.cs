using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.TestHost;
using Popcorn.TestHost.Data;
using Popcorn.TestHost.Model;

namespace Popcorn.Server.Tests;

/// <summary>
/// The shapes of resolver a root field takes, each called as written: a lambda with arguments and services, a static
/// method, a task, and one that throws (its field is null with an error, the other fields are still answered).
/// </summary>
public sealed class GatewayResolverTests : IAsyncLifetime
{
    private WebApplication _app = null!;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<SampleData>();
        builder.Services.AddPopcorn(options => options.AddContext(TestHostJsonContext.Default));
        _app = builder.Build();
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("car", (int id, SampleData sample) => sample.FindCar(id))
            .Field("firstCar", FirstCar)
            .Field("carLater", async (int id, SampleData sample) =>
            {
                await Task.Yield();
                return sample.FindCar(id);
            })
            .Field("broken", Car? (int id) => throw new InvalidOperationException("The resolver failed.")));
        await _app.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _app.DisposeAsync();
    }

    [Fact]
    public async Task Post_EveryResolverShape_AnswersItsCar()
    {
        var body = await PostAsync("{ a: car(id: 2) { id } b: firstCar { id } d: carLater(id: 4) { id } }");

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"a":{"id":2},"b":{"id":1},"d":{"id":4}}""");
    }

    [Fact]
    public async Task Post_ResolverThrows_FieldIsNullWithAnError_OthersAnswered()
    {
        var body = await PostAsync("{ broken(id: 1) { id } car(id: 1) { id } }");

        body["data"]!.ToJsonString().ShouldBe("""{"broken":null,"car":{"id":1}}""");
        var error = body["errors"]!.AsArray().ShouldHaveSingleItem()!;
        error["message"]!.GetValue<string>().ShouldBe("The field 'broken' could not be resolved.");
        error["path"]!.AsArray().Select(p => p!.GetValue<string>()).ShouldBe(["broken"]);
        error.ToJsonString().ShouldNotContain("The resolver failed.");
    }

    private static Car? FirstCar(SampleData sample) => sample.FindCar(1);

    private async Task<JsonNode> PostAsync(string query)
    {
        using var response = await _client.PostAsync("/graphql", new StringContent(JsonSerializer.Serialize(new { query }), Encoding.UTF8, "application/json"));
        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}
