using System.Text;

namespace Popcorn.Fuzz;

/// <summary>
/// Mutates query text the ways hostile or broken clients do: flipped bits and bytes (in UTF-8, decoded back as a
/// server would), inserted tokens, characters of every Unicode class, invalid UTF-8, deletions, truncation,
/// duplication, splicing with another query, deep nesting and huge names. Sizes stay around the 8 KB limit, on both
/// sides of it.
/// </summary>
public sealed class Mutator(Random random)
{
    /// <summary>The largest input produced: a little past the parsers' default 8192-character limit.</summary>
    public const int MaxInputLength = 9_000;

    private static readonly string[] s_tokens =
    [
        "{", "}", "[", "]", "(", ")", ":", ",", "!", "$", "@", "=", "&", "|", "...", ". .", "\"", "\"\"\"", "\\", "\\u", "\\uD800", "\\u00", "#",
        "-", "?", "!all", "!default", "!full", "!nope", "__all", "__default", "__full", "__typename", "__x", "query", "mutation",
        "subscription", "fragment", "on", "true", "false", "null", "@include(if: true)", "@skip(if: $v)", "@exclude", "@optional",
        "@deprecated", "$v", "$", "0", "-0", "01", "1e", "1e400", "1.5e-3", "-1.", "9999999999999999999999", "0x1F", "\n", "\r", "\r\n",
        "\t", " ", "\uFEFF", "\u2028", "\u0000", "\u0085", "\u00A0", "é", "😀", "\uD83D", "\uDE00", "a", "id", "manager", "socialSecurityNumber",
        "email", "x:", "(id: 1)", "[id]", "{ id }", "fragment F on T { id }", "...F", "... on T", "query Q($v: Int = 1)",
    ];

