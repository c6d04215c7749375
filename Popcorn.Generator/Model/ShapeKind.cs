namespace Popcorn.Generator.Model;

/// <summary>What a value is, which decides how it is written.</summary>
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
