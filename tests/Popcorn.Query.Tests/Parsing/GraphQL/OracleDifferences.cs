using OracleDocument = global::GraphQLParser.AST.GraphQLDocument;
using OracleExecutableDefinition = global::GraphQLParser.AST.GraphQLExecutableDefinition;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>
/// The intended differences between Popcorn's /graphql and graphql-dotnet's parser (GraphQL-Parser 9.5.1), each
/// named, recognised and explained. Anything else the two disagree on is a bug in one of them.
/// </summary>
internal static class OracleDifferences
{
    /// <summary>The name of the intended difference behind a disagreement, or null when none explains it.</summary>
    public static string? Classify(string text, PopcornQueryException? popcorn, Exception? oracle, OracleDocument? document)
    {
        if (popcorn is not null)
        {
            return ClassifyPopcornRefusal(text, popcorn, document);
        }

        return ClassifyOracleRefusal(text, oracle!);
    }

    private static string? ClassifyPopcornRefusal(string text, PopcornQueryException popcorn, OracleDocument? document)
    {
        // GraphQL-Parser reads type-system definitions too; /graphql takes executable documents only.
        if (document is not null && document.Definitions.Any(d => d is not OracleExecutableDefinition))
        {
            return "type-system definition";
        }

        switch (popcorn.Kind)
        {
            // Popcorn's limits (length, depth, fields, aliases) are checked while reading; GraphQL-Parser has none this small.
            case QueryErrorKind.LimitExceeded:
                return "limit";

            // Rules GraphQL leaves to validation and Popcorn applies as it reads, since it has no later stage: unique
            // arguments, variables and fragments, undefined or unused variables and fragments, fragment cycles, the
            // operation to run, query operations only, known directives used where they apply.
            case QueryErrorKind.InvalidSelection or QueryErrorKind.InvalidVariable:
                return "validation at parse time";
        }

        // Names starting with '__' are reserved for the meta-fields and Popcorn's wildcards; GraphQL-Parser reads any name.
        if (popcorn.Message.Contains("are reserved", StringComparison.Ordinal))
        {
            return "reserved name";
        }

        // September 2025: a surrogate that is not half of a pair is no Unicode scalar value. GraphQL-Parser reads
        // October 2021's UTF-16 code units, lone halves included.
        if (popcorn.Message.Contains("surrogate", StringComparison.Ordinal))
        {
            return "September 2025: surrogates pair";
        }

        // September 2025: a braced escape must be a Unicode scalar value; GraphQL-Parser does not read the braced form.
        if (popcorn.Message.Contains("\\u{", StringComparison.Ordinal))
        {
            return "September 2025: braced escape";
        }

        // GraphQL-Parser lets a name follow a number ('1a', '1.5e'), which the spec's lookahead forbids
        // (IntValue :: IntegerPart [lookahead != {Digit, '.', NameStart}]); Popcorn follows the spec.
        if (popcorn.Message.StartsWith("Invalid number: unexpected", StringComparison.Ordinal) && IsNameStartAt(text, popcorn.Location.Offset))
        {
            return "GraphQL-Parser: name after a number";
        }

        return null;
    }

    private static bool IsNameStartAt(string text, int offset) =>
        offset < text.Length && (char.IsAsciiLetter(text[offset]) || text[offset] == '_');

    private static string? ClassifyOracleRefusal(string text, Exception oracle)
    {
        // '{}' alone is Popcorn's spelling of the default selection, like '[]' in the include syntax.
        if (text.Trim(" \t\r\n,\uFEFF".ToCharArray()) is ['{', .. var inside, '}'] && inside.Trim(" \t\r\n,".ToCharArray()).Length == 0)
        {
            return "empty shorthand";
        }

        string message = oracle.Message;

        // GraphQL-Parser reads '\' escapes inside comments and refuses '# a \c'; a comment is any text to the line's end.
        if (message.Contains("escape sequence", StringComparison.Ordinal) && ParsesWithoutComments(text))
        {
            return "GraphQL-Parser: escapes in comments";
        }

        // September 2025: descriptions on operations, fragments and variable definitions. GraphQL-Parser 9.5.1 reads
        // descriptions in type-system definitions only. Popcorn accepts a string before a definition and nowhere else a
        // value cannot stand, so an oracle refusing a string Popcorn accepted is this.
        if (message.Contains("Unexpected String", StringComparison.Ordinal) || message.Contains("found String", StringComparison.Ordinal))
        {
            return "September 2025: descriptions";
        }

        // September 2025: `\u{...}` escapes. GraphQL-Parser 9.5.1 reads October 2021's four hex digits only.
        if (text.Contains("\\u{", StringComparison.Ordinal) && message.Contains("escape", StringComparison.OrdinalIgnoreCase))
        {
            return "September 2025: braced escape";
        }

        // September 2025: SourceCharacter is any Unicode scalar value, so control characters may stand in strings and
        // comments. GraphQL-Parser refuses them as October 2021 did.
        if (message.Contains("Invalid character", StringComparison.Ordinal) && text.Any(c => c < ' ' && c is not ('\t' or '\n' or '\r')))
        {
            return "September 2025: control characters";
        }

        return null;
    }

    /// <summary>True when the oracle accepts <paramref name="text"/> once its comments are blanked out.</summary>
    private static bool ParsesWithoutComments(string text)
    {
        var blanked = text.ToCharArray();
        bool inString = false;
        for (int i = 0; i < blanked.Length; i++)
        {
            char c = blanked[i];
            if (inString)
            {
                if (c == '\\')
                {
                    i++;
                }
                else if (c is '"' or '\n' or '\r')
                {
                    inString = false;
                }
            }
            else if (c == '"')
            {
                // Block strings rarely hold '#' in these documents; a plain scan is enough to find comments.
                inString = true;
            }
            else if (c == '#')
            {
                for (; i < blanked.Length && blanked[i] is not ('\n' or '\r'); i++)
                {
                    blanked[i] = ' ';
                }
            }
        }

        try
        {
            global::GraphQLParser.Parser.Parse(new string(blanked));
            return true;
        }
        catch (Exception)
        {
            return false;
        }
    }
}
