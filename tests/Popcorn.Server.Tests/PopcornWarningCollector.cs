using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests;

/// <summary>
/// A logger provider for a test host's builder: collects the warnings (and worse) Popcorn's own categories log, from
/// startup on, for tests of what an operator would see (startup checks, responses cut off).
/// </summary>
internal sealed class PopcornWarningCollector(ConcurrentQueue<(int EventId, string Message)> warnings) : ILoggerProvider
{
    public ILogger CreateLogger(string categoryName) => new Collector(categoryName, warnings);

    public void Dispose()
    {
    }

    private sealed class Collector(string category, ConcurrentQueue<(int EventId, string Message)> warnings) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning && category.StartsWith("Popcorn.", StringComparison.Ordinal);

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                warnings.Enqueue((eventId.Id, formatter(state, exception)));
            }
        }
    }
}
