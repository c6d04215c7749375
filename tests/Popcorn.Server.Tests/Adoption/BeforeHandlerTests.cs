using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;

namespace Popcorn.Server.Tests.Adoption;

public class BeforeHandlerTests(LedgerServer server) : IClassFixture<LedgerServer>
{
    [Theory]
    [InlineData("/invoices")]
    [InlineData("/invoices/produces")]
    [InlineData("/grouped/invoices")]
    [InlineData("/mvc/invoices")]
    public async Task Post_UnknownFieldForTheSaidModel_IsRefusedBeforeTheHandlerRuns(string path)
    {
        int before = server.Ledger.Count;

        using var response = await server.Client.PostAsJsonAsync($"{path}?include=[customer,amount]", new { customer = "Ada", total = 3.5 });

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var problem = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        problem["detail"]!.GetValue<string>().ShouldStartWith("Unknown field 'amount' on type 'Invoice'.");
        server.Ledger.Count.ShouldBe(before);
    }

    [Theory]
    [InlineData("/invoices")]
    [InlineData("/invoices/unsaid")]
    [InlineData("/mvc/invoices")]
    public async Task Post_SyntaxError_IsRefusedBeforeTheHandlerRunsEvenWhenNothingSaysTheModel(string path)
    {
        int before = server.Ledger.Count;

        using var response = await server.Client.PostAsJsonAsync($"{path}?include=[customer,total", new { customer = "Ada", total = 3.5 });

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["column"]!.GetValue<int>().ShouldBe(16);
        server.Ledger.Count.ShouldBe(before);
    }

    [Fact]
    public async Task Post_UntypedCreated_KeepsItsLocationAndIsShapedBySelection()
    {
        using var response = await server.Client.PostAsJsonAsync("/invoices?include=[total]", new { customer = "Grace", total = 12.25 });

        response.StatusCode.ShouldBe(HttpStatusCode.Created);
        var body = await response.Content.ReadAsStringAsync();
        int id = JsonNode.Parse(body)!["id"]!.GetValue<int>();
        body.ShouldBe($$"""{"id":{{id}},"total":12.25}""");
        response.Headers.Location!.ToString().ShouldBe($"/invoices/{id}");
    }

    [Fact]
    public async Task Post_MvcCreatedAtAction_KeepsItsLocation()
    {
        using var response = await server.Client.PostAsJsonAsync("/mvc/invoices?include={ customer }", new { customer = "Edsger", total = 1 });

        response.StatusCode.ShouldBe(HttpStatusCode.Created);
        var body = JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body.ToJsonString().ShouldBe($$"""{"id":{{body["id"]}},"customer":"Edsger"}""");
        response.Headers.Location!.AbsolutePath.ShouldBe($"/mvc/invoices/{body["id"]}");
    }

    [Fact]
    public async Task Post_UnsaidModel_IsCheckedAgainstTheValueAfterTheHandler()
    {
        using var response = await server.Client.PostAsJsonAsync("/invoices/unsaid?include=[customer]", new { customer = "Barbara", total = 2 });

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        (await response.Content.ReadAsStringAsync()).ShouldEndWith("""
            "customer":"Barbara"}
            """);
    }

    [Fact]
    public void Startup_EndpointWithoutAModel_IsWarnedAboutByName()
    {
        var warnings = server.Warnings.Where(w => w.EventId == 1).Select(w => w.Message).ToArray();

        var warning = warnings.ShouldHaveSingleItem();
        warning.ShouldContain("/invoices/unsaid");
        warning.ShouldContain(".WithPopcorn<T>()");
    }

    [Fact]
    public async Task Post_EndpointOptedInByItsGroupAndItself_RunsThePipelineOnce()
    {
        using var response = await server.Client.PostAsJsonAsync("/grouped/invoices?include=[customer]", new { customer = "Alan", total = 4 });

        response.StatusCode.ShouldBe(HttpStatusCode.OK);
        // Once: the selection header and Accept (the response format), not each of them twice.
        response.Headers.Vary.ShouldBe(["Popcorn-Include", "Accept"]);
    }

    [Fact]
    public async Task Get_AnyPopcornResponse_VariesByTheSelectionHeader()
    {
        using var response = await server.Client.GetAsync("/mvc/invoices/1");

        response.Headers.Vary.ShouldContain("Popcorn-Include");
    }
}
