using System.Text;
using System.Text.Json;

namespace Popcorn.Server.Tests;

/// <summary>
/// The gateway's fast body reader (<see cref="GatewayRequestBody"/>) against the whole-document reader it stands in
/// front of: it must take the usual bodies, and for every body it takes, read what the document reader reads; every
/// body the document reader refuses it must leave to that reader, so the errors (and their wording) stay one path's.
/// </summary>
public class GatewayRequestFastPathTests
{
    private const string Hash = "ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38";

    public static TheoryData<string> UsualBodies => new()
    {
        """{"query":"{ car(id: 1) { make } }"}""",
        """{"query":"query Q { a }","operationName":"Q"}""",
        """{"operationName":"Q","query":"query Q { a }"}""",
        """{"query":"q","variables":{"id":1,"filter":{"make":"Volvo","tags":["a","b"]}}}""",
        """{"query":"q","variables":{},"extensions":{}}""",
        """{"query":null,"operationName":null,"variables":null,"extensions":null}""",
        """ { "query" : "q" , "variables" : { "a" : [ 1 , { "b" : null } ] } } """ + "\n",
        """{"\u0071uery":"{ \u00e9t\u00e9 }","operationName":"\u0051"}""",
        """{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"HASH"}}}""",
        """{"query":"q","extensions":{"persistedQuery":{"sha256Hash":"HASH"},"other":{"x":1}}}""",
        """{}""",
    };

    public static TheoryData<string> OtherBodies => new()
    {
        // Refused by both readers.
        "",
        "   ",
        "{",
        "[]",
        "\"query\"",
        "null",
        """{"query":"q"} x""",
        """{"query":"q"}{}""",
        """{"query":"q",}""",
        """{"query":1}""",
        """{"query":["q"]}""",
        """{"operationName":{}}""",
        """{"query":"q","query":"r"}""",
        """{"query":"q","variables":{"a":1,"a":2}}""",
        """{"query":"q","variables":{"a":{"b":1,"b":2}}}""",
        """{"query":"q","variables":[1]}""",
        """{"query":"q","variables":"{}"}""",
        """{"query":"q","extensions":[]}""",
        """{"query":"q","extensions":{"persistedQuery":{"version":2,"sha256Hash":"HASH"}}}""",
        """{"query":"q","extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}""",
        """{"query":"q","extensions":{"persistedQuery":1}}""",
        """{"query":"\ud800"}""",
        """{"operationName":"\udc00x"}""",
        """{"query":"q" /* comment */}""",
        """{'query':'q'}""",
        // Taken by the document reader only (a key the fast path does not know, its value checked for duplicates too).
        """{"query":"q","unknown":1}""",
        """{"query":"q","unknown":{"a":1,"a":2}}""",
        """{"id":"x","query":"q"}""",
        """{"query":"q","unknown":{"persistedQuery":{"sha256Hash":"HASH"}}}""",
        """{"query":"q","unknown":{}}""",
    };

    [Theory]
    [MemberData(nameof(UsualBodies))]
    public void UsualBody_IsReadByTheFastPath_AsTheDocumentReaderReadsIt(string body)
    {
        var bytes = Encoding.UTF8.GetBytes(body.Replace("HASH", Hash, StringComparison.Ordinal));

        GatewayRequestBody.TryRead(bytes, GatewayRequest.JsonOptions, out var fast).ShouldBeTrue();
        var (expected, status, error) = GatewayRequest.ReadBodyAsDocument(bytes);

        error.ShouldBeNull();
        status.ShouldBe(0);
        ShouldRead(fast!, expected!);
    }

    [Theory]
    [MemberData(nameof(OtherBodies))]
    public void OtherBody_IsLeftToTheDocumentReader(string body)
    {
        var bytes = Encoding.UTF8.GetBytes(body.Replace("HASH", Hash, StringComparison.Ordinal));

        GatewayRequestBody.TryRead(bytes, GatewayRequest.JsonOptions, out var fast).ShouldBeFalse();
        fast.ShouldBeNull();
    }

    [Fact]
    public void InvalidUtf8InAString_IsLeftToTheDocumentReader()
    {
        byte[] body = [.. "{\"query\":\"a"u8, 0xC3, 0x28, .. "\"}"u8];

        GatewayRequestBody.TryRead(body, GatewayRequest.JsonOptions, out _).ShouldBeFalse();
        GatewayRequest.ReadBodyAsDocument(body).Status.ShouldBe(400);
    }

    [Theory]
    [InlineData(60, true)]
    [InlineData(70, false)]
    public void DeepVariables_AreReadOnlyWithinTheDepthLimit(int levels, bool read)
    {
        // The body's object is one level and the variables another: 60 nested arrays stay within the limit of 64, 70 pass it.
        string body = """{"query":"q","variables":{"a":""" + new string('[', levels) + new string(']', levels) + "}}";
        var bytes = Encoding.UTF8.GetBytes(body);

        GatewayRequestBody.TryRead(bytes, GatewayRequest.JsonOptions, out var fast).ShouldBe(read);
        var (expected, status, _) = GatewayRequest.ReadBodyAsDocument(bytes);
        status.ShouldBe(read ? 0 : 400);
        if (read)
        {
            ShouldRead(fast!, expected!);
        }
    }

    [Fact]
    public void Variables_OutliveTheBody()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("""{"query":"q","variables":{"make":"Volvo"}}""");
        GatewayRequestBody.TryRead(bytes, GatewayRequest.JsonOptions, out var fast).ShouldBeTrue();

        // The server returns the body's buffer to the pool after reading it: the variables must not point into it.
        Array.Clear(bytes);
        fast!.Variables.GetProperty("make").GetString().ShouldBe("Volvo");
    }

    private static void ShouldRead(GatewayRequest actual, GatewayRequest expected)
    {
        actual.Query.ShouldBe(expected.Query);
        actual.OperationName.ShouldBe(expected.OperationName);
        actual.PersistedQueryHash.ShouldBe(expected.PersistedQueryHash);
        actual.Variables.ValueKind.ShouldBe(expected.Variables.ValueKind);
        if (expected.Variables.ValueKind != JsonValueKind.Undefined)
        {
            JsonElement.DeepEquals(actual.Variables, expected.Variables).ShouldBeTrue();
        }
    }
}
