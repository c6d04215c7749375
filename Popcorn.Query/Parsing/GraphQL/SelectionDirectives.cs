namespace Popcorn.Query;

/// <summary>What a selection's directives decide: whether it is kept, and where <c>@exclude</c> and <c>@optional</c> were written (-1 when absent).</summary>
internal readonly record struct SelectionDirectives(bool Included, int ExcludeOffset, int OptionalOffset);
