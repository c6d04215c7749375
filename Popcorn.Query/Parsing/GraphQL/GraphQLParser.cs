using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// A recursive-descent parser for GraphQL executable documents (September 2025), reading tokens from
/// <see cref="GraphQLReader"/> and building the small syntax tree that
/// <see cref="GraphQLNormalizer"/> turns into a <see cref="SelectionTree"/>. The productions are
/// split across partial files by grammar area; each method names the production it parses.
/// </summary>
/// <remarks>
/// The parser checks the grammar and the rules that need no context: nesting depth, reserved
/// names, unique argument and object-field names. Everything that needs the whole document
/// (fragments, variables, directives, which operation runs) is the normalizer's.
/// </remarks>
internal ref partial struct GraphQLParser
{
    private static readonly ArgumentNode[] s_noArguments = [];
    private static readonly DirectiveNode[] s_noDirectives = [];
    private static readonly VariableDefinitionNode[] s_noVariables = [];

    private readonly SelectionParserOptions _options;
    private readonly bool _includeSyntax;
    /// <summary>
    /// The selections of every open selection set, one thread's list used as a stack: a set's items are added after its
    /// parent's and taken off (into the set's array) before the parent goes on, so no set needs a list of its own.
    /// </summary>
    [ThreadStatic]
    private static List<SelectionNode>? t_selections;

    private List<FragmentSpreadNode>? _spreads;
    private List<VariableUsage>? _variableUsages;
    private List<SelectionNode>? _selections;
    private GraphQLReader _reader;
    private int _depth;

    private GraphQLParser(ReadOnlySpan<char> text, SelectionParserOptions options)
    {
        _reader = new GraphQLReader(text);
        _options = options;
    }

    /// <summary>Parses <paramref name="text"/> into a document.</summary>
    /// <exception cref="PopcornQueryException">The text is not a well-formed executable document.</exception>
    public static DocumentNode Parse(ReadOnlySpan<char> text, SelectionParserOptions options)
    {
        var parser = new GraphQLParser(text, options);
        var selections = parser._selections = t_selections ??= new List<SelectionNode>(32);
        int start = selections.Count;
        try
        {
            return parser.ParseDocument();
        }
        finally
        {
            // After an error, the sets that were open leave their items behind.
            if (selections.Count > start)
            {
                selections.RemoveRange(start, selections.Count - start);
            }

            // A very wide document is not kept alive for the thread's life.
            if (start == 0 && selections.Capacity > 4096)
            {
                t_selections = null;
            }
        }
    }

    private readonly GraphQLTokenKind Kind => _reader.Kind;

    private void MoveNext() => _reader.Read();

    /// <summary>True when the current token is the name <paramref name="keyword"/>.</summary>
    private readonly bool IsKeyword(string keyword) =>
        _reader.Kind == GraphQLTokenKind.Name && _reader.Token.SequenceEqual(keyword);

    /// <summary>Name :: /[_A-Za-z][_0-9A-Za-z]*/</summary>
    private string ParseName(string expected = "a name")
    {
        if (Kind != GraphQLTokenKind.Name)
        {
            throw Unexpected(expected);
        }

        // Names are shared across parses (a fixed table of recent names): a repeated document allocates none.
        string name = NameCache.Get(_reader.Token);
        MoveNext();
        return name;
    }

    /// <summary>A name that ends up in the tree (field, alias, argument, object field, enum value): reserved names are refused.</summary>
    private string ParseTreeName(string expected = "a name")
    {
        if (Kind == GraphQLTokenKind.Name)
        {
            CheckNotReserved(_reader.Token, _reader.Start);
        }

        return ParseName(expected);
    }

    private readonly void CheckNotReserved(ReadOnlySpan<char> name, int offset)
    {
        if (NameRules.IsReserved(name))
        {
            throw _reader.Error($"Names starting with '__' are reserved: '{GraphQLReader.Truncate(name)}'.", offset);
        }
    }

    private void Expect(GraphQLTokenKind kind, string text)
    {
        if (Kind != kind)
        {
            throw Unexpected($"'{text}'");
        }

        MoveNext();
    }

    /// <summary>Counts one level of <c>{</c>, <c>[</c> or <c>(</c>, as the pre-scan does.</summary>
    private void EnterNesting(int offset)
    {
        if (++_depth > _options.MaxDepth)
        {
            throw PopcornQueryException.At(QueryErrorKind.LimitExceeded, $"The query nests deeper than {_options.MaxDepth} levels.", _reader.Text, offset);
        }

        // Only a host that raised MaxDepth far past the default can get here; fail cleanly instead of overflowing the stack.
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw PopcornQueryException.At(QueryErrorKind.LimitExceeded, "The query nests too deeply to parse.", _reader.Text, offset);
        }
    }

    private void LeaveNesting() => _depth--;

    /// <summary>An error for a token that is not what the grammar expects here.</summary>
    private readonly PopcornQueryException Unexpected(string expected, string? hint = null) =>
        Kind == GraphQLTokenKind.EndOfFile
            ? _reader.Error($"Unexpected end of query: expected {expected}{hint}.", _reader.Start)
            : _reader.Error($"Expected {expected} but found {DescribeToken()}{hint}.", _reader.Start);

    private readonly PopcornQueryException Invalid(string detail, int offset) =>
        PopcornQueryException.At(QueryErrorKind.InvalidSelection, detail, _reader.Text, offset);

    /// <summary>How the current token is shown in a message.</summary>
    private readonly string DescribeToken() => Kind switch
    {
        GraphQLTokenKind.EndOfFile => "the end of the query",
        GraphQLTokenKind.String => "a string",
        GraphQLTokenKind.BlockString => "a block string",
        GraphQLTokenKind.Int or GraphQLTokenKind.Float => $"the number '{GraphQLReader.Truncate(_reader.Token)}'",
        _ => $"'{GraphQLReader.Truncate(_reader.Token)}'",
    };

    /// <summary>The spreads and variable references collected since the current definition began.</summary>
    private (FragmentSpreadNode[] Spreads, VariableUsage[] Usages) TakeReferences()
    {
        FragmentSpreadNode[] spreads = _spreads is { Count: > 0 } ? _spreads.ToArray() : [];
        VariableUsage[] usages = _variableUsages is { Count: > 0 } ? _variableUsages.ToArray() : [];
        _spreads?.Clear();
        _variableUsages?.Clear();
        return (spreads, usages);
    }
}