    private static readonly byte[][] s_invalidUtf8 =
    [
        [0xFF], [0xFE], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF0, 0x9F], [0xF0, 0x9F, 0x98], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC3], [0xE2, 0x82],
    ];

    private static readonly string[] s_openers = ["{", "[", "(", "{ a ", "[a", "{ a(x: [", "[a(x: {y: ", "{ ... { ", "{ a @include(if: [", "query Q($v: ["];
    private static readonly string[] s_closers = ["}", "]", ")", " }", "])", "})", "}}"];

    /// <summary>Applies one to four mutations to <paramref name="text"/>; <paramref name="other"/> is a partner for splicing.</summary>
    public string Mutate(string text, string other)
    {
        int count = random.Next(1, 5);
        for (int i = 0; i < count; i++)
        {
            text = MutateOnce(text, other);
        }

        return text.Length > MaxInputLength ? text[..random.Next(MaxInputLength / 2, MaxInputLength)] : text;
    }

    private string MutateOnce(string text, string other)
    {
        int at = text.Length == 0 ? 0 : random.Next(text.Length + 1);
        switch (random.Next(16))
        {
            case 0:
                return FlipUtf8Bit(text);
            case 1:
                return ReplaceUtf8Byte(text);
            case 2:
                return InsertInvalidUtf8(text);
            case 3:
                return text.Insert(at, s_tokens[random.Next(s_tokens.Length)]);
            case 4:
                return text.Insert(at, UnicodeSamples.PickAny(random));
            case 5 when text.Length > 0:
                int position = Math.Min(at, text.Length - 1);
                return string.Concat(text.AsSpan(0, position), UnicodeSamples.PickAny(random), text.AsSpan(position + 1));
            case 6 when text.Length > 0:
                int from = Math.Min(at, text.Length - 1);
                return text.Remove(from, Math.Min(text.Length - from, random.Next(1, 8)));
            case 7:
                return text[..at];
            case 8 when text.Length > 0:
                int start = random.Next(text.Length);
                int length = Math.Min(text.Length - start, random.Next(1, 64));
                return text.Insert(at, text.Substring(start, length));
            case 9:
                return Splice(text, other);
            case 10:
                return Nest(text, at);
            case 11:
                return text.Insert(at, HugeName());
            case 12:
                return Repeat(text);
            case 13 when text.Length > 0:
                var chars = text.ToCharArray();
                int flip = Math.Min(at, chars.Length - 1);
                chars[flip] = (char)(chars[flip] ^ (1 << random.Next(16)));
                return new string(chars);
            case 14:
                return DecodeAsLatin1(text);
            default:
                return text.Insert(at, s_tokens[random.Next(s_tokens.Length)] + s_tokens[random.Next(s_tokens.Length)]);
        }
    }

    private string FlipUtf8Bit(string text)
    {
        var bytes = Encoding.UTF8.GetBytes(text);
        if (bytes.Length == 0)
        {
            return text;
        }

        bytes[random.Next(bytes.Length)] ^= (byte)(1 << random.Next(8));
        return UnicodeSamples.DecodeUtf8(bytes);
    }

    private string ReplaceUtf8Byte(string text)
    {
        var bytes = Encoding.UTF8.GetBytes(text);
        if (bytes.Length == 0)
        {
            return text;
        }

        bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
        return UnicodeSamples.DecodeUtf8(bytes);
    }

    private string InsertInvalidUtf8(string text)
    {
        var bytes = new List<byte>(Encoding.UTF8.GetBytes(text));
        bytes.InsertRange(random.Next(bytes.Count + 1), s_invalidUtf8[random.Next(s_invalidUtf8.Length)]);
        return UnicodeSamples.DecodeUtf8(bytes.ToArray());
    }

    /// <summary>Header values reach a server as bytes; some stacks decode them as Latin-1, so multi-byte UTF-8 turns into several characters.</summary>
    private static string DecodeAsLatin1(string text) => Encoding.Latin1.GetString(Encoding.UTF8.GetBytes(text));

    private string Splice(string text, string other)
    {
        int cut = random.Next(text.Length + 1);
        int otherCut = random.Next(other.Length + 1);
        return random.Next(2) == 0 ? string.Concat(text.AsSpan(0, cut), other.AsSpan(otherCut)) : string.Concat(other.AsSpan(0, otherCut), text.AsSpan(cut));
    }

    /// <summary>Opens many levels at once, around and far past the depth limit, closed or not.</summary>
    private string Nest(string text, int at)
    {
        int depth = random.Next(4) switch
        {
            0 => random.Next(28, 36),
            1 => random.Next(1, 10),
            2 => random.Next(100, 1_000),
            _ => random.Next(2_000, 4_000),
        };
        string opener = s_openers[random.Next(s_openers.Length)];
        depth = Math.Min(depth, MaxInputLength / opener.Length);
        var builder = new StringBuilder(text.Length + (depth * (opener.Length + 2)));
        builder.Append(text, 0, at);
        for (int i = 0; i < depth; i++)
        {
            builder.Append(opener);
        }

        builder.Append(text, at, text.Length - at);
        if (random.Next(2) == 0)
        {
            string closer = s_closers[random.Next(s_closers.Length)];
            for (int i = 0; i < depth; i++)
            {
                builder.Append(closer);
            }
        }

        return builder.ToString();
    }

    private string HugeName()
    {
        int length = random.Next(5) switch
        {
            0 => 64,
            1 => 65,
            2 => random.Next(200, 1_000),
            3 => random.Next(4_000, 8_200),
            _ => random.Next(1, 300),
        };
        char fill = random.Next(4) switch
        {
            0 => 'a',
            1 => '_',
            2 => '9',
            _ => (char)('a' + random.Next(26)),
        };
        return random.Next(6) == 0 ? "_" + new string('0', length) : new string(fill, length);
    }

    /// <summary>Repeats a slice until the text nears the limit: many fields, many arguments, many spreads.</summary>
    private string Repeat(string text)
    {
        if (text.Length == 0)
        {
            return text;
        }

        int start = random.Next(text.Length);
        int length = Math.Min(text.Length - start, random.Next(1, 24));
        string unit = text.Substring(start, length);
        int target = random.Next(2) == 0 ? 8_192 : random.Next(Math.Min(text.Length, MaxInputLength), MaxInputLength + 1);
        var builder = new StringBuilder(text, 0, start + length, target + unit.Length);
        while (builder.Length + unit.Length + (text.Length - start - length) <= target)
        {
            builder.Append(unit);
        }

        builder.Append(text, start + length, text.Length - start - length);
        return builder.ToString();
    }
}
