namespace Popcorn.Query;

/// <summary>
/// Limits checked while parsing, so a hostile query is rejected before it costs anything.
/// The defaults are safe for a public endpoint.
/// </summary>
public sealed record SelectionParserOptions
{
    /// <summary>The defaults: 8 KB of text, 32 levels, 2048 fields, 256 aliases.</summary>
    public static readonly SelectionParserOptions Default = new();

    /// <summary>Longest accepted query in characters (Kestrel's default request-line limit is 8 KB).</summary>
    public int MaxLength { get; init; } = 8 * 1024;

    /// <summary>Deepest accepted nesting of selections; <c>[a]</c> has depth 1.</summary>
    public int MaxDepth { get; init; } = 32;

    /// <summary>Most selections (fields and wildcards, after fragment expansion) in one query.</summary>
    public int MaxFields { get; init; } = 2048;

    /// <summary>Most aliased selections in one query (each alias writes a field again).</summary>
    public int MaxAliases { get; init; } = 256;

    /// <summary>Rejects text longer than <see cref="MaxLength"/>, pointing at the first character past the limit.</summary>
    /// <exception cref="PopcornQueryException">The text is too long.</exception>
    internal void CheckLength(string text)
    {
        if (text.Length > MaxLength)
        {
            throw PopcornQueryException.At(
                QueryErrorKind.LimitExceeded,
                $"The query is {text.Length} characters long; the limit is {MaxLength}.",
                text,
                MaxLength);
        }
    }
}
