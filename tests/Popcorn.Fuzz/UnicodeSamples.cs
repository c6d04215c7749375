using System.Globalization;
using System.Text;

namespace Popcorn.Fuzz;

/// <summary>
/// A few code points of every Unicode general category (unassigned, private use, format, separators, lone
/// surrogates, astral letters...), picked once from the whole code space, so a mutation can insert "a character of
/// class X" without scanning 1.1 million code points each time.
/// </summary>
public static class UnicodeSamples
{
    private const int PerCategory = 48;

    private static readonly int[][] s_byCategory = Build();

    /// <summary>How many categories there are (<see cref="UnicodeCategory"/> has 30).</summary>
    public static int CategoryCount => s_byCategory.Length;

    /// <summary>A code point of <paramref name="category"/> as text: one char, a surrogate pair, or a lone surrogate.</summary>
    public static string Pick(UnicodeCategory category, Random random)
    {
        var samples = s_byCategory[(int)category];
        int codePoint = samples[random.Next(samples.Length)];
        return codePoint is >= 0xD800 and <= 0xDFFF ? ((char)codePoint).ToString() : char.ConvertFromUtf32(codePoint);
    }

    /// <summary>A code point of a random category.</summary>
    public static string PickAny(Random random) => Pick((UnicodeCategory)random.Next(CategoryCount), random);

    /// <summary>Every sample, in category order, for tests that want to try each class once.</summary>
    public static IEnumerable<(UnicodeCategory Category, string Text)> All()
    {
        for (int category = 0; category < s_byCategory.Length; category++)
        {
            foreach (int codePoint in s_byCategory[category])
            {
                yield return ((UnicodeCategory)category, codePoint is >= 0xD800 and <= 0xDFFF ? ((char)codePoint).ToString() : char.ConvertFromUtf32(codePoint));
            }
        }
    }

    private static int[][] Build()
    {
        int count = Enum.GetValues<UnicodeCategory>().Length;
        var lists = new List<int>[count];
        for (int i = 0; i < count; i++)
        {
            lists[i] = new List<int>();
        }

        // Deterministic: the first few of each category (the ASCII and Latin-1 classics), then an even spread.
        var seen = new int[count];
        for (int codePoint = 0; codePoint <= 0x10FFFF; codePoint++)
        {
            var category = CharUnicodeInfo.GetUnicodeCategory(codePoint);
            int index = (int)category;
            int n = seen[index]++;
            if (lists[index].Count < PerCategory / 2)
            {
                lists[index].Add(codePoint);
            }
            else if (n % 997 == 0 && lists[index].Count < PerCategory)
            {
                lists[index].Add(codePoint);
            }
        }

        // A few code points everyone forgets: NUL, BOM, zero-width joiner, line and paragraph separators, RTL override, the last code point.
        lists[(int)UnicodeCategory.Control].Add(0);
        lists[(int)UnicodeCategory.Format].AddRange([0xFEFF, 0x200D, 0x202E]);
        lists[(int)UnicodeCategory.LineSeparator].Add(0x2028);
        lists[(int)UnicodeCategory.ParagraphSeparator].Add(0x2029);
        lists[(int)UnicodeCategory.OtherNotAssigned].Add(0x10FFFF);
        return lists.Select(list => list.Count == 0 ? new[] { 'x' + 0 } : list.Distinct().ToArray()).ToArray();
    }

    /// <summary>Decodes bytes as a server reading a UTF-8 query string would: invalid sequences become U+FFFD.</summary>
    public static string DecodeUtf8(ReadOnlySpan<byte> bytes) => Encoding.UTF8.GetString(bytes);
}
