namespace Popcorn.Query;

/// <summary>Which rules a selection is resolved by: Popcorn's (REST) or the GraphQL specification's (<c>/graphql</c>).</summary>
public enum SelectionSemantics
{
    /// <summary>Keys in declaration order (what System.Text.Json writes), <c>__typename</c> first, <c>[Always]</c> fields added.</summary>
    Popcorn,

    /// <summary>
    /// Keys in the order the selection first names them (the spec's CollectFields, after fragments and
    /// <c>@include</c>/<c>@skip</c>), nothing added: <c>[Always]</c> fields are written only where selected. A
    /// wildcard or a complex field without children expands to its fields in declaration order, at its position.
    /// </summary>
    GraphQL,
}
