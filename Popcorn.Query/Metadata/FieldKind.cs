namespace Popcorn.Query;

/// <summary>How a field's value is shaped, which decides what a selection may say about it.</summary>
public enum FieldKind
{
    /// <summary>A single value written as a JSON primitive (or by System.Text.Json as a whole); takes no children.</summary>
    Scalar,

    /// <summary>A single model object; children select its fields.</summary>
    Object,

    /// <summary>A sequence; when its elements are models, children select their fields.</summary>
    List,

    /// <summary>A dictionary; when its values are models, children select their fields.</summary>
    Map,
}
