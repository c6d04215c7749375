using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests;

/// <summary>
/// Collects what a running app logs while attached (<see cref="Attach"/> adds it to the app's logger factory, which
/// keeps providers; disposing it stops the collection). Only categories that start with the given prefix.
/// </summary>
public sealed class LogCapture(string categoryPrefix) : ILoggerProvider
{
    private readonly string _categoryPrefix = categoryPrefix;
    private readonly ConcurrentQueue<Entry> _entries = new();
    private volatile bool _attached = true;

    public IReadOnlyCollection<Entry> Entries => _entries.ToArray();

    public static LogCapture Attach(IServiceProvider services, string categoryPrefix = "")
    {
        var capture = new LogCapture(categoryPrefix);
        services.GetRequiredService<ILoggerFactory>().AddProvider(capture);
        return capture;
    }

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose() => _attached = false;

    /// <summary>One log entry.</summary>
    public sealed record Entry(string Category, LogLevel Level, int EventId, string Message, Exception? Exception);

    private sealed class Logger(LogCapture owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => owner._attached && category.StartsWith(owner._categoryPrefix, StringComparison.Ordinal);

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                owner._entries.Enqueue(new Entry(category, logLevel, eventId.Id, formatter(state, exception), exception));
            }
        }
    }
}
