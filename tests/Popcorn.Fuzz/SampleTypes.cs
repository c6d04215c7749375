using Popcorn.Playground;
using Popcorn.Query;

namespace Popcorn.Fuzz;

/// <summary>The playground's generated model metadata (Employee, Department, Project, Car), to compile fuzzed trees against.</summary>
public static class SampleTypes
{
    /// <summary>Every model type of the sample domain, in a fixed order.</summary>
    public static readonly TypeMetadata[] All = ((IPopcornContext)PlaygroundJsonContext.Default).Writers
        .Select(writer => writer.Metadata)
        .Distinct()
        .OrderBy(type => type.Name, StringComparer.Ordinal)
        .ToArray();
}
