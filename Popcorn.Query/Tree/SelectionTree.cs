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
    {
        ArgumentNullException.ThrowIfNull(properties);
        Properties = properties;
        SourceText = sourceText;
        Syntax = syntax;
    }

    /// <summary>The top-level selections, in written order.</summary>
    public IReadOnlyList<PropertyReference> Properties { get; }

    /// <summary>True when nothing was selected, so defaults apply.</summary>
    public bool IsDefault => Properties.Count == 0;

    /// <summary>The text the tree was parsed from, for error excerpts; not part of equality.</summary>
    public string? SourceText { get; }

    /// <summary>The syntax the tree was parsed from; not part of equality.</summary>
    public SelectionSyntax Syntax { get; }

    /// <inheritdoc />
    public bool Equals(SelectionTree? other) =>
        other is not null && SequenceEquality.Equal(Properties, other.Properties);

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as SelectionTree);

    /// <inheritdoc />
    public override int GetHashCode() => SequenceEquality.Hash(Properties);

    /// <summary>The canonical include form.</summary>
    public override string ToString() => SelectionPrinter.PrintInclude(this);
}
