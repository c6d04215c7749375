namespace Popcorn.Query;

/// <summary>
/// The one exception a malformed or invalid selection raises, from either parser or from plan
/// compilation. Carries the position (1-based line and column), a short excerpt of the input and,
/// for unknown fields, the field, the type and close-match suggestions.
/// </summary>
public sealed class PopcornQueryException : Exception
{
    /// <summary>The longest excerpt of client input an error ever quotes.</summary>
    public const int MaxExcerptLength = IncludeGrammar.MaxQuotedLength;

    /// <summary>Creates the exception; <see cref="Exception.Message"/> ends with the position.</summary>
    public PopcornQueryException(
        QueryErrorKind kind,
        string detail,
        SourceLocation location,
        string excerpt,
        string? fieldName = null,
        string? typeName = null,
        IReadOnlyList<string>? suggestions = null)
        : base($"{detail} (line {location.Line}, column {location.Column})")
    {
        Kind = kind;
        Detail = detail;
        Location = location;
        Excerpt = excerpt;
        FieldName = fieldName;
        TypeName = typeName;
        Suggestions = suggestions ?? Array.Empty<string>();
    }

    /// <summary>What kind of error this is.</summary>
    public QueryErrorKind Kind { get; }

    /// <summary>The message without the position, for problem details' <c>detail</c>.</summary>
    public string Detail { get; }

    /// <summary>Where in the query the error is.</summary>
    public SourceLocation Location { get; }

    /// <summary>1-based line of the error.</summary>
    public int Line => Location.Line;

    /// <summary>1-based column of the error.</summary>
    public int Column => Location.Column;

    /// <summary>At most <see cref="MaxExcerptLength"/> characters of the input around the error.</summary>
    public string Excerpt { get; }

    /// <summary>For <see cref="QueryErrorKind.UnknownField"/>: the name the client wrote.</summary>
    public string? FieldName { get; }

    /// <summary>For <see cref="QueryErrorKind.UnknownField"/>: the type that has no such field.</summary>
    public string? TypeName { get; }

    /// <summary>For <see cref="QueryErrorKind.UnknownField"/>: the closest field names, best first.</summary>
    public IReadOnlyList<string> Suggestions { get; }

    /// <summary>Creates an exception for an error at <paramref name="offset"/> in <paramref name="text"/>.</summary>
    public static PopcornQueryException At(QueryErrorKind kind, string detail, ReadOnlySpan<char> text, int offset) =>
        new(kind, detail, SourceLocation.At(text, offset), ExcerptAround(text, offset));

    /// <summary>The part of <paramref name="text"/> around <paramref name="offset"/> an error may quote.</summary>
    public static string ExcerptAround(ReadOnlySpan<char> text, int offset)
    {
        if (text.IsEmpty)
        {
            return string.Empty;
        }

        offset = Math.Clamp(offset, 0, text.Length);
        int start = Math.Max(0, offset - (MaxExcerptLength / 2));
        int length = Math.Min(MaxExcerptLength, text.Length - start);
        var excerpt = text.Slice(start, length);
        int newline = excerpt.IndexOfAny('\r', '\n');
        if (newline >= 0 && start + newline >= offset)
        {
            excerpt = excerpt[..newline];
        }

        return excerpt.ToString();
    }
}
