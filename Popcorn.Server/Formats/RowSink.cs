using System.Text.Json;

namespace Popcorn.Server;

/// <summary>
/// Where a <see cref="RowWriter"/> puts its rows: the generated writer writes each element's JSON into
/// <see cref="Json"/>, then <see cref="EndRow"/> turns it into the format's row on the response body.
/// </summary>
internal abstract class RowSink : IDisposable
{
    /// <summary>The writer each element is written into, not indented whatever the app's JSON options say (a row is one line).</summary>
    public abstract Utf8JsonWriter Json { get; }

    /// <summary>Makes a sink of <paramref name="format"/> (CSV or JSON Lines) writing into <paramref name="body"/>.</summary>
    public static RowSink Create(ResponseFormat format, ResponseBody body, Popcorn.Query.SelectionPlan plan, JsonWriterOptions options)
    {
        var rowOptions = options with { Indented = false };
        return format.IsCsv
            ? new CsvRowSink(body, TableLayout.Of(plan), rowOptions)
            : new JsonLinesRowSink(body, rowOptions);
    }

    /// <summary>
    /// The CSV row a generated writer's CSV path writes into directly (<see cref="Popcorn.Query.PopcornTypeWriter{T}.WriteCsvRow"/>),
    /// or null for a format that has none: then every element goes through <see cref="Json"/>.
    /// </summary>
    public virtual Popcorn.Query.Generated.PopcornCsvRow? Row => null;

    /// <summary>Called once before the first row (CSV writes its header here).</summary>
    public abstract void Start();

    /// <summary>Ends the element just written into <see cref="Json"/> as one row.</summary>
    public abstract void EndRow();

    public abstract void Dispose();
}
