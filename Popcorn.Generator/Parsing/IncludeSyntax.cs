using System;
using System.Collections.Generic;
using Popcorn.Query;

namespace Popcorn.Generator.Parsing;

/// <summary>
/// The build-time check of <c>[SubPropertyDefault]</c> text: Popcorn.Query's include grammar walked without building a
/// tree, with the runtime parser's own character classes, wildcard words and messages (<see cref="NameRules"/>,
/// <see cref="Wildcards"/> and <see cref="IncludeGrammar"/> are compiled in from Popcorn.Query, see the project file),
/// so the build refuses what a request would, at the same line and column, in the same words. A differential test over
/// generated and mutated inputs holds this walk to the runtime parser.
/// </summary>
/// <remarks>
/// Two refusals are the build's own: blank text (it would mean "the defaults", which the attribute exists to replace)
/// and arguments, refused at their <c>(</c> (a model's fields take none, so the plan compiler would refuse them).
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

    /// <summary>Checks <paramref name="text"/>; returns null when valid, else what is wrong and where. Collects the top-level field names.</summary>
    public static string? Validate(string text, out IReadOnlyList<(string Name, bool Optional)> topLevelNames)
    {
        if (FindMistake(text, out topLevelNames) is not { } mistake)
        {
            return null;
        }

        var (line, column) = IncludeGrammar.LineAndColumn(text.AsSpan(), mistake.Offset);
        return $"{mistake.Detail} (line {line}, column {column})";
    }

    /// <summary>The first mistake in <paramref name="text"/> and its offset, or null when the text is a valid selection.</summary>
    public static (string Detail, int Offset)? FindMistake(string text, out IReadOnlyList<(string Name, bool Optional)> topLevelNames)
    {
        var syntax = new IncludeSyntax(text);
        topLevelNames = syntax._topLevel;
        try
        {
            syntax.SkipWhitespace();
            if (syntax.AtEnd)
            {
                return ("The selection is empty.", 0);
            }

            if (syntax.Current == '(')
            {
                // The runtime reads a root list's arguments here ("(first: 10)[id]"); a default selection takes none.
                return ("A default selection takes no arguments: paging, sorting and filtering belong in the request.", syntax._position);
            }

            syntax.Selection();
            syntax.SkipWhitespace();
            return syntax.AtEnd ? null : (IncludeGrammar.UnexpectedAfterClose(syntax.Current), syntax._position);
        }
        catch (Mistake mistake)
        {
            return (mistake.Message, mistake.Offset);
        }
    }

    private bool AtEnd => _position >= _text.Length;

    private char Current => _position < _text.Length ? _text[_position] : '\0';

    /// <summary>Selection := '[' (Item (',' Item)*)? ']'</summary>
    private void Selection()
    {
        int open = _position;
        if (Current != '[')
        {
            throw new Mistake(IncludeGrammar.ExpectedSelection(_text.AsSpan(), _position), _position);
        }

        _position++;
        _depth++;
        SkipWhitespace();
        bool more = Current != ']';
        while (more)
        {
            Item();
            SkipWhitespace();
            more = Current == ',';
            if (more && Skip() == ']')
            {
                throw new Mistake(IncludeGrammar.TrailingComma, _position);
            }
        }

        if (Current != ']')
        {
            throw new Mistake(IncludeGrammar.UnexpectedInList(_text.AsSpan(), _position, open), _position);
        }

        _position++;
        _depth--;
    }

    /// <summary>Item := '-' Name | TypeCondition | '?'? (Wildcard | (Name ':')? Name Arguments? Selection?)</summary>
    private void Item()
    {
        int start = _position;
        char first = Current;
        if (first == '.')
        {
            TypeCondition();
            return;
        }

        if (first is '-' or '?')
        {
            Skip();
        }

        if (first == '-')
        {
            Removal();
        }
        else if (Current == '!')
        {
            Wildcard(start, optional: first == '?');
        }
        else
        {
            Field(optional: first == '?');
        }
    }

    private void Field(bool optional)
    {
        string name = Name();
        SkipWhitespace();
        if (Current == ':')
        {
            Skip();
            name = Name();
            SkipWhitespace();
        }

        if (_depth == 1 && name != NameRules.TypeName)
        {
            _topLevel.Add((name, optional));
        }

        if (Current == '(')
        {
            throw new Mistake($"'{name}' takes no arguments: the fields of a model have none.", _position);
        }

        if (Current == '[')
        {
            Selection();
        }
    }

    /// <summary>
    /// TypeCondition := '...' 'on' Name Selection. Its fields belong to that type, not to the attribute's model, so they
    /// are not collected as top-level names (the plan compiler checks them against the derived type).
    /// </summary>
    private void TypeCondition()
    {
        if (string.CompareOrdinal(_text, _position, "...", 0, 3) != 0)
        {
            throw new Mistake(IncludeGrammar.ExpectedTypeCondition, _position);
        }

        _position += 3;
        SkipWhitespace();
        bool on = string.CompareOrdinal(_text, _position, "on", 0, 2) == 0 && _position + 2 <= _text.Length;
        if (!on || (_position + 2 < _text.Length && NameRules.IsNamePart(_text[_position + 2])))
        {
            throw new Mistake(IncludeGrammar.ExpectedTypeCondition, _position);
        }

        _position += 2;
        SkipWhitespace();
        if (!NameRules.IsNameStart(Current))
        {
            throw new Mistake(AtEnd ? IncludeGrammar.ExpectedTypeCondition : IncludeGrammar.ExpectedTypeName(Current), _position);
        }

        string typeName = Name();
        SkipWhitespace();
        if (Current != '[')
        {
            throw new Mistake(IncludeGrammar.TypeConditionNeedsSelection(typeName), _position);
        }

        Selection();
    }

    private void Removal()
    {
        if (Current is '!' or '?')
        {
            throw new Mistake(IncludeGrammar.OnlyFieldRemovable, _position);
        }

        string name = Name();
        if (_depth == 1)
        {
            _topLevel.Add((name, false));
        }

        SkipWhitespace();
        if (Current is '[' or ':' or '(')
        {
            throw new Mistake(IncludeGrammar.RemovedFieldTakesNothing(name), _position);
        }
    }

    private void Wildcard(int start, bool optional)
    {
        int wordStart = _position++;
        ScanNamePart();
        var word = _text.AsSpan(wordStart, _position - wordStart);
        string wildcard = Wildcards.Find(word) ?? throw new Mistake(IncludeGrammar.UnknownWildcard(word), wordStart);
        if (optional)
        {
            throw new Mistake(IncludeGrammar.OptionalWildcard(wildcard), start);
        }

        SkipWhitespace();
        if (Current is '[' or ':' or '(')
        {
            throw new Mistake(IncludeGrammar.WildcardTakesNothing(wildcard), _position);
        }
    }

    private string Name()
    {
        if (AtEnd || !NameRules.IsNameStart(Current))
        {
            throw new Mistake(AtEnd ? IncludeGrammar.EndBeforeFieldName : IncludeGrammar.ExpectedFieldName(Current), _position);
        }

        int start = _position++;
        ScanNamePart();
        var name = _text.AsSpan(start, _position - start);
        return NameRules.IsReserved(name) ? throw new Mistake(IncludeGrammar.ReservedName(name), start) : name.ToString();
    }

    private void ScanNamePart()
    {
        while (NameRules.IsNamePart(Current))
        {
            _position++;
        }
    }

    /// <summary>Steps over the current character and the whitespace after it; returns the character reached.</summary>
    private char Skip()
    {
        _position++;
        SkipWhitespace();
        return Current;
    }

    private void SkipWhitespace()
    {
        while (IncludeGrammar.IsWhitespace(Current))
        {
            _position++;
        }
    }

    /// <summary>True when <paramref name="name"/> is a name a selection can write (and not reserved).</summary>
    public static bool IsSelectableName(string name, out string reason)
    {
        int bad = 0;
        while (bad < name.Length && NameRules.IsNamePart(name[bad]))
        {
            bad++;
        }

        reason = name.Length == 0 || !NameRules.IsNameStart(name[0]) ? "names start with a letter or '_'"
            : bad < name.Length ? $"names contain only letters, digits and '_', not '{name[bad]}'"
            : name.StartsWith("__", StringComparison.Ordinal) ? "names starting with '__' are reserved"
            : string.Empty;
        return reason.Length == 0;
    }

    /// <summary>A mistake and its offset: thrown to leave the walk at the first mistake, caught in <see cref="FindMistake"/>.</summary>
    private sealed class Mistake : Exception
    {
        public Mistake(string detail, int offset)
            : base(detail)
        {
            Offset = offset;
        }

        public int Offset { get; }
    }
}
