using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Polymorphism;

/// <summary>
/// [JsonPolymorphic] models through a real host: REST writes the discriminator as System.Text.Json does and selects
/// derived fields with <c>...on Type[...]</c>; the gateway serves interfaces and unions, validates fragments on them and
/// answers <c>__typename</c> with the concrete type.
/// </summary>
public sealed class PolymorphismTests : IAsyncLifetime
{
    private static readonly List<Staffer> s_staff = Staff();
    private static readonly Desk s_desk = new() { Number = 7, Attachments = [new Photo { Url = "a.png" }, new Note { Text = "hi" }] };

    private WebApplication _app = null!;
    private HttpClient _client = null!;

    private static List<Staffer> Staff()
    {
        var ada = new Engineer { Id = 1, Name = "Ada", Language = "F#" };
        var bob = new Engineer { Id = 2, Name = "Bob" };
        return [ada, bob, new Lead { Id = 3, Name = "Cy", Reports = [ada, bob] }];
    }

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(["--urls", "http://127.0.0.1:0"]);
        builder.Logging.ClearProviders();
        builder.Services.AddPopcorn(options => options.AddContext(StaffJsonContext.Default));
        _app = builder.Build();
        var api = _app.MapGroup("/api").WithPopcorn();
        api.MapGet("/staff", () => s_staff);
        api.MapGet("/staff/{id:int}", (int id) => s_staff.First(s => s.Id == id));
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("staff", () => s_staff)
            .Field("desk", () => s_desk));
        _app.MapPopcornSchema();
        await _app.StartAsync();
        _client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        _client.Dispose();
        await _app.DisposeAsync();
    }

    [Fact]
    public async Task Rest_DeepWildcard_IsByteIdenticalToSystemTextJson()
    {
        string body = await _client.GetStringAsync("/api/staff?include=[!full]");

        body.ShouldBe(JsonSerializer.Serialize(s_staff, StaffJsonContext.Default.ListStaffer));
    }

    [Fact]
    public async Task Rest_OneValueDeclaredAsTheBase_IsWrittenWithItsDiscriminatorAsSystemTextJsonDoes()
    {
        string body = await _client.GetStringAsync("/api/staff/3?include=[!full]");

        body.ShouldBe(JsonSerializer.Serialize(s_staff[2], StaffJsonContext.Default.Staffer));
        body.ShouldStartWith("{\"kind\":\"lead\"");
    }

    [Theory]
    [InlineData("[name,...on Lead[reports[name]]]")]
    [InlineData("{ name ... on Lead { reports { name } } }")]
    public async Task Rest_TypeCondition_SelectsDerivedFieldsAndWritesTheDiscriminatorFirst(string include)
    {
        string body = await _client.GetStringAsync("/api/staff?include=" + Uri.EscapeDataString(include));

        body.ShouldBe("""[{"kind":"engineer","name":"Ada"},{"kind":"engineer","name":"Bob"},{"kind":"lead","reports":[{"kind":"engineer","name":"Ada"},{"kind":"engineer","name":"Bob"}],"name":"Cy"}]""");
    }

    [Theory]
    [InlineData("[language]", "Unknown field 'language' on type 'Staffer'. 'language' is a field of 'Engineer'")]
    [InlineData("[...on Lead[salary]]", "Unknown field 'salary' on type 'Lead'.")]
    [InlineData("[...on Photo[url]]", "Fragment cannot be spread here as objects of type \"Staffer\" can never be of type \"Photo\".")]
    public async Task Rest_DerivedFieldWithoutCondition_NeverFieldAndImpossibleCondition_AreRefused(string include, string detail)
    {
        using var response = await _client.GetAsync("/api/staff/3?include=" + Uri.EscapeDataString(include));

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        JsonNode.Parse(await response.Content.ReadAsStringAsync())!["detail"]!.GetValue<string>().ShouldStartWith(detail);
    }

    [Fact]
    public async Task Gateway_InlineFragmentsAndSpreads_SelectPerConcreteTypeWithItsTypeName()
    {
        var body = await PostAsync("""
            { staff { __typename name ... on Lead { reports { ...Who } } ... on Engineer { language } } }
            fragment Who on Staffer { __typename id }
            """);

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe(
            """{"staff":[{"__typename":"Engineer","name":"Ada","language":"F#"},{"__typename":"Engineer","name":"Bob","language":"C#"},""" +
            """{"__typename":"Lead","name":"Cy","reports":[{"__typename":"Engineer","id":1},{"__typename":"Engineer","id":2}]}]}""");
    }

    [Fact]
    public async Task Gateway_Union_IsSelectedThroughFragmentsOnly()
    {
        var body = await PostAsync("{ desk { attachments { __typename ... on Photo { url } ... on Note { text } } } }");

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"desk":{"attachments":[{"__typename":"Photo","url":"a.png"},{"__typename":"Note","text":"hi"}]}}""");
    }

    [Theory]
    [InlineData("{ staff { language } }", "Cannot query field \"language\" on type \"Staffer\".")]
    [InlineData("{ staff { ... on Photo { url } } }", "Fragment cannot be spread here as objects of type \"Staffer\" can never be of type \"Photo\".")]
    [InlineData("{ staff { ...P } } fragment P on Photo { url }", "Fragment \"P\" cannot be spread here as objects of type \"Staffer\" can never be of type \"Photo\".")]
    [InlineData("{ desk { attachments { url } } }", "Cannot query field \"url\" on type \"Attachment\".")]
    [InlineData("{ staff { ... on Lead { salary } } }", "Cannot query field \"salary\" on type \"Lead\".")]
    public async Task Gateway_FieldsOfTheWrongTypeAndImpossibleSpreads_AreRefusedWithTheSpecsMessages(string query, string message)
    {
        var body = await PostAsync(query);

        body["data"].ShouldBeNull();
        body["errors"]![0]!["message"]!.GetValue<string>().ShouldStartWith(message);
    }

    [Fact]
    public async Task Gateway_SameKeyOnDifferentImplementations_MergesWhenTheShapesAgree()
    {
        var body = await PostAsync("{ staff { ... on Engineer { x: language } ... on Lead { x: name } } }");

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe("""{"staff":[{"x":"F#"},{"x":"C#"},{"x":"Cy"}]}""");

        var conflict = await PostAsync("{ staff { ... on Engineer { x: language } ... on Lead { x: id } } }");
        conflict["errors"]![0]!["message"]!.GetValue<string>().ShouldBe(
            "Fields \"x\" conflict because they return conflicting types \"String!\" and \"Int!\". Use different aliases on the fields to fetch both if this was intentional.");
    }

    [Fact]
    public async Task Sdl_PrintsInterfacesImplementationsAndUnions()
    {
        string sdl = await _client.GetStringAsync("/graphql/schema.graphql");

        sdl.ShouldContain("interface Staffer {\n  id: Int!\n  name: String!\n}\n");
        sdl.ShouldContain("type Engineer implements Staffer {\n  language: String!\n  id: Int!\n  name: String!\n}\n");
        sdl.ShouldContain("type Lead implements Staffer {\n  reports(first: Int, skip: Int): [Staffer]!\n");
        sdl.ShouldContain("union Attachment = Photo | Note\n");
        sdl.ShouldNotContain("salary");
    }

    [Fact]
    public async Task Introspection_DescribesInterfacesPossibleTypesAndUnions()
    {
        var body = await PostAsync("""
            { i: __type(name: "Staffer") { kind possibleTypes { name } interfaces { name } }
              o: __type(name: "Lead") { kind interfaces { name } possibleTypes { name } }
              u: __type(name: "Attachment") { kind fields { name } possibleTypes { name } } }
            """);

        body["errors"].ShouldBeNull();
        body["data"]!.ToJsonString().ShouldBe(
            """{"i":{"kind":"INTERFACE","possibleTypes":[{"name":"Engineer"},{"name":"Lead"}],"interfaces":[]},""" +
            "\"o\":{\"kind\":\"OBJECT\",\"interfaces\":[{\"name\":\"Staffer\"}],\"possibleTypes\":null}," +
            "\"u\":{\"kind\":\"UNION\",\"fields\":null,\"possibleTypes\":[{\"name\":\"Photo\"},{\"name\":\"Note\"}]}}");
    }

    [Fact]
    public async Task PopcornSchema_DescribesTheDerivedTypesAndTheirDiscriminators()
    {
        var schema = JsonNode.Parse(await _client.GetStringAsync("/popcorn/schema"))!;
        var types = schema["types"]!.AsArray();
        var staffer = types.Single(t => t!["name"]!.GetValue<string>() == "Staffer")!;
        var lead = types.Single(t => t!["name"]!.GetValue<string>() == "Lead")!;

        staffer["discriminatorName"]!.GetValue<string>().ShouldBe("kind");
        staffer["derivedTypes"]!.ToJsonString().ShouldBe("""[{"name":"Engineer","discriminator":"engineer"},{"name":"Lead","discriminator":"lead"}]""");
        lead["baseTypes"]!.ToJsonString().ShouldBe("""["Staffer"]""");
    }

    private async Task<JsonNode> PostAsync(string query)
    {
        using var response = await _client.PostAsync("/graphql", new StringContent(JsonSerializer.Serialize(new { query }), Encoding.UTF8, "application/json"));
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}
