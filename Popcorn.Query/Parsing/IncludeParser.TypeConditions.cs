namespace Popcorn.Query;

// Type conditions in the include syntax: `...on Manager[reports[id]]`, GraphQL's inline fragment spelled with brackets.
internal ref partial struct IncludeParser
{
    /// <summary>TypeCondition := '...' 'on' Name Selection</summary>
    private PropertyReference ParseTypeCondition(SourceLocation start)
    {
        if (!_text[_position..].StartsWith("..."))
        {
            throw Error(IncludeGrammar.ExpectedTypeCondition);
        }

        _position += 3;
        SkipWhitespace();

        // 'on' is a keyword only when a name does not go on after it: `...onion[x]` is not `...on ion[x]`.
        var rest = _text[_position..];
        if (!rest.StartsWith("on") || (rest.Length > 2 && NameRules.IsNamePart(rest[2])))
        {
            throw Error(IncludeGrammar.ExpectedTypeCondition);
        }

        _position += 2;
        SkipWhitespace();
        if (!NameRules.IsNameStart(Current))
        {
            throw AtEnd ? Error(IncludeGrammar.ExpectedTypeCondition) : Error(IncludeGrammar.ExpectedTypeName(Current));
        }

        string typeName = ReadName();
        SkipWhitespace();
        if (Current != '[')
        {
            throw Error(IncludeGrammar.TypeConditionNeedsSelection(typeName));
        }

        // Its brackets add no level, as a fragment adds none in the GraphQL-like syntax, so a print parses back within the same limit.
        _depth--;
        var children = ParseSelection();
        _depth++;
        return PropertyReference.TypeConditioned(typeName, children, start);
    }
}
