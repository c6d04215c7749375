using System.Net;
using System.Net.Http.Headers;

namespace Popcorn.Server.Tests.Migration;

/// <summary>
/// <c>Envelope = Upstream</c> writes what upstream Popcorn wrote, byte for byte. The expected bodies follow upstream's
/// code: a success is its <c>ApiResponse&lt;T&gt;</c> as System.Text.Json writes it (<c>Success</c>, then <c>Data</c>;
/// <c>Error</c> is null and left out), an error what its <c>UsePopcornExceptionHandler</c> writes (<c>Success</c>,
/// then <c>Error</c> with <c>Code</c>, <c>Message</c> and <c>Detail</c> only when there is one), both through a
/// writer with the default encoder and no naming policy.
/// </summary>
public class UpstreamEnvelopeTests(GizmoServer server) : IClassFixture<GizmoServer>
{
    [Fact]
    public async Task Get_OneModel_IsWrappedInUpstreamsSuccessEnvelope()
    {
        var (status, body, response) = await Get("/gizmos/1?include=[Id,Name]");

        status.ShouldBe(HttpStatusCode.OK);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/json");
        body.ShouldBe("""{"Success":true,"Data":{"Id":1,"Name":"Widget"}}""");
    }

    [Fact]
    public async Task Get_List_IsWrappedWhole()
    {
        var (status, body, _) = await Get("/gizmos/?include=[Name,Price]");

        status.ShouldBe(HttpStatusCode.OK);
        body.ShouldBe("""{"Success":true,"Data":[{"Id":1,"Name":"Widget","Price":9.5},{"Id":2,"Name":"Sprocket","Price":12}]}""");
    }

    [Fact]
    public async Task Get_UnknownField_Is400InUpstreamsErrorEnvelopeWithKindMessageAndPosition()
    {
        var (status, body, response) = await Get("/gizmos/1?include=[Id,Nme]");

        status.ShouldBe(HttpStatusCode.BadRequest);
        response.Content.Headers.ContentType!.MediaType.ShouldBe("application/json");
        body.ShouldBe("""{"Success":false,"Error":{"Code":"UnknownField","Message":"Unknown field \u0027Nme\u0027 on type \u0027Gizmo\u0027. Did you mean \u0027Name\u0027?","Detail":"Line 1, column 5: [Id,Nme]"}}""");
    }

    [Fact]
    public async Task Get_NeverField_IsAnsweredExactlyAsAFieldThatDoesNotExist()
    {
        var (_, never, _) = await Get("/gizmos/1?include=[Secret]");
        var (_, missing, _) = await Get("/gizmos/1?include=[Secrex]");

        never.Replace("Secret", "NAME").ShouldBe(missing.Replace("Secrex", "NAME"));
        never.ShouldNotContain("s1");
    }

    [Fact]
    public async Task Get_SyntaxError_Is400InUpstreamsErrorEnvelope()
    {
        var (status, body, _) = await Get("/gizmos/1?include=[Id,Name");

        status.ShouldBe(HttpStatusCode.BadRequest);
        body.ShouldStartWith("""{"Success":false,"Error":{"Code":"Syntax","Message":"Unexpected end of query""");
        body.ShouldEndWith("\"Detail\":\"Line 1, column 9: [Id,Name\"}}");
    }

    [Fact]
    public async Task Get_HandlersBareNotFound_IsUpstreamsErrorEnvelopeWithTheStatusAsCode()
    {
        var (status, body, _) = await Get("/gizmos/999");

        status.ShouldBe(HttpStatusCode.NotFound);
        body.ShouldBe("""{"Success":false,"Error":{"Code":"NotFound","Message":"Not Found"}}""");
    }

    [Fact]
    public async Task Get_HandlersServerErrorProblem_KeepsItsStatusAndWords()
    {
        var (status, body, _) = await Get("/gizmos/broken");

        status.ShouldBe(HttpStatusCode.InternalServerError);
        body.ShouldBe("""{"Success":false,"Error":{"Code":"InternalServerError","Message":"The inventory could not be read."}}""");
    }

