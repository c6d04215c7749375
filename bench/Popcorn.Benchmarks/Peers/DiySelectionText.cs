namespace Popcorn.Benchmarks.Peers;

/// <summary>
/// How each <see cref="DiySelection"/> is spelled by each route, in one place, so every peer row is asked for the same
/// fields as Popcorn's.
/// </summary>
public static class DiySelectionText
{
    /// <summary>Popcorn's include text.</summary>
    public static string Include(DiySelection selection) =>
        selection == DiySelection.Narrow ? "[Id,Name,IsActive]" : "[!all]";

    /// <summary>
    /// The field list a <c>?fields=</c> route and OData's <c>$select</c> take: every field Popcorn writes, its
    /// <c>[Always]</c> <c>CreatedAt</c> included, since those routes add nothing on their own.
    /// </summary>
    public static string Fields(DiySelection selection) =>
        selection == DiySelection.Narrow ? "Id,Name,CreatedAt,IsActive" : "Id,Name,CreatedAt,Description,IsActive";
}
