using System.Security.Cryptography;
using System.Text;

namespace Popcorn.Server;

/// <summary>
/// The one way Popcorn names a document or selection by content: the SHA-256 of its UTF-8 bytes in lower-case hex
/// (what Apollo's persisted queries, its manifest and graphql-codegen's <c>persistedDocuments</c> with
/// <c>hashAlgorithm: 'sha256'</c> compute), optionally written <c>sha256:&lt;hex&gt;</c> (GraphQL over HTTP's
/// persisted-document identifier), which is the REST spelling.
/// </summary>
internal static class DocumentHash
{
    /// <summary>The prefix of a document identifier: <c>sha256:</c>.</summary>
    public const string Prefix = "sha256:";

    /// <summary>Hex digits in a SHA-256 hash.</summary>
    public const int HexLength = SHA256.HashSizeInBytes * 2;

    /// <summary>The lower-case hex SHA-256 of <paramref name="text"/>'s UTF-8 bytes.</summary>
    public static string Of(string text)
    {
        Span<byte> digest = stackalloc byte[SHA256.HashSizeInBytes];
        SHA256.HashData(Encoding.UTF8.GetBytes(text), digest);
        return Convert.ToHexStringLower(digest);
    }

    /// <summary>True when <paramref name="hash"/> (hex, either case) is the SHA-256 of <paramref name="text"/>.</summary>
    public static bool Matches(string hash, string text) => string.Equals(Of(text), hash, StringComparison.OrdinalIgnoreCase);

    /// <summary>True when <paramref name="hash"/> is 64 hex digits.</summary>
    public static bool IsHex(ReadOnlySpan<char> hash) => hash.Length == HexLength && !hash.ContainsAnyExcept(s_hexDigits);

    /// <summary>
    /// True when <paramref name="text"/> names a stored document (starts with <c>sha256:</c>, any case, after
    /// whitespace); <paramref name="hash"/> is then its lower-case hex, or null when what follows is not 64 hex digits.
    /// </summary>
    public static bool IsReference(string? text, out string? hash)
    {
        hash = null;
        var span = text.AsSpan().Trim();
        if (!span.StartsWith(Prefix, StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        var hex = span[Prefix.Length..];
        hash = IsHex(hex) ? hex.ToString().ToLowerInvariant() : null;
        return true;
    }

    private static readonly System.Buffers.SearchValues<char> s_hexDigits = System.Buffers.SearchValues.Create("0123456789abcdefABCDEF");
}
