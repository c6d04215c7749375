using System.Text;

namespace Popcorn.Query;

/// <summary>Arguments and their literal values, in GraphQL's value syntax.</summary>
internal ref partial struct IncludeParser
{
    /// <summary>Arguments := '(' Name ':' Value (','? Name ':' Value)* ')'</summary>
    private QueryArgument[] ParseArguments()
    {
        int open = _position;
        Expect('(');
        EnterNesting(open);
        var arguments = new List<QueryArgument>();
        var names = default(NameSet);
        SkipSeparators();
        while (Current != ')')
        {
            var argument = ParseArgument();
            if (!names.Add(argument.Name))
            {
                throw Error($"The argument '{argument.Name}' is given twice.", argument.Location.Offset);
            }

            arguments.Add(argument);
            SkipSeparators();
        }

        if (arguments.Count == 0)
        {
            throw Error("Expected an argument: empty '()' is not allowed.", open);
        }

        _position++;
        _depth--;
        return arguments.ToArray();
    }

    private QueryArgument ParseArgument()
    {
        var location = Location(_position);
        if (AtEnd)
        {
            throw Error("Unexpected end of query: expected an argument name or ')'.");
        }

        string name = ReadName();
        SkipWhitespace();
        Expect(':');
        SkipWhitespace();
        return new QueryArgument(name, ParseValue()) { Location = location };
    }

    /// <summary>Value := Int | Float | String | true | false | null | Enum | '[' Value* ']' | '{' (Name ':' Value)* '}'</summary>
    private QueryValue ParseValue()
    {
        char c = Current;
        if (c == '"')
        {
            return QueryValue.String(ReadString());
        }

        if (c == '-' || char.IsAsciiDigit(c))
        {
            return ReadNumber();
        }

        if (c == '[')
        {
            return ParseListValue();
        }

        if (c == '{')
        {
            return ParseObjectValue();
        }

        if (c == '$')
        {
            throw Error("Variables ('$name') are only available in the GraphQL-like syntax.");
        }

        if (AtEnd)
        {
            throw Error("Unexpected end of query: expected a value.");
        }

        if (!NameRules.IsNameStart(c))
        {
            throw Error($"Expected a value but found {NameRules.Describe(c)}.");
        }

        string word = ReadName();
        return word switch
        {
            "true" => QueryValue.True,
            "false" => QueryValue.False,
            "null" => QueryValue.Null,
            _ => QueryValue.Enum(word),
        };
    }

    private QueryValue ParseListValue()
    {
        int open = _position;
        _position++;
        EnterNesting(open);
        var items = new List<QueryValue>();
        SkipSeparators();
        while (Current != ']')
        {
            if (AtEnd)
            {
                throw Error("Unexpected end of query: expected ']' to close the list value.");
            }

            items.Add(ParseValue());
            SkipSeparators();
        }

        _position++;
        _depth--;
        return QueryValue.List(items.ToArray());
    }

    private QueryValue ParseObjectValue()
    {
        int open = _position;
        _position++;
        EnterNesting(open);
        var fields = new List<QueryArgument>();
        var names = default(NameSet);
        SkipSeparators();
        while (Current != '}')
        {
            if (AtEnd)
            {
                throw Error("Unexpected end of query: expected '}' to close the object value.");
            }

            // As in the GraphQL-like syntax (Input Object Field Uniqueness), so every tree prints in both.
            var field = ParseArgument();
            if (!names.Add(field.Name))
            {
                throw Error($"The field '{field.Name}' is given twice in one object value.", field.Location.Offset);
            }

            fields.Add(field);
            SkipSeparators();
        }

        _position++;
        _depth--;
        return QueryValue.Object(fields.ToArray());
    }

    /// <summary>IntValue and FloatValue as GraphQL defines them: no leading zeros, no trailing name characters.</summary>
    private QueryValue ReadNumber()
    {
        int start = _position;
        if (Current == '-')
        {
            _position++;
        }

        if (Current == '0')
        {
            _position++;
            if (char.IsAsciiDigit(Current))
            {
                throw Error("A number cannot have a leading zero.", start);
            }
        }
        else
        {
            ReadDigits();
        }

        bool isFloat = false;
        if (Current == '.')
        {
            isFloat = true;
            _position++;
            ReadDigits();
        }

        if (Current is 'e' or 'E')
        {
            isFloat = true;
            _position++;
            if (Current is '+' or '-')
            {
                _position++;
            }

            ReadDigits();
        }

        if (NameRules.IsNameStart(Current) || Current == '.')
        {
            throw Error($"Invalid number: unexpected {NameRules.Describe(Current)}.");
        }

        string text = _text[start.._position].ToString();
        return isFloat ? QueryValue.Float(text) : QueryValue.Int(text);
    }

    private void ReadDigits()
    {
        if (!char.IsAsciiDigit(Current))
        {
            throw AtEnd
                ? Error("Unexpected end of query: expected a digit.")
                : Error($"Invalid number: expected a digit but found {NameRules.Describe(Current)}.", _position);
        }

        while (char.IsAsciiDigit(Current))
        {
            _position++;
        }
    }

    /// <summary>A GraphQL string: '"' chars '"' with the escapes \" \\ \/ \b \f \n \r \t \uXXXX, on one line.</summary>
    private string ReadString()
    {
        int open = _position;
        _position++;
        var builder = new StringBuilder();
        while (true)
        {
            if (AtEnd || Current is '\r' or '\n')
            {
                throw Error("Unterminated string.", open);
            }

            char c = Current;
            _position++;
            if (c == '"')
            {
                return builder.ToString();
            }

            if (c != '\\')
            {
                builder.Append(c);
                continue;
            }

            char escape = Current;
            _position++;
            switch (escape)
            {
                case '"': builder.Append('"'); break;
                case '\\': builder.Append('\\'); break;
                case '/': builder.Append('/'); break;
                case 'b': builder.Append('\b'); break;
                case 'f': builder.Append('\f'); break;
                case 'n': builder.Append('\n'); break;
                case 'r': builder.Append('\r'); break;
                case 't': builder.Append('\t'); break;
                case 'u':
                    if (_position + 4 > _text.Length
                        || !int.TryParse(_text.Slice(_position, 4), System.Globalization.NumberStyles.AllowHexSpecifier, null, out int code))
                    {
                        throw Error("Invalid '\\u' escape: expected four hex digits.", _position - 2);
                    }

                    builder.Append((char)code);
                    _position += 4;
                    break;
                default:
                    throw Error($"Invalid escape sequence '\\{escape}'.", _position - 2);
            }
        }
    }

    /// <summary>Commas are insignificant between values and arguments, as in GraphQL.</summary>
    private void SkipSeparators()
    {
        SkipWhitespace();
        while (Current == ',')
        {
            _position++;
            SkipWhitespace();
        }
    }
}
