namespace Popcorn.Query;

/// <summary>Choices that change how a selection is resolved against a type.</summary>
public sealed record PlanCompilerOptions
{
    /// <summary>Unknown names are errors.</summary>
    public static readonly PlanCompilerOptions Default = new();

    /// <summary>What to do with a name the type does not expose. <c>[Never]</c> fields count as unknown either way.</summary>
    public UnknownFieldHandling UnknownFields { get; init; } = UnknownFieldHandling.Error;

    /// <summary>Popcorn's order and <c>[Always]</c> rule (the default), or the GraphQL specification's response shape.</summary>
    public SelectionSemantics Semantics { get; init; } = SelectionSemantics.Popcorn;

    /// <summary>The field authorization policies the caller was refused; their fields are compiled as if absent. Everything visible by default.</summary>
    public FieldAccess Access { get; init; } = FieldAccess.Unrestricted;

    /// <summary>Whether naming a field <see cref="Access"/> refuses is answered as an unknown field (the default) or as <see cref="QueryErrorKind.Forbidden"/>.</summary>
    public UnauthorizedFieldHandling UnauthorizedFields { get; init; } = UnauthorizedFieldHandling.Hide;

    /// <summary>
    /// The largest <c>first</c> a list field accepts (1000 by default); a larger one is a
    /// <see cref="QueryErrorKind.LimitExceeded"/> error. A list without <c>first</c> is not limited by it: it is written
    /// whole, as before arguments existed, and bounded by the cost and response-size limits instead.
    /// </summary>
    public int MaxPageSize { get; init; } = 1000;

    /// <summary>
    /// Signs and checks the cursors of keyset paging (<c>after</c>). <see cref="CursorCodec.PerProcess"/> by default: a
    /// random key, so cursors do not survive a restart or cross instances; a server sets one shared key.
    /// </summary>
    public CursorCodec Cursors { get; init; } = CursorCodec.PerProcess;

    /// <summary>
    /// The most values one <c>in</c> of a <c>where</c> argument may hold (1000 by default), whether written in the
    /// selection or passed in a GraphQL variable; more is a <see cref="QueryErrorKind.LimitExceeded"/> error.
    /// </summary>
    public int MaxFilterInValues { get; init; } = 1000;

    /// <summary>
    /// The most operands one <c>and</c>/<c>or</c> list, or entries one filter object, may hold (100 by default); more is
    /// a <see cref="QueryErrorKind.LimitExceeded"/> error.
    /// </summary>
    public int MaxFilterOperands { get; init; } = 100;

    /// <summary>
    /// The most comparisons, <c>and</c>/<c>or</c> groups and <c>in</c> values all the <c>where</c> arguments of one
    /// compiled selection may hold together (2000 by default); more is a <see cref="QueryErrorKind.LimitExceeded"/> error.
    /// </summary>
    public int MaxFilterNodes { get; init; } = 2000;

    /// <summary>
    /// The most references and lists one path of a <c>where</c> argument may go through (4 by default):
    /// <c>{customer: {referredBy: {name: "x"}}}</c> goes through two. Each is a join or a correlated subquery in SQL, so
    /// the bound keeps a filter's statement within what a database joins; deeper is a
    /// <see cref="QueryErrorKind.LimitExceeded"/> error.
    /// </summary>
    public int MaxFilterNavigationDepth { get; init; } = 4;
}
