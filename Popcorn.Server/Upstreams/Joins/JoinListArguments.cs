namespace Popcorn.Server;

/// <summary>
/// The <c>where</c> and <c>orderBy</c> a client gave a join to many, as GraphQL literals from the plan's canonical
/// argument text (<c>first: 2, orderBy: [{id: DESC}], where: {status: {eq: "shipped"}}</c>), for the one call that
/// answers every list of a level: its filter is and-ed with the level's keys, its order is the call's, so each
/// parent's group keeps it. <c>first</c> and <c>skip</c> stay the gateway's, applied to each group.
/// </summary>
internal readonly record struct JoinListArguments(string? Where, string? OrderBy)
{
    public static JoinListArguments From(string canonical)
    {
        string? where = null;
        string? orderBy = null;
        foreach (var (name, value) in TopLevel(canonical))
        {
            if (name == "where")
            {
                where = value;
            }
            else if (name == "orderBy")
            {
                orderBy = value;
            }
        }

        return new(where, orderBy);
    }

    /// <summary>The <c>name: value</c> pairs of an argument list, split at the commas outside braces, brackets and strings.</summary>
    private static IEnumerable<(string Name, string Value)> TopLevel(string text)
    {
        int depth = 0;
        int start = 0;
        bool quoted = false;
        for (int i = 0; i <= text.Length; i++)
        {
            char c = i < text.Length ? text[i] : ',';
            if (quoted)
            {
                if (c == '\\')
                {
                    i++; // the escaped character, whatever it is
                }
                else if (c == '"')
                {
                    quoted = false;
                }

                continue;
            }

            switch (c)
            {
                case '"':
                    quoted = true;
                    break;
                case '{' or '[' or '(':
                    depth++;
                    break;
                case '}' or ']' or ')':
                    depth--;
                    break;
                case ',' when depth == 0:
                    string part = text[start..i];
                    int colon = part.IndexOf(':');
                    if (colon > 0)
                    {
                        yield return (part[..colon].Trim(), part[(colon + 1)..].Trim());
                    }

                    start = i + 1;
                    break;
            }
        }
    }
}
