namespace Popcorn.Server;

/// <summary>
/// The names to export Popcorn's telemetry by: with OpenTelemetry, <c>.WithMetrics(m =&gt; m.AddMeter(PopcornDiagnostics.MeterName))</c>
/// and <c>.WithTracing(t =&gt; t.AddSource(PopcornDiagnostics.ActivitySourceName))</c>. The instruments, tags, spans and
/// attributes are listed in docs/observability.md.
/// </summary>
public static class PopcornDiagnostics
{
    /// <summary>The name of the <see cref="System.Diagnostics.Metrics.Meter"/> Popcorn records its counters and histograms on.</summary>
    public const string MeterName = "Popcorn.Server";

    /// <summary>The name of the <see cref="System.Diagnostics.ActivitySource"/> Popcorn starts its spans from.</summary>
    public const string ActivitySourceName = "Popcorn.Server";
}
