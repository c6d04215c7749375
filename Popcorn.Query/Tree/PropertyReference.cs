using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Popcorn.Query;

/// <summary>
/// One node of a parsed selection: a field (by wire name) or a wildcard, with its output alias,
/// negation, optional flag, children and arguments. Immutable; equality is structural and ignores
/// where in the text the node was written.
/// </summary>
public sealed partial class PropertyReference : IEquatable<PropertyReference>
{
    // A parse builds one node per item written, so the node is kept to 48 bytes: the alias, the children and the
    // arguments share one field, holding what the node has in the form that costs least to build: nothing (null), the
    // alias string itself, the children's array itself (what a parser builds for nearly every inner node), or an
    // Extras holding any other combination. An empty list is stored as nothing; the two flags share one byte.
    private readonly object? _extras;
    private readonly byte _flags;

    private const byte NegatedFlag = 1;
    private const byte OptionalFlag = 2;

    /// <summary>The wildcard that selects every available field of a type (<c>!all</c>, <c>__all</c>).</summary>
    public const string AllWildcard = Wildcards.All;

    /// <summary>The wildcard that selects a type's default fields (<c>!default</c>, <c>__default</c>).</summary>
    public const string DefaultWildcard = Wildcards.Default;

    /// <summary>The deep wildcard that selects every field recursively (<c>!full</c>, <c>__full</c>).</summary>
    public const string FullWildcard = Wildcards.Full;

    /// <summary>Creates a node. Prefer the parsers; this is for tools and tests that build trees by hand.</summary>
    public PropertyReference(
        string name,
        string? alias = null,
        bool isNegated = false,
        bool isOptional = false,
        IReadOnlyList<PropertyReference>? children = null,
        IReadOnlyList<QueryArgument>? arguments = null,
        SourceLocation location = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        Name = name;
        bool hasChildren = HasItems(children);
        if (HasItems(arguments) || (hasChildren && (alias is not null || children!.GetType() != typeof(PropertyReference[]))))
        {
            _extras = new Extras(alias, HasItems(arguments) ? arguments : null, hasChildren ? children : null);
        }
        else
        {
            _extras = hasChildren ? children : alias;
        }

        _flags = (byte)((isNegated ? NegatedFlag : 0) | (isOptional ? OptionalFlag : 0));
        Location = location;
    }

    /// <summary>
    /// The parsers' constructor: a field, wildcard or removal without alias or arguments, whose children (if any) are
    /// the array the parser built. Nothing to check: the parser has read a valid name. (Its parameters are named
    /// apart from the public constructor's, so a call with named arguments picks one of them.)
    /// </summary>
    internal PropertyReference(string name, SourceLocation at, PropertyReference[]? items = null, bool negated = false)
    {
        Name = name;
        _extras = items;
        _flags = negated ? NegatedFlag : (byte)0;
        Location = at;
    }

    /// <summary>The parsers' constructor for an aliased field without arguments (<c>heading:title[...]</c>).</summary>
    internal PropertyReference(string name, string alias, SourceLocation at, PropertyReference[]? items)
    {
        Name = name;
        _extras = items is { Length: > 0 } ? new Extras(alias, null, items) : alias;
        Location = at;
    }

    /// <summary>The wire name of the field (the key System.Text.Json would write), or a wildcard.</summary>
    public string Name { get; }

    /// <summary>The output key the client asked for instead of <see cref="Name"/>, if any.</summary>
    public string? Alias => _extras as string ?? (_extras as Extras)?.Alias;

    /// <summary>The key this selection writes: the alias when there is one, else the name.</summary>
    public string OutputName => Alias ?? Name;

    /// <summary><c>-name</c> / <c>name @exclude</c>: removes the field from the selection.</summary>
    public bool IsNegated => (_flags & NegatedFlag) != 0;

    /// <summary><c>?name</c> / <c>name @optional</c>: no error when the type has no such field.</summary>
    public bool IsOptional => (_flags & OptionalFlag) != 0;

    /// <summary>The nested selection; empty when none was given (the field's defaults apply).</summary>
    public IReadOnlyList<PropertyReference> Children
    {
        get
        {
            // The exact type is one compare (the element type is sealed); an empty parsed selection ('name[]') may be
            // stored as the shared empty array, which reads the same as nothing.
            var extras = _extras;
            if (extras is not null && extras.GetType() == typeof(PropertyReference[]))
            {
                return Unsafe.As<PropertyReference[]>(extras);
            }

            return (extras as Extras)?.Children ?? Array.Empty<PropertyReference>();
        }
    }

    /// <summary>Field arguments as written (variables already substituted).</summary>
    public IReadOnlyList<QueryArgument> Arguments => (_extras as Extras)?.Arguments ?? Array.Empty<QueryArgument>();

    /// <summary>Where the node was written in the source text; not part of equality.</summary>
    public SourceLocation Location { get; }

    /// <summary>True for <c>!all</c>, <c>!default</c> and <c>!full</c>.</summary>
    public bool IsWildcard => Name[0] == '!';

    // The parsers pass arrays: testing the exact array type first is one compare, where Count is an interface call.
    private static bool HasItems([NotNullWhen(true)] IReadOnlyList<PropertyReference>? items) =>
        items is not null && (items.GetType() == typeof(PropertyReference[]) ? Unsafe.As<PropertyReference[]>(items).Length != 0 : items.Count != 0);

    private static bool HasItems([NotNullWhen(true)] IReadOnlyList<QueryArgument>? items) =>
        items is not null && (items.GetType() == typeof(QueryArgument[]) ? Unsafe.As<QueryArgument[]>(items).Length != 0 : items.Count != 0);

    /// <inheritdoc />
    public bool Equals(PropertyReference? other)
    {
        if (ReferenceEquals(this, other))
        {
            return true;
        }

        return other is not null
            && Name == other.Name
            && Alias == other.Alias
            && IsNegated == other.IsNegated
            && IsOptional == other.IsOptional
            && SequenceEquality.Equal(Children, other.Children)
            && SequenceEquality.Equal(Arguments, other.Arguments);
    }

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as PropertyReference);

    /// <inheritdoc />
    public override int GetHashCode() =>
        HashCode.Combine(Name, Alias, IsNegated, IsOptional, SequenceEquality.Hash(Children), SequenceEquality.Hash(Arguments));

    /// <summary>The node in canonical include syntax.</summary>
    public override string ToString() => SelectionPrinter.PrintInclude(this);

    private sealed record Extras(string? Alias, IReadOnlyList<QueryArgument>? Arguments, IReadOnlyList<PropertyReference>? Children);
}
