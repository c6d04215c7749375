namespace Popcorn.Generator.Model;

/// <summary>
/// How one value is written, recursively: a primitive, an enum, a model, a nullable, a sequence, a
/// dictionary, or a value handed to System.Text.Json.
/// </summary>
/// <param name="Kind">What the value is.</param>
/// <param name="TypeName">The type in code, <c>global::</c>-qualified with nullable annotations.</param>
/// <param name="BareTypeName">The type without nullable reference annotations, for type patterns and <c>typeof</c>.</param>
/// <param name="IsValueType">True for value types (no null check needed unless Nullable).</param>
/// <param name="Primitive">For <see cref="ShapeKind.Primitive"/>: which one.</param>
/// <param name="Target">Model identifier (Model), enum identifier (StringEnum), underlying integral type (NumericEnum), delegated type identifier (Delegated), or converter type (Converter).</param>
/// <param name="Collection">For sequences and dictionaries: how to iterate.</param>
/// <param name="Element">The underlying type (Nullable), element (Sequence) or value (Dictionary).</param>
/// <param name="Key">For dictionaries: the key shape (String or Primitive).</param>
/// <param name="NonNullElements">For sequences of a reference type: the element is declared non-null (<c>List&lt;string&gt;</c> under nullable annotations, not <c>List&lt;string?&gt;</c> or oblivious code).</param>
internal sealed record ValueShape(
    ShapeKind Kind,
    string TypeName,
    string BareTypeName,
    bool IsValueType,
    PrimitiveKind Primitive = PrimitiveKind.None,
    string? Target = null,
    CollectionKind Collection = CollectionKind.None,
    ValueShape? Element = null,
    ValueShape? Key = null,
    bool NonNullElements = false);
