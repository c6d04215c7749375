using System.Globalization;
using System.Text;

namespace Popcorn.Generator.Parsing;

/// <summary>
/// System.Text.Json's known naming policies, applied at compile time so that wire names are constants.
/// The algorithms follow <c>JsonCamelCaseNamingPolicy</c> and <c>JsonSeparatorNamingPolicy</c>; the tests
/// compare them with the runtime's policies name by name.
/// </summary>
internal enum NamingPolicy
{
    None = 0,
    CamelCase = 1,
    SnakeCaseLower = 2,
    SnakeCaseUpper = 3,
    KebabCaseLower = 4,
    KebabCaseUpper = 5,
}

/// <summary>Converts names the way System.Text.Json's <c>JsonNamingPolicy</c> instances do.</summary>
internal static class NamingPolicies
{
    /// <summary>The <c>JsonNamingPolicy</c> property that holds <paramref name="policy"/>, for generated code.</summary>
    public static string? PropertyName(NamingPolicy policy) => policy == NamingPolicy.None ? null : policy.ToString();

    public static string Convert(NamingPolicy policy, string name) => policy switch
    {
        NamingPolicy.CamelCase => CamelCase(name),
        NamingPolicy.SnakeCaseLower => Separated(name, lowercase: true, '_'),
        NamingPolicy.SnakeCaseUpper => Separated(name, lowercase: false, '_'),
        NamingPolicy.KebabCaseLower => Separated(name, lowercase: true, '-'),
        NamingPolicy.KebabCaseUpper => Separated(name, lowercase: false, '-'),
        _ => name,
    };

    /// <summary>Lower-cases the leading run of capitals, keeping the last one of a run that a lower-case letter follows.</summary>
    public static string CamelCase(string name)
    {
        if (string.IsNullOrEmpty(name) || !char.IsUpper(name[0]))
        {
            return name;
        }

        var chars = name.ToCharArray();
        for (int i = 0; i < chars.Length; i++)
        {
            if (i == 1 && !char.IsUpper(chars[i]))
            {
                break;
            }

            bool hasNext = i + 1 < chars.Length;
            if (i > 0 && hasNext && !char.IsUpper(chars[i + 1]))
            {
                // A space after the run ends the word, so the run's last capital is lowered too.
                if (chars[i + 1] == ' ')
                {
                    chars[i] = char.ToLowerInvariant(chars[i]);
                }

                break;
            }

            chars[i] = char.ToLowerInvariant(chars[i]);
        }

        return new string(chars);
    }

    /// <summary>
    /// Splits into words at case changes, spaces, punctuation and symbols, then joins the words cased
    /// with a separator. Punctuation and symbols are kept as written and stand in for the separator
    /// (<c>_id</c> stays <c>_id</c>, <c>a - b</c> becomes <c>a-b</c>), as System.Text.Json 10 does.
    /// </summary>
    public static string Separated(string name, bool lowercase, char separator)
    {
        var result = new StringBuilder(name.Length + (name.Length / 4));
        bool lastWasWord = false;
        int first = 0;
        var previous = Category.Boundary;

        void WriteWord(int start, int length)
        {
            if (length <= 0)
            {
                return;
            }

            if (lastWasWord)
            {
                result.Append(separator);
            }

            string word = name.Substring(start, length);
            result.Append(lowercase ? word.ToLowerInvariant() : word.ToUpperInvariant());
            lastWasWord = true;
        }

        for (int index = 0; index < name.Length; index++)
        {
            char current = name[index];
            var unicode = char.GetUnicodeCategory(current);
            if (unicode == UnicodeCategory.SpaceSeparator)
            {
                WriteWord(first, index - first);
                previous = Category.Boundary;
                first = index + 1;
                continue;
            }

            if (!char.IsLetterOrDigit(current))
            {
                WriteWord(first, index - first);
                result.Append(current);
                lastWasWord = false;
                previous = Category.Boundary;
                first = index + 1;
                continue;
            }

            if (index + 1 < name.Length)
            {
                char next = name[index + 1];
                var category = unicode switch
                {
                    UnicodeCategory.LowercaseLetter => Category.Lowercase,
                    UnicodeCategory.UppercaseLetter => Category.Uppercase,
                    _ => previous,
                };

                if (category == Category.Lowercase && char.IsUpper(next))
                {
                    WriteWord(first, index - first + 1);
                    previous = Category.Boundary;
                    first = index + 1;
                    continue;
                }

                if (previous == Category.Uppercase && unicode == UnicodeCategory.UppercaseLetter && char.IsLower(next))
                {
                    WriteWord(first, index - first);
                    previous = Category.Boundary;
                    first = index;
                    continue;
                }

                previous = category;
            }
        }

        WriteWord(first, name.Length - first);
        return result.ToString();
    }

    private enum Category
    {
        Boundary,
        Lowercase,
        Uppercase,
    }
}
