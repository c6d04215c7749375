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
}
