using System.Runtime.CompilerServices;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Popcorn.TestHost.Data;
using Popcorn.TestHost.Model;

namespace Popcorn.Server.Tests;

/// <summary>A host of its own: an MVC controller marked [Popcorn], and Minimal API endpoints returning sequences.</summary>
public sealed class MvcAndStreamingTests : IAsyncLifetime
{
    private WebApplication _app = null!;
    private HttpClient _client = null!;

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddSingleton<SampleData>();
        builder.Services.AddPopcorn(options => options.AddContext(TestHostJsonContext.Default));
        builder.Services.AddControllers().AddApplicationPart(typeof(CarsController).Assembly);
        _app = builder.Build();
        _app.MapControllers();
        _app.MapGet("/stream/cars", (SampleData data) => StreamCars(data)).WithPopcorn();
        _app.MapGet("/enumerable/cars", (SampleData data) => data.Cars.Where(c => c.Year >= 2020)).WithPopcorn();
        _app.MapGet("/async/car", async (SampleData data) =>
        {
            await Task.Yield();
            return data.FindCar(2)!;
        }).WithPopcorn();
        await _app.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _app.DisposeAsync();
    }

    [Fact]
    public async Task Mvc_ActionMarkedPopcorn_HonoursTheSelection()
    {
        string body = await _client.GetStringAsync("/mvc/cars/1?include=" + Uri.EscapeDataString("{ model owner { firstName } }"));

        body.ShouldBe("""{"id":1,"model":"XC40","owner":{"id":1,"firstName":"Ada"}}""");
    }

    [Fact]
    public async Task Mvc_BadSelection_IsA400BeforeTheActionRuns()
    {
        using var response = await _client.GetAsync("/mvc/cars/1?include=" + Uri.EscapeDataString("[model,"));

        ((int)response.StatusCode).ShouldBe(400);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
        CarsController.Calls.ShouldBe(0);
    }

    [Fact]
    public async Task Mvc_NotFound_PassesThrough()
    {
        using var response = await _client.GetAsync("/mvc/cars/999?include=[id]");

        ((int)response.StatusCode).ShouldBe(404);
    }

    [Fact]
    public async Task AsyncEnumerable_IsWrittenAsAnArray()
    {
        string body = await _client.GetStringAsync("/stream/cars?include=[make]");

        var cars = JsonNode.Parse(body)!.AsArray();
        cars.Count.ShouldBe(12);
        cars[0]!.ToJsonString().ShouldBe("""{"id":1,"make":"Volvo"}""");
    }

    [Fact]
    public async Task Enumerable_IsWrittenAsAnArray()
    {
        string body = await _client.GetStringAsync("/enumerable/cars?include=[year]");

        JsonNode.Parse(body)!.AsArray().ShouldAllBe(c => c!["year"]!.GetValue<int>() >= 2020);
    }

    [Fact]
    public async Task TaskOfModel_IsWritten()
    {
        (await _client.GetStringAsync("/async/car?include=[color]")).ShouldBe("""{"id":2,"color":"red"}""");
    }

    private static async IAsyncEnumerable<Car> StreamCars(SampleData data, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        foreach (var car in data.Cars)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return car;
        }
    }
}

[ApiController]
[Route("mvc/cars")]
[Popcorn]
public sealed class CarsController(SampleData data) : ControllerBase
{
    public static int Calls { get; private set; }

    [HttpGet("{id:int}")]
    public ActionResult<Car> Get(int id)
    {
        if (id == 1 && Request.Query["include"].ToString().EndsWith(','))
        {
            Calls++;
        }

        return data.FindCar(id) is { } car ? car : NotFound();
    }
}
