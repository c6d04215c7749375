using System.Text.Json.Nodes;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests;

/// <summary>
/// <c>/popcorn/check?gateway=true</c>: a gateway document judged by the gateway itself, every error <c>/graphql</c> would
/// answer with listed with its position, and nothing run, logged or counted.
/// </summary>
public class GatewayCheckTests(DebugLoggingTestHostServer server) : IClassFixture<DebugLoggingTestHostServer>
{
    private const int SelectionRejectedEventId = 2;

    [Theory]
    [InlineData("{ employees { id nope zip } employee { id } cars { make bogus } carz { id } }", 5)]
    [InlineData("query Q { employees { ...F } cars { ...G } } fragment F on Employee { nope manager { zip } } fragment G on Car { bogus }", 3)]
    [InlineData("[employees[id,nope],carz[id]]", 2)]
    public async Task Check_DocumentWithSeveralErrors_ListsEveryErrorTheGatewayAnswersWith_AtItsPosition(string document, int count)
    {
        var check = await CheckAsync(document);
        var (_, _, answer) = await server.PostGraphQLAsync(document);

        check["valid"]!.GetValue<bool>().ShouldBeFalse();
        var problems = check["problems"]!.AsArray().Select(p => $"{p!["line"]}:{p["column"]} {p["detail"]}").ToArray();
        var errors = answer!["errors"]!.AsArray().Select(e => $"{e!["locations"]![0]!["line"]}:{e["locations"]![0]!["column"]} {e["message"]}").ToArray();
        problems.ShouldBe(errors);
        problems.Length.ShouldBe(count, string.Join('\n', problems));
        check["problem"]!.ToJsonString().ShouldBe(check["problems"]![0]!.ToJsonString());
    }

    [Fact]
    public async Task Check_UnknownFieldInAGatewayDocument_NamesTheFieldTypeAndSuggestions()
    {
        var problem = (await CheckAsync("{ cars { colour } }"))["problem"]!;

        (problem["status"]!.GetValue<int>(), problem["errorKind"]!.GetValue<string>()).ShouldBe((400, "UnknownField"));
        (problem["line"]!.GetValue<int>(), problem["column"]!.GetValue<int>()).ShouldBe((1, 10));
        (problem["field"]!.GetValue<string>(), problem["type"]!.GetValue<string>()).ShouldBe(("colour", "Car"));
        problem["suggestions"]![0]!.GetValue<string>().ShouldBe("color");
        problem["detail"]!.GetValue<string>().ShouldBe("Cannot query field \"colour\" on type \"Car\". Did you mean \"color\"?");
    }

    [Fact]
    public async Task Check_NeverField_IsUnknownLikeAnyOtherName_AndNeverSuggested()
    {
        var never = await CheckAsync("{ employees { socialSecurityNumber } }");
        var unknown = await CheckAsync("{ employees { socialSecurityNumbr } }");

        never["problem"]!["detail"]!.GetValue<string>().ShouldBe("Cannot query field \"socialSecurityNumber\" on type \"Employee\".");
        unknown.ToJsonString().ShouldNotContain("socialSecurityNumber\"");
    }

    [Fact]
    public async Task Check_ValidGatewayDocument_IsValidWithItsCanonicalForms()
    {
        var check = await CheckAsync("query Two($id: Int!) { employee(id: $id) { id } cars(first: 2) { make } }", """{"id":1}""", "Two");

        check["valid"]!.GetValue<bool>().ShouldBeTrue(check.ToJsonString());
        check["problems"].ShouldBeNull();
        check["graphql"]!.GetValue<string>().ShouldContain("employee(id: 1)");
    }

    [Fact]
    public async Task Check_GatewayDocumentWithoutItsVariables_NamesTheVariableAsAnInvalidVariable()
    {
        var problem = (await CheckAsync("query One($id: Int!) { employee(id: $id) { id } }"))["problem"]!;

        problem["errorKind"]!.GetValue<string>().ShouldBe("InvalidVariable");
        problem["detail"]!.GetValue<string>().ShouldContain("$id");
    }

    [Theory]
    [InlineData("gateway=yes&query=%7B%20cars%20%7B%20make%20%7D%20%7D", "The 'gateway' parameter must be true or false.")]
    [InlineData("gateway=true&type=Car&query=%7B%20make%20%7D", "Name a model type or gateway=true, not both")]
    [InlineData("gateway=true&query=%20", "The request has no 'query'.")]
    public async Task Check_GatewayAskedWrongly_Is200WithAProblemThatSaysWhy(string parameters, string detail)
    {
        var (status, _, body) = await server.GetAsync("/popcorn/check?" + parameters);

        status.ShouldBe(200);
        var check = JsonNode.Parse(body)!;
        check["valid"]!.GetValue<bool>().ShouldBeFalse();
        check["problem"]!["detail"]!.GetValue<string>().ShouldStartWith(detail);
    }

    [Fact]
    public async Task Check_RefusedGatewayDocument_IsNeitherLoggedNorCounted_WhereTheSameDocumentSentIsBoth()
    {
        const string document = "{ employees { id nope } carz { id } }";
        using var logs = LogCapture.Attach(server.Services, "Popcorn.");
        using var metrics = new MetricCapture(server.Services);
        var documents = server.Services.GetRequiredService<GatewayRequestHandler>().Documents;
        long lookups = documents.Hits + documents.Misses;

        (await CheckAsync(document))["problems"]!.AsArray().Count.ShouldBe(2);

        Rejections(logs).ShouldBeEmpty();
        metrics.Of("popcorn.selection.errors").ShouldBeEmpty();
        metrics.Of("popcorn.selection.cost").ShouldBeEmpty();
        (documents.Hits + documents.Misses).ShouldBe(lookups);

        // The same document sent to /graphql is a refused request: logged and counted (so the checks above can fail).
        await server.PostGraphQLAsync(document);
        Rejections(logs).ShouldNotBeEmpty();
        metrics.Sum("popcorn.selection.errors").ShouldBe(2);
    }

    private async Task<JsonNode> CheckAsync(string document, string? variables = null, string? operationName = null)
    {
        string url = "/popcorn/check?gateway=true&query=" + Uri.EscapeDataString(document)
            + (variables is null ? string.Empty : "&variables=" + Uri.EscapeDataString(variables))
            + (operationName is null ? string.Empty : "&operationName=" + Uri.EscapeDataString(operationName));
        var (status, _, body) = await server.GetAsync(url);
        status.ShouldBe(200, body);
        return JsonNode.Parse(body)!;
    }

    private static IEnumerable<LogCapture.Entry> Rejections(LogCapture capture) => capture.Entries.Where(e => e.EventId == SelectionRejectedEventId);
}
