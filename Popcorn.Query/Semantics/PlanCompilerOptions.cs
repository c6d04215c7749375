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
}
