namespace Popcorn.Query;

// GraphQL's empty selection: `{ car(id: 1) { make @skip(if: true) } }` asks for `"car": {}`, while Popcorn's rule is
// that a field without children means its defaults. The gateway's normalizer marks a selection set whose every
// selection was skipped with this node, so the plan compiler (GraphQL semantics) writes an empty object there.
public sealed partial class PropertyReference
{
    /// <summary>
    /// The only child of a selection set whose every selection <c>@include</c>/<c>@skip</c> removed, at <c>/graphql</c>
    /// (never in a REST tree). Its name, <c>{}</c>, is one no field can have and the parsers never produce, so the
    /// plan cache's canonical key still tells it from the field's defaults; recognised by reference.
    /// </summary>
    internal static readonly PropertyReference EmptySelection = new("{}");

    /// <summary>Whether this is <see cref="EmptySelection"/>.</summary>
    internal bool IsEmptySelection => ReferenceEquals(this, EmptySelection);
}
