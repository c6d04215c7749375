using System.Collections.Generic;

namespace Popcorn.Generator.Parsing;

/// <summary>
/// A compile-time check of Popcorn's include syntax (the grammar of Popcorn.Query's IncludeParser), so a
/// broken <c>[SubPropertyDefault]</c> is reported by the build instead of failing a request.
/// </summary>
/// <remarks>
/// <code>
/// Selection := '[' (Item (',' Item)*)? ']'
/// Item      := '-' Name | '?'? (Wildcard | (Name ':')? Name Arguments? Selection?)
/// Wildcard  := '!all' | '!default' | '!full'
/// Arguments := '(' ... ')'     (balanced, strings respected)
/// </code>
/// </remarks>
internal sealed class IncludeSyntax
{
    private readonly string _text;
    private readonly List<(string Name, bool Optional)> _topLevel = new();
    private int _position;
    private int _depth;

    private IncludeSyntax(string text)
    {
        _text = text;
    }

    /// <summary>Checks <paramref name="text"/>; returns null when valid, else what is wrong. Collects the top-level field names.</summary>
    public static string? Validate(string text, out IReadOnlyList<(string Name, bool Optional)> topLevelNames)
    {
        var syntax = new IncludeSyntax(text);
        topLevelNames = syntax._topLevel;
        syntax.SkipWhitespace();
        if (syntax.AtEnd)
        {
            return "the selection is empty";
        }

        string? error = syntax.Selection();
        if (error is not null)
        {
            return error;
        }

        syntax.SkipWhitespace();
        return syntax.AtEnd ? null : syntax.At($"unexpected '{syntax.Current}' after the closing ']'");
    }

    private bool AtEnd => _position >= _text.Length;

    private char Current => _position < _text.Length ? _text[_position] : '\0';

    private string? Selection()
    {
        if (Current != '[')
        {
            return At("expected '['");
        }

        _position++;
        _depth++;
        SkipWhitespace();
        if (Current == ']')
        {
            _position++;
            _depth--;
            return null;
        }

        while (true)
        {
            string? error = Item();
            if (error is not null)
            {
                return error;
            }

            SkipWhitespace();
            if (Current == ',')
            {
                _position++;
                SkipWhitespace();
                if (Current == ']')
                {
                    return At("trailing ','");
                }

                continue;
            }

            if (Current == ']')
            {
                _position++;
                _depth--;
                return null;
            }

            return AtEnd ? At("expected ',' or ']' before the end") : At($"expected ',' or ']' but found '{Current}'");
        }
    }

    private string? Item()
    {
        if (Current == '-')
        {
            _position++;
            SkipWhitespace();
            string? removed = Name(out string name);
            if (removed is null && _depth == 1)
            {
                _topLevel.Add((name, false));
            }

            return removed;
        }

        bool optional = false;
        if (Current == '?')
        {
            optional = true;
            _position++;
            SkipWhitespace();
        }

        if (Current == '!')
        {
            int start = _position++;
            while (IsNamePart(Current))
            {
                _position++;
            }

            string wildcard = _text.Substring(start, _position - start);
            return wildcard is "!all" or "!default" or "!full" ? null : At($"unknown wildcard '{wildcard}'", start);
        }

        string? error = Name(out string first);
        if (error is not null)
        {
            return error;
        }

        string field = first;
        SkipWhitespace();
        if (Current == ':')
        {
            _position++;
            SkipWhitespace();
            error = Name(out field);
            if (error is not null)
            {
                return error;
            }

            SkipWhitespace();
        }

        if (_depth == 1 && field != "__typename")
        {
            _topLevel.Add((field, optional));
        }

        if (Current == '(')
        {
            error = Arguments();
            if (error is not null)
            {
                return error;
            }

            SkipWhitespace();
        }

        return Current == '[' ? Selection() : null;
    }

    private string? Name(out string name)
    {
        name = string.Empty;
        if (!IsNameStart(Current))
        {
            return AtEnd ? At("expected a field name before the end") : At($"expected a field name but found '{Current}'");
        }

        int start = _position++;
        while (IsNamePart(Current))
        {
            _position++;
        }

        name = _text.Substring(start, _position - start);
        return name.StartsWith("__", System.StringComparison.Ordinal) && name != "__typename"
            ? At($"names starting with '__' are reserved: '{name}'", start)
            : null;
    }

    private string? Arguments()
    {
        int open = _position;
        int depth = 0;
        while (!AtEnd)
        {
            char c = Current;
            _position++;
            if (c == '"')
            {
                while (!AtEnd && Current != '"')
                {
                    _position += Current == '\\' ? 2 : 1;
                }

                if (AtEnd)
                {
                    return At("unterminated string", open);
                }

                _position++;
            }
            else if (c == '(')
            {
                depth++;
            }
            else if (c == ')' && --depth == 0)
            {
                return null;
            }
        }

        return At("unclosed '('", open);
    }

    private void SkipWhitespace()
    {
        while (Current is ' ' or '\t' or '\r' or '\n')
        {
            _position++;
        }
    }

    private string At(string message) => At(message, _position);

    private string At(string message, int position) => $"{message} at column {position + 1}";

    private static bool IsNameStart(char c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';

    private static bool IsNamePart(char c) => IsNameStart(c) || (c >= '0' && c <= '9');

    /// <summary>True when <paramref name="name"/> is a name a selection can write (and not reserved).</summary>
    public static bool IsSelectableName(string name, out string reason)
    {
        reason = string.Empty;
        if (name.Length == 0 || !IsNameStart(name[0]))
        {
            reason = "names start with a letter or '_'";
            return false;
        }

        foreach (char c in name)
        {
            if (!IsNamePart(c))
            {
                reason = $"names contain only letters, digits and '_', not '{c}'";
                return false;
            }
        }

        if (name.StartsWith("__", System.StringComparison.Ordinal))
        {
            reason = "names starting with '__' are reserved";
            return false;
        }

        return true;
    }
}
