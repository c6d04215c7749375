using System.Collections.Concurrent;
using System.Net;
using Microsoft.Extensions.Options;
using Popcorn.Query;

namespace Popcorn.Server.Tests.Adoption;

public class ConfigurationTests(ConfiguredLedgerServer server) : IClassFixture<ConfiguredLedgerServer>
{
    [Fact]
    public async Task Get_NamesFromConfiguration_CarryTheSelection()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/invoices?fields=[id]");
        using var viaQuery = await server.Client.SendAsync(request);
        using var headerRequest = new HttpRequestMessage(HttpMethod.Get, "/invoices");
        headerRequest.Headers.Add("X-Fields", "[id]");
        using var viaHeader = await server.Client.SendAsync(headerRequest);

        viaQuery.StatusCode.ShouldBe(HttpStatusCode.OK);
        viaHeader.StatusCode.ShouldBe(HttpStatusCode.OK);
        viaHeader.Headers.Vary.ShouldContain("X-Fields");
    }

    [Fact]
    public async Task Get_LimitFromConfiguration_AppliesToThisAppOnly()
    {
        using var response = await server.Client.GetAsync("/invoices?fields=" + Uri.EscapeDataString("{ a { b { c } } }"));

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        (await response.Content.ReadAsStringAsync()).ShouldContain("deeper than 2 levels");
        SelectionParserOptions.Default.MaxDepth.ShouldBe(32);
        new PopcornOptions().Limits.MaxDepth.ShouldBe(32);
    }

    [Theory]
    [InlineData("--Popcorn:Limits:MaxDepth=zero", "'Popcorn:Limits:MaxDepth' is 'zero', which is not a valid Int32.")]
    [InlineData("--Popcorn:Limits:MaxDeph=3", "'Popcorn:Limits:MaxDeph' is not an option.")]
    [InlineData("--Popcorn:HeaderName=Bad Header", "HeaderName is 'Bad Header'")]
    [InlineData("--Popcorn:Limits:MaxDepth=0", "Limits:MaxDepth is 0; it must be between 1 and 128.")]
    [InlineData("--Popcorn:MaxResponseBytes=64MB", "'Popcorn:MaxResponseBytes' is '64MB', which is not a valid Int64.")]
    [InlineData("--Popcorn:MaxResponseBytes=100", "MaxResponseBytes is 100; it must be between 1024 and")]
    [InlineData("--Popcorn:ETagMaxBytes=-1", "ETagMaxBytes is -1; it must be between 0 and")]
    [InlineData("--Popcorn:ETagMaxBytes=1MB", "'Popcorn:ETagMaxBytes' is '1MB', which is not a valid Int64.")]
    [InlineData("--Popcorn:Envelope=Upstreem", "'Popcorn:Envelope' is 'Upstreem', which is not a valid ResponseEnvelope. Expected one of None, SuccessData, Upstream.")]
    [InlineData("--Popcorn:Envelope=2", "'Popcorn:Envelope' is '2', which is not a valid ResponseEnvelope.")]
    [InlineData("--Popcorn:EnvelopeNamingPolicy=camel", "'Popcorn:EnvelopeNamingPolicy' is 'camel', which is not a valid JsonNamingPolicy. Expected None, CamelCase,")]
    public async Task Start_BadConfiguration_FailsWithAMessageNamingTheOption(string argument, string message)
    {
        await using var app = LedgerServer.Build(["--urls", "http://127.0.0.1:0", argument], new ConcurrentQueue<(int, string)>());

        var error = await Should.ThrowAsync<Exception>(() => app.StartAsync());

        (error is OptionsValidationException validation ? string.Join(" ", validation.Failures) : error.Message).ShouldContain(message);
    }
}
