namespace Popcorn.Server;

/// <summary>
/// The names of every field a <c>[PopcornAuthorize]</c> policy protects (model fields and gateway root fields), and
/// whether a GraphQL document names one anywhere: in a skipped selection, an unused fragment, an argument's entry.
/// </summary>
/// <remarks>
/// A document is validated against the schema before <c>@skip</c>/<c>@include</c> are applied, but its compiled plan
/// touches only what is kept. Deciding policies by the plan alone let <c>{ creditLimit @skip(if: true) }</c> pass
/// validation against the full schema (200) while an unknown name failed it: an existence oracle. Deciding them for
/// every document that names a protected field, and validating it against the schema the caller may see, gives a
/// hidden name the unknown name's answer; a document that names none still decides nothing
/// (docs/authorization.md). The test is on the text's name tokens (outside strings and comments), so it may say yes
/// for a name that is some other thing's (an alias, an argument): that only decides policies that did not need
/// deciding, never the reverse.
/// </remarks>
internal sealed class ProtectedFieldNames(PopcornRegistry registry)
{
    private HashSet<string>? _names;

    /// <summary>True when <paramref name="document"/> holds a name token that is a protected field's name.</summary>
    public bool AnyIn(string document)
    {
        var names = _names ??= Collect();
        if (names.Count == 0)
        {
            return false;
        }

        var lookup = names.GetAlternateLookup<ReadOnlySpan<char>>();
        var text = document.AsSpan();
        int i = 0;
        while (i < text.Length)
        {
            char c = text[i];
            if (c == '#')
            {
                int end = text[i..].IndexOfAny('\n', '\r');
                i = end < 0 ? text.Length : i + end;
            }
            else if (c == '"')
            {
                i = SkipString(text, i);
            }
            else if (char.IsAsciiLetter(c) || c == '_')
            {
                int start = i;
                while (i < text.Length && (char.IsAsciiLetterOrDigit(text[i]) || text[i] == '_'))
                {
                    i++;
                }

                if (lookup.Contains(text[start..i]))
                {
                    return true;
                }
            }
            else
            {
                i++;
            }
        }

        return false;
    }

    /// <summary>The index after the string (or block string) starting at <paramref name="start"/>; the text's end when it is not closed.</summary>
    private static int SkipString(ReadOnlySpan<char> text, int start)
    {
        if (text[start..].StartsWith("\"\"\"", StringComparison.Ordinal))
        {
            int close = text[(start + 3)..].IndexOf("\"\"\"", StringComparison.Ordinal);
            return close < 0 ? text.Length : start + 3 + close + 3;
        }

        for (int i = start + 1; i < text.Length; i++)
        {
            if (text[i] == '\\')
            {
                i++;
            }
            else if (text[i] is '"' or '\n' or '\r')
            {
                return i + 1;
            }
        }

        return text.Length;
    }

    private HashSet<string> Collect()
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var type in registry.ModelTypes)
        {
            foreach (var field in type.SelectableFields)
            {
                if (field.Policy is not null)
                {
                    names.Add(field.WireName);
                }
            }
        }

        names.UnionWith(registry.ProtectedGatewayFieldNames);
        return names;
    }
}
