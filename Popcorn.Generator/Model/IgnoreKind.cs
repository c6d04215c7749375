namespace Popcorn.Generator.Model;

/// <summary>The effective <c>JsonIgnoreCondition</c> for writing.</summary>
internal enum IgnoreKind
{
    Never,
    WhenWritingNull,
    WhenWritingDefault,
}
