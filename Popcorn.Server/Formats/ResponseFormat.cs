namespace Popcorn.Server;

/// <summary>
/// A body Popcorn can write for a REST endpoint: JSON (the default), CSV (one row per element, one column per selected
/// scalar) or JSON Lines (one selected object per line). Chosen per request from the <c>Accept</c> header by
/// <see cref="AcceptNegotiation"/>; see docs/formats.md.
/// </summary>
internal sealed class ResponseFormat
{
    /// <summary>JSON: what every client gets unless it names another format.</summary>
    public static readonly ResponseFormat Json = new("application/json", "application/json; charset=utf-8", isCsv: false, isLines: false);

    /// <summary>RFC 4180 CSV with a header row (the <c>header=present</c> parameter RFC 7111 defines says so).</summary>
    public static readonly ResponseFormat Csv = new("text/csv", "text/csv; charset=utf-8; header=present", isCsv: true, isLines: false);

    /// <summary>JSON Lines under the media type jsonlines.org registers.</summary>
    public static readonly ResponseFormat JsonLines = new("application/jsonl", "application/jsonl; charset=utf-8", isCsv: false, isLines: true);

    /// <summary>The same bytes as <see cref="JsonLines"/> under the older name many log and stream tools ask for.</summary>
    public static readonly ResponseFormat NdJson = new("application/x-ndjson", "application/x-ndjson; charset=utf-8", isCsv: false, isLines: true);

    /// <summary>Every format, JSON first: the order in which a tie between equally preferred formats is broken, and the order docs and problems list them in.</summary>
    public static readonly ResponseFormat[] All = [Json, Csv, JsonLines, NdJson];

    private ResponseFormat(string mediaType, string contentType, bool isCsv, bool isLines)
    {
        MediaType = mediaType;
        ContentType = contentType;
        IsCsv = isCsv;
        IsLines = isLines;
    }

    /// <summary>The media type as a client names it in <c>Accept</c>, without parameters.</summary>
    public string MediaType { get; }

    /// <summary>The <c>Content-Type</c> of a response in this format.</summary>
    public string ContentType { get; }

    /// <summary>Whether the body is a table: only selections whose every written field is a scalar or a nested object fit.</summary>
    public bool IsCsv { get; }

    /// <summary>Whether the body is one JSON object per line.</summary>
    public bool IsLines { get; }

    /// <summary>Whether the body is the usual JSON document.</summary>
    public bool IsJson => !IsCsv && !IsLines;

    public override string ToString() => MediaType;
}
