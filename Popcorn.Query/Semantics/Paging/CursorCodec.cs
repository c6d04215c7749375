using System.Security.Cryptography;
using System.Text;

namespace Popcorn.Query;

/// <summary>
/// Signs and checks the cursors of keyset paging (<c>after</c>): a cursor is the sort key values of a list's last
/// element, the sort it was issued for, and an HMAC-SHA256 tag over both, in base64url. Clients cannot read or change
/// one: a cursor altered, truncated, signed with another key or issued under another order is refused when the plan is
/// compiled (a 400 or a GraphQL error), before any source is read. Instances that serve the same API must share the key
/// (PopcornOptions.CursorKey), or a cursor issued by one is refused by the next.
/// </summary>
public sealed class CursorCodec
{
    private const byte Version = 1;
    private const int TagLength = 16;
    private const int SortHashLength = 8;
    private readonly byte[] _key;

    /// <summary>A codec signing with <paramref name="key"/> (at least 32 bytes: HMAC-SHA256's block of entropy).</summary>
    /// <exception cref="ArgumentException">The key is shorter than 32 bytes.</exception>
    public CursorCodec(ReadOnlySpan<byte> key)
    {
        if (key.Length < 32)
        {
            throw new ArgumentException("A cursor key has at least 32 bytes.", nameof(key));
        }

        _key = key.ToArray();
    }

    /// <summary>
    /// The codec of <see cref="PlanCompilerOptions.Default"/>: a key drawn at random when the process starts, so cursors
    /// hold only within one process's lifetime. Configure a shared key for anything else.
    /// </summary>
    public static CursorCodec PerProcess { get; } = new(RandomNumberGenerator.GetBytes(32));

    /// <summary>The cursor of a row whose values for <paramref name="keys"/> are <paramref name="values"/>.</summary>
    internal string Encode(IReadOnlyList<SortKey> keys, IReadOnlyList<object?> values)
    {
        var payload = new List<byte> { Version };
        payload.AddRange(SortHash(keys));
        CursorValues.Write(payload, values);
        var bytes = payload.ToArray();
        var tag = HMACSHA256.HashData(_key, bytes).AsSpan(0, TagLength);
        return Base64Url(bytes.Concat(tag.ToArray()).ToArray());
    }

    /// <summary>The values a cursor carries, typed as <paramref name="keys"/>' fields; or why it cannot be used.</summary>
    internal CursorReading Decode(string text, IReadOnlyList<SortKey> keys)
    {
        if (!TryFromBase64Url(text, out byte[] bytes) || bytes.Length < 1 + SortHashLength + TagLength)
        {
            return CursorReading.Forged;
        }

        var payload = bytes.AsSpan(0, bytes.Length - TagLength);
        var expected = HMACSHA256.HashData(_key, payload).AsSpan(0, TagLength);
        if (!CryptographicOperations.FixedTimeEquals(expected, bytes.AsSpan(bytes.Length - TagLength)) || payload[0] != Version)
        {
            return CursorReading.Forged;
        }

        if (!payload.Slice(1, SortHashLength).SequenceEqual(SortHash(keys)))
        {
            return CursorReading.OtherSort;
        }

        return CursorValues.TryRead(payload[(1 + SortHashLength)..], keys, out var values)
            ? new CursorReading(values, null)
            : CursorReading.Forged;
    }

    /// <summary>The sort a cursor belongs to: field names and directions, hashed (nothing of it is readable in the cursor).</summary>
    private static byte[] SortHash(IReadOnlyList<SortKey> keys)
    {
        var text = new StringBuilder();
        foreach (var key in keys)
        {
            text.Append(key.Field.DeclaringType?.Name).Append('.').Append(key.Field.WireName).Append(key.Descending ? " DESC," : " ASC,");
        }

        return SHA256.HashData(Encoding.UTF8.GetBytes(text.ToString())).AsSpan(0, SortHashLength).ToArray();
    }

    private static string Base64Url(byte[] bytes) =>
        Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');

    private static bool TryFromBase64Url(string text, out byte[] bytes)
    {
        bytes = [];
        if (text.Length is 0 or > 4096)
        {
            return false;
        }

        string padded = text.Replace('-', '+').Replace('_', '/');
        padded += (padded.Length % 4) switch { 2 => "==", 3 => "=", 0 => string.Empty, _ => "!" };
        var buffer = new byte[padded.Length];
        if (!Convert.TryFromBase64String(padded, buffer, out int written))
        {
            return false;
        }

        bytes = buffer[..written];
        return true;
    }
}
