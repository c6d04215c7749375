using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests;

public class SelectionLoggingTests(DebugLoggingTestHostServer server) : IClassFixture<DebugLoggingTestHostServer>
{
    private const int SelectionRejectedEventId = 2;

    [Fact]
    public async Task Get_BadSelection_IsLoggedAtDebugWithItsPosition()
    {
        using var capture = Capture();

        var (status, _, _) = await server.GetAsync("/api/cars", "[make,colour]");

        status.ShouldBe(400);
        var entry = Rejections(capture).ShouldHaveSingleItem();
        entry.Level.ShouldBe(LogLevel.Debug);
        entry.Message.ShouldBe("Rejected a selection: Unknown field 'colour' on type 'Car'. Did you mean 'color'? (line 1, column 7).");
    }

    [Fact]
    public async Task Get_GoodSelection_LogsNoRejection()
    {
        using var capture = Capture();

        var (status, _, _) = await server.GetAsync("/api/cars", "[make,color]");

        status.ShouldBe(200);
        Rejections(capture).ShouldBeEmpty();
    }

    [Fact]
    public async Task Post_GatewaySyntaxError_IsLogged()
    {
        using var capture = Capture();

        var (status, _, _) = await server.PostGraphQLAsync("{ cars { make ");

        status.ShouldBe(400);
        Rejections(capture).ShouldHaveSingleItem().Message.ShouldStartWith("Rejected a selection: ");
    }

    [Fact]
    public async Task Post_GatewayUnknownRootField_IsLogged()
    {
        using var capture = Capture();

        await server.PostGraphQLAsync("{ lorries { make } }");

        Rejections(capture).ShouldHaveSingleItem().Message.ShouldBe("Rejected a selection: Cannot query field \"lorries\" on type \"Query\". (line 1, column 3).");
    }

    private LogCapture Capture() => LogCapture.Attach(server.Services, "Popcorn.");

    private static IEnumerable<LogCapture.Entry> Rejections(LogCapture capture) => capture.Entries.Where(e => e.EventId == SelectionRejectedEventId);
}
