using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests;

public class SelectionLoggingTests(DebugLoggingPlaygroundServer server) : IClassFixture<DebugLoggingPlaygroundServer>
{
    private const int SelectionRejectedEventId = 2;

    [Fact]
    public async Task Get_BadSelection_IsLoggedAtDebugWithItsPosition()
    {
        using var capture = Capture();

        var (status, _, _) = await server.GetAsync("/api/cars", "[make,colour]");

        status.ShouldBe(400);
        var entry = capture.Entries.ShouldHaveSingleItem();
        entry.Level.ShouldBe(LogLevel.Debug);
        entry.Message.ShouldBe("Rejected a selection: Unknown field 'colour' on type 'Car'. Did you mean 'color'? (line 1, column 7).");
    }

    [Fact]
    public async Task Get_GoodSelection_LogsNoRejection()
    {
        using var capture = Capture();

        var (status, _, _) = await server.GetAsync("/api/cars", "[make,color]");

        status.ShouldBe(200);
        capture.Entries.ShouldBeEmpty();
    }

    [Fact]
    public async Task Post_GatewaySyntaxError_IsLogged()
    {
        using var capture = Capture();

        var (status, _, _) = await server.PostGraphQLAsync("{ cars { make ");

        status.ShouldBe(400);
        capture.Entries.ShouldHaveSingleItem().Message.ShouldStartWith("Rejected a selection: ");
    }

    [Fact]
    public async Task Post_GatewayUnknownRootField_IsLogged()
    {
        using var capture = Capture();

        await server.PostGraphQLAsync("{ lorries { make } }");

        capture.Entries.ShouldHaveSingleItem().Message.ShouldBe("Rejected a selection: Unknown root field 'lorries'. (line 1, column 3).");
    }

    private CapturingProvider Capture()
    {
        var provider = new CapturingProvider();
        server.Services.GetRequiredService<ILoggerFactory>().AddProvider(provider);
        return provider;
    }

    /// <summary>Collects the SelectionRejected entries written while it is attached (the app's logger factory keeps providers until disposed).</summary>
    private sealed class CapturingProvider : ILoggerProvider
    {
        private readonly ConcurrentQueue<(LogLevel Level, string Message)> _entries = new();
        private volatile bool _attached = true;

        public IReadOnlyCollection<(LogLevel Level, string Message)> Entries => _entries.ToArray();

        public ILogger CreateLogger(string categoryName) => new Logger(this);

        public void Dispose() => _attached = false;

        private sealed class Logger(CapturingProvider owner) : ILogger
        {
            public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

            public bool IsEnabled(LogLevel logLevel) => true;

            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
            {
                if (owner._attached && eventId.Id == SelectionRejectedEventId)
                {
                    owner._entries.Enqueue((logLevel, formatter(state, exception)));
                }
            }
        }
    }
}
