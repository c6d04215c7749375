namespace Popcorn.Query;

/// <summary>
/// A parsed selection: the top-level properties a client asked for, in either syntax.
/// An empty tree means "the defaults". Equality is structural and syntax-independent.
/// </summary>
public sealed class SelectionTree : IEquatable<SelectionTree>
{
    /// <summary>The empty selection: every type's defaults.</summary>
    public static readonly SelectionTree Default = new(Array.Empty<PropertyReference>());

    /// <summary>Creates a tree from its top-level properties.</summary>
    public SelectionTree(IReadOnlyList<PropertyReference> properties, string? sourceText = null, SelectionSyntax syntax = SelectionSyntax.Include)
        : this(properties, Array.Empty<QueryArgument>(), sourceText, syntax)
    {
    }

    /// <summary>Creates a tree from its top-level properties and the arguments of the root list (<c>first</c>, <c>orderBy</c>, ...).</summary>
    public SelectionTree(IReadOnlyList<PropertyReference> properties, IReadOnlyList<QueryArgument> arguments, string? sourceText = null, SelectionSyntax syntax = SelectionSyntax.Include)
    {
        ArgumentNullException.ThrowIfNull(properties);
        ArgumentNullException.ThrowIfNull(arguments);
        Properties = properties;
        _sourceOrExtras = arguments.Count == 0 ? sourceText : new SourceAndArguments(sourceText, arguments);
        Syntax = syntax;
    }

    /// <summary>A parsed tree without root arguments: what the include parser builds, with nothing left to check.</summary>
    internal SelectionTree(PropertyReference[] properties, string sourceText, SelectionSyntax syntax)
    {
        Properties = properties;
        _sourceOrExtras = sourceText;
        Syntax = syntax;
    }

    // The source text, or, for the rare tree with root arguments, the text and the arguments together: one field for
    // both keeps every parse's tree at 40 bytes (as PropertyReference keeps its alias and arguments in one field).
    private readonly object? _sourceOrExtras;

    /// <summary>The top-level selections, in written order.</summary>
    public IReadOnlyList<PropertyReference> Properties { get; }

    /// <summary>
    /// The arguments of the list the selection applies to, written before it (<c>(first: 10)[id]</c>) or, at the
    /// gateway, on the root field; empty for almost every request. A single object refuses them when compiled.
    /// </summary>
    public IReadOnlyList<QueryArgument> Arguments => (_sourceOrExtras as SourceAndArguments)?.Arguments ?? Array.Empty<QueryArgument>();

    /// <summary>True when nothing was selected, so defaults apply.</summary>
    public bool IsDefault => Properties.Count == 0;

    /// <summary>The text the tree was parsed from, for error excerpts; not part of equality.</summary>
    public string? SourceText => _sourceOrExtras as string ?? (_sourceOrExtras as SourceAndArguments)?.SourceText;

    /// <summary>The syntax the tree was parsed from; not part of equality.</summary>
    public SelectionSyntax Syntax { get; }

    /// <inheritdoc />
    public bool Equals(SelectionTree? other) =>
        other is not null && SequenceEquality.Equal(Properties, other.Properties) && SequenceEquality.Equal(Arguments, other.Arguments);

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as SelectionTree);

    /// <inheritdoc />
    public override int GetHashCode() => Arguments.Count == 0 ? SequenceEquality.Hash(Properties) : HashCode.Combine(SequenceEquality.Hash(Properties), SequenceEquality.Hash(Arguments));

    /// <summary>The canonical include form.</summary>
    public override string ToString() => SelectionPrinter.PrintInclude(this);

    private sealed record SourceAndArguments(string? SourceText, IReadOnlyList<QueryArgument> Arguments);
}
