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
internal sealed record ValueShape(
    ShapeKind Kind,
    string TypeName,
    string BareTypeName,
    bool IsValueType,
    PrimitiveKind Primitive = PrimitiveKind.None,
    string? Target = null,
    CollectionKind Collection = CollectionKind.None,
    ValueShape? Element = null,
    ValueShape? Key = null);

internal enum ShapeKind
{
    Primitive,
    NumericEnum,
    StringEnum,
    Model,
    Nullable,
    Sequence,
    Dictionary,
    Delegated,
    Converter,
}

internal enum PrimitiveKind
{
    None,
    Boolean,
    Byte,
    SByte,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Single,
    Double,
    Decimal,
    Char,
    String,
    Guid,
    DateTime,
    DateTimeOffset,
    DateOnly,
    TimeOnly,
    TimeSpan,
    Uri,
    ByteArray,
}

internal enum CollectionKind
{
    None,

    /// <summary><c>T[]</c>: indexed loop.</summary>
    Array,

    /// <summary><c>List&lt;T&gt;</c>: loop over <c>CollectionsMarshal.AsSpan</c>.</summary>
    List,

    /// <summary><c>ImmutableArray&lt;T&gt;</c>: loop over <c>AsSpan()</c>.</summary>
    ImmutableArray,

    /// <summary><c>HashSet&lt;T&gt;</c> or <c>Dictionary&lt;K,V&gt;</c>: <c>foreach</c> over the concrete type (struct enumerator).</summary>
    Concrete,

    /// <summary>A sequence interface: runtime checks for <c>List&lt;T&gt;</c> and arrays, else <c>foreach</c>.</summary>
    SequenceInterface,

    /// <summary>A dictionary interface: runtime check for <c>Dictionary&lt;K,V&gt;</c>, else <c>foreach</c>.</summary>
    DictionaryInterface,

    /// <summary>Another concrete collection or dictionary: <c>foreach</c> through <c>IEnumerable&lt;T&gt;</c>.</summary>
    Enumerable,
}
