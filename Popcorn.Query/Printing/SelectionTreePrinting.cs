namespace Popcorn.Query;

/// <summary>The tree's canonical prints, beside the printer that writes them.</summary>
public static class SelectionTreePrinting
{
    /// <summary>The tree in canonical include syntax: <c>[a,b[c]]</c>. Used as a cache key.</summary>
    public static string ToIncludeString(this SelectionTree tree) => SelectionPrinter.PrintInclude(tree);

    /// <summary>The tree in canonical GraphQL-like syntax: <c>{ a b { c } }</c>.</summary>
    public static string ToGraphQLString(this SelectionTree tree) => SelectionPrinter.PrintGraphQL(tree);
}
