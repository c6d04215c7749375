using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Popcorn.Generator.Model;

/// <summary>
/// Where a diagnostic points, held as plain values: a <see cref="Location"/> keeps its syntax tree
/// (and so a compilation) alive and does not compare by value.
/// </summary>
internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);

    public static LocationInfo? From(Location? location)
    {
        if (location is null || location.SourceTree is null)
        {
            return null;
        }

        return new LocationInfo(location.SourceTree.FilePath, location.SourceSpan, location.GetLineSpan().Span);
    }
}
