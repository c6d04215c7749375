namespace Popcorn.Query;

/// <summary>The kinds of literal an argument can hold (GraphQL's input values, less variables).</summary>
public enum QueryValueKind
{
    /// <summary><c>null</c>.</summary>
    Null,

    /// <summary><c>true</c> or <c>false</c>.</summary>
    Boolean,

    /// <summary>An integer literal, kept as written.</summary>
    Int,

    /// <summary>A floating-point literal, kept as written.</summary>
    Float,

    /// <summary>A string literal, unescaped.</summary>
    String,

    /// <summary>A bare name such as <c>ACTIVE</c>.</summary>
    Enum,

    /// <summary><c>[v, ...]</c>.</summary>
    List,

    /// <summary><c>{name: v, ...}</c>.</summary>
    Object,
}
