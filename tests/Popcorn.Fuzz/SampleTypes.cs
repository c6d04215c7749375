using Popcorn.Query;
using Popcorn.TestHost;

namespace Popcorn.Fuzz;

/// <summary>The test host's generated model metadata (the sample's Employee, Department, Project, Car), to compile fuzzed trees against.</summary>
public static class SampleTypes
{
    /// <summary>Every model type of the sample domain, in a fixed order.</summary>
    public static readonly TypeMetadata[] All = ((IPopcornContext)TestHostJsonContext.Default).Writers
        .Select(writer => writer.Metadata)
        .Distinct()
        .OrderBy(type => type.Name, StringComparer.Ordinal)
        .ToArray();
}
