using System.Diagnostics.Metrics;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server.Tests;

public class PopcornMetricsCostTests
{
    [Fact]
    public void Record_WithNoListener_AllocatesNothing()
    {
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        var metrics = new PopcornMetrics(services.GetRequiredService<IMeterFactory>());
        Record(metrics);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            Record(metrics);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).ShouldBe(0);
    }

    [Fact]
    public void Record_WithAListener_AllocatesNothingPerMeasurement()
    {
        using var services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        var metrics = new PopcornMetrics(services.GetRequiredService<IMeterFactory>());
        using var capture = new CountingListener(services.GetRequiredService<IMeterFactory>());
        Record(metrics);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            Record(metrics);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).ShouldBe(0);
        capture.Count.ShouldBe(101 * 6);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void PlanCacheHit_WithTelemetryWired_AllocatesNothing(bool listening)
    {
        using var services = new ServiceCollection().AddLogging().AddPopcorn(o => o.AddContext(TestHostJsonContext.Default)).BuildServiceProvider();
        var registry = services.GetRequiredService<PopcornRegistry>();
        using var capture = listening ? new CountingListener(services.GetRequiredService<IMeterFactory>()) : null;
        var car = registry.FindWriter(typeof(Popcorn.TestHost.Model.Car))!.Metadata;
        registry.Plans.GetOrCompile(car, "[make,owner[email]]");
        registry.Plans.GetOrCompile(car, "[make,owner[email]]");

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            registry.Plans.GetOrCompile(car, "[make,owner[email]]");
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).ShouldBe(0);
        capture?.Count.ShouldBeGreaterThanOrEqualTo(100);
    }

    private static void Record(PopcornMetrics metrics)
    {
        metrics.Selection("[id]", PopcornTelemetryTags.TransportQuery);
        metrics.Rejected(QueryErrorKind.UnknownField);
        metrics.CacheLookup(PopcornTelemetryTags.CachePlansByText, hit: true);
        metrics.CacheLookup(PopcornTelemetryTags.CacheGatewayDocuments, hit: false);
        metrics.CacheEviction(PopcornTelemetryTags.CachePlansByCanonicalForm);
        metrics.ResponseWritten(1234, PopcornTelemetryTags.EndpointRest);
    }

    /// <summary>Counts measurements of one factory's Popcorn meter without keeping them (so it allocates nothing itself).</summary>
    private sealed class CountingListener : IDisposable
    {
        private readonly MeterListener _listener = new();
        private int _count;

        public CountingListener(IMeterFactory factory)
        {
            _listener.InstrumentPublished = (instrument, listener) =>
            {
                if (ReferenceEquals(instrument.Meter.Scope, factory))
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            };
            _listener.SetMeasurementEventCallback<long>((_, _, _, _) => Interlocked.Increment(ref _count));
            _listener.Start();
        }

        public int Count => Volatile.Read(ref _count);

        public void Dispose() => _listener.Dispose();
    }
}
