namespace Popcorn.Generator.Model;

/// <summary>Mirrors Popcorn.Query's FieldKind.</summary>
internal enum FieldKindSpec
{
    Scalar,
    Object,
    List,
    Map,
}
