using System.Net.Http.Json;
using System.Text.Json.Nodes;

namespace Playground.Smoke.Tests;

/// <summary>
/// <c>POST /api/cars</c> refuses text fields over 64 characters: the store keeps what it is given, and a selection can
/// read one value hundreds of times (an 8 MB make read through 256 aliases answered 2 GB). Its own app instance, as
/// cars created here must not change what the other smoke tests count.
/// </summary>
public class CarInputTests(PlaygroundFixture playground) : IClassFixture<PlaygroundFixture>
{
    [Theory]
    [InlineData("make")]
    [InlineData("model")]
    [InlineData("color")]
    [InlineData("licensePlate")]
    public async Task Post_TextOver64Characters_IsA400ProblemNamingTheField(string field)
    {
        var car = ValidCar();
        car[field] = new string('x', 65);

        using var response = await playground.Client.PostAsJsonAsync("/api/cars", car);
        var problem = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

        ((int)response.StatusCode).ShouldBe(400);
        problem["title"]!.GetValue<string>().ShouldBe("Invalid car");
        problem["detail"]!.GetValue<string>().ShouldBe($"'{field}' is longer than 64 characters.");
        var fleet = JsonNode.Parse(await playground.Client.GetStringAsync("/api/cars"))!.AsArray();
        fleet.ShouldNotContain(c => c!["model"]!.GetValue<string>() == "Probe" && c["color"]!.GetValue<string>().Length > 64);
    }

    [Fact]
    public async Task Post_TextOfExactly64Characters_IsCreatedAsBefore()
    {
        var car = ValidCar();
        car["make"] = new string('m', 64);

        using var response = await playground.Client.PostAsJsonAsync("/api/cars?include=[id,make,model]", car);
        var created = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;

        ((int)response.StatusCode).ShouldBe(201);
        created["make"]!.GetValue<string>().ShouldBe(new string('m', 64));
        created.AsObject().Select(p => p.Key).ShouldBe(["id", "make", "model"]);
    }

    private static JsonObject ValidCar() => new()
    {
        ["make"] = "Volvo",
        ["model"] = "Probe",
        ["year"] = 2020,
        ["color"] = "Red",
        ["licensePlate"] = "ABC-123",
    };
}