    [Fact]
    public async Task Post_HandlersValidationProblem_CarriesItsErrorsInDetail()
    {
        using var response = await server.Client.PostAsync("/gizmos/", new StringContent("""{"Id":3,"Name":" "}""", System.Text.Encoding.UTF8, "application/json"));

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        (await response.Content.ReadAsStringAsync()).ShouldBe("""{"Success":false,"Error":{"Code":"BadRequest","Message":"One or more validation errors occurred.","Detail":"Name: The Name field is required."}}""");
    }

    [Fact]
    public async Task Get_CachedList_IsServedFromTheOutputCacheInTheSameEnvelope()
    {
        var (_, first, _) = await Get("/gizmos/?include=[Name]");
        int reads = server.Reads;

        var (status, again, _) = await Get("/gizmos/?include=[Name]");

        status.ShouldBe(HttpStatusCode.OK);
        server.Reads.ShouldBe(reads);
        again.ShouldBe(first);
        again.ShouldBe("""{"Success":true,"Data":[{"Id":1,"Name":"Widget"},{"Id":2,"Name":"Sprocket"}]}""");
    }

    [Fact]
    public async Task Get_SameEnvelopedBodyAgainWithItsETag_Is304()
    {
        var (_, _, first) = await Get("/gizmos/2?include=[Price]");
        var etag = first.Headers.ETag;
        etag.ShouldNotBeNull();

        using var request = new HttpRequestMessage(HttpMethod.Get, "/gizmos/2?include=[Price]");
        request.Headers.IfNoneMatch.Add(etag);
        using var again = await server.Client.SendAsync(request);

        again.StatusCode.ShouldBe(HttpStatusCode.NotModified);
        again.Headers.ETag.ShouldBe(etag);
    }

    private async Task<(HttpStatusCode Status, string Body, HttpResponseMessage Response)> Get(string url)
    {
        var response = await server.Client.GetAsync(url);
        return (response.StatusCode, await response.Content.ReadAsStringAsync(), response);
    }
}

/// <summary><c>EnvelopeNamingPolicy = CamelCase</c>: every envelope key renamed, the model's keys left to its context.</summary>
public class CamelCaseUpstreamEnvelopeTests(CamelCaseUpstreamEnvelopeServer server) : IClassFixture<CamelCaseUpstreamEnvelopeServer>
{
    [Fact]
    public async Task Get_Success_HasCamelCaseEnvelopeKeysAroundTheModelsOwn()
    {
        string body = await server.Client.GetStringAsync("/gizmos/1?include=[Name]");

        body.ShouldBe("""{"success":true,"data":{"Id":1,"Name":"Widget"}}""");
    }

    [Fact]
    public async Task Get_Error_HasCamelCaseEnvelopeKeys()
    {
        using var response = await server.Client.GetAsync("/gizmos/999");

        (await response.Content.ReadAsStringAsync()).ShouldBe("""{"success":false,"error":{"code":"NotFound","message":"Not Found"}}""");
    }
}

/// <summary><c>Envelope = SuccessData</c>: the problem details object inside, a validation problem's errors included.</summary>
public class SuccessDataEnvelopeTests(SuccessDataEnvelopeServer server) : IClassFixture<SuccessDataEnvelopeServer>
{
    [Fact]
    public async Task Get_Success_IsSuccessAndData()
    {
        string body = await server.Client.GetStringAsync("/gizmos/1?include=[Name]");

        body.ShouldBe("""{"success":true,"data":{"Id":1,"Name":"Widget"}}""");
    }

    [Fact]
    public async Task Post_HandlersValidationProblem_KeepsItsErrorsInsideTheEnvelope()
    {
        using var response = await server.Client.PostAsync("/gizmos/", new StringContent("""{"Id":3,"Name":" "}""", System.Text.Encoding.UTF8, "application/json"));

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        var body = System.Text.Json.Nodes.JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
        body["success"]!.GetValue<bool>().ShouldBeFalse();
        body["error"]!["status"]!.GetValue<int>().ShouldBe(400);
        body["error"]!["errors"]!["Name"]![0]!.GetValue<string>().ShouldBe("The Name field is required.");
    }
}
