namespace Popcorn.Query;

/// <summary>The kinds of token <see cref="GraphQLReader"/> produces (GraphQL's Token, less Ignored).</summary>
internal enum GraphQLTokenKind : byte
{
    /// <summary>No more tokens.</summary>
    EndOfFile,

    /// <summary><c>!</c></summary>
    Bang,

    /// <summary><c>$</c></summary>
    Dollar,

    /// <summary><c>&amp;</c> (type-system only; always unexpected here).</summary>
    Ampersand,

    /// <summary><c>(</c></summary>
    LeftParenthesis,

    /// <summary><c>)</c></summary>
    RightParenthesis,

    /// <summary><c>...</c></summary>
    Spread,

    /// <summary><c>:</c></summary>
    Colon,

    /// <summary><c>=</c></summary>
    Equal,

    /// <summary><c>@</c></summary>
    At,

    /// <summary><c>[</c></summary>
    LeftBracket,

    /// <summary><c>]</c></summary>
    RightBracket,

    /// <summary><c>{</c></summary>
    LeftBrace,

    /// <summary><c>|</c> (type-system only; always unexpected here).</summary>
    Pipe,

    /// <summary><c>}</c></summary>
    RightBrace,

    /// <summary>A Name.</summary>
    Name,

    /// <summary>An IntValue.</summary>
    Int,

    /// <summary>A FloatValue.</summary>
    Float,

    /// <summary>A StringValue in quotes.</summary>
    String,

    /// <summary>A StringValue in triple quotes.</summary>
    BlockString,
}
