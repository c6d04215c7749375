namespace Popcorn.Query;

/// <summary>IntValue and FloatValue.</summary>
internal ref partial struct GraphQLReader
{
    /// <summary>
    /// IntValue :: IntegerPart [lookahead != {Digit, <c>.</c>, NameStart}]
    /// FloatValue :: IntegerPart FractionalPart? ExponentPart? [lookahead != {Digit, <c>.</c>, NameStart}]
    /// IntegerPart :: <c>-</c>? (<c>0</c> | NonZeroDigit Digit*)
    /// </summary>
    private void ReadNumber()
    {
        int start = _position;
        bool isFloat = false;
        if (Current == '-')
        {
            _position++;
        }

        if (Current == '0')
        {
            _position++;
            if (GraphQLCharacters.IsDigit(Current))
            {
                throw Error("Invalid number: a number cannot have a leading zero.", start);
            }
        }
        else if (start != _position && GraphQLCharacters.IsNameStart(Current))
        {
            throw Error($"Invalid number: expected a digit after '-' but found {NameRules.Describe(Current)} (to remove a field, write 'name @exclude').", _position);
        }
        else
        {
            ReadDigits(start == _position ? "a digit" : "a digit after '-'");
        }

        if (Current == '.')
        {
            isFloat = true;
            _position++;
            ReadDigits("a digit after '.'");
        }

        if (Current is 'e' or 'E')
        {
            isFloat = true;
            _position++;
            if (Current is '+' or '-')
            {
                _position++;
            }

            ReadDigits("a digit in the exponent");
        }

        // The lookahead restriction: '1a', '1.2.3' and '0x1' are errors, not two tokens.
        char next = Current;
        if (next == '.' || GraphQLCharacters.IsNameStart(next))
        {
            throw Error($"Invalid number: unexpected {NameRules.Describe(next)} after '{Truncate(_text[start.._position])}'.", _position);
        }

        Kind = isFloat ? GraphQLTokenKind.Float : GraphQLTokenKind.Int;
    }

    private void ReadDigits(string expected)
    {
        if (!GraphQLCharacters.IsDigit(Current))
        {
            throw _position >= _text.Length
                ? Error($"Unexpected end of query: expected {expected}.", _position)
                : Error($"Invalid number: expected {expected} but found {NameRules.Describe(Current)}.", _position);
        }

        while (GraphQLCharacters.IsDigit(Current))
        {
            _position++;
        }
    }

    private readonly char Current => _position < _text.Length ? _text[_position] : '\0';
}
