using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using Microsoft.Extensions.DependencyInjection;

namespace Popcorn.Server.Tests;

/// <summary>
/// Collects the measurements of one app's <c>Popcorn.Server</c> meter while it is alive. The app's meter comes from
/// its own <see cref="IMeterFactory"/>, so measurements of other test hosts running in parallel are never seen.
/// </summary>
internal sealed class MetricCapture : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentQueue<Measurement> _measurements = new();
    private readonly ConcurrentQueue<DoubleMeasurement> _durations = new();

    public MetricCapture(IServiceProvider appServices)
    {
        var factory = appServices.GetRequiredService<IMeterFactory>();
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == PopcornDiagnostics.MeterName && ReferenceEquals(instrument.Meter.Scope, factory))
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
            _measurements.Enqueue(new Measurement(instrument.Name, instrument.Unit, value, tags.ToArray().ToDictionary(t => t.Key, t => t.Value as string))));
        _listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) =>
            _durations.Enqueue(new DoubleMeasurement(instrument.Name, instrument.Unit, value, tags.ToArray().ToDictionary(t => t.Key, t => t.Value as string))));
        _listener.Start();
    }

    /// <summary>Every measurement of <paramref name="instrument"/>, in order.</summary>
    public IReadOnlyList<Measurement> Of(string instrument) => _measurements.Where(m => m.Instrument == instrument).ToArray();

    /// <summary>The sum of <paramref name="instrument"/>'s measurements whose tags include all of <paramref name="tags"/>.</summary>
    public long Sum(string instrument, params (string Key, string Value)[] tags) =>
        Of(instrument).Where(m => tags.All(t => m.Tags.GetValueOrDefault(t.Key) == t.Value)).Sum(m => m.Value);

    /// <summary>Every measurement of the floating-point <paramref name="instrument"/> (durations), in order.</summary>
    public IReadOnlyList<DoubleMeasurement> OfDouble(string instrument) => _durations.Where(m => m.Instrument == instrument).ToArray();

    public void Dispose() => _listener.Dispose();

    public sealed record Measurement(string Instrument, string? Unit, long Value, IReadOnlyDictionary<string, string?> Tags);

    public sealed record DoubleMeasurement(string Instrument, string? Unit, double Value, IReadOnlyDictionary<string, string?> Tags);
}
