using System.Runtime.CompilerServices;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>
/// The generated code of representative models, compared with committed snapshots. Set
/// <c>POPCORN_UPDATE_SNAPSHOTS=1</c> to rewrite them after an intended change, then review the diff.
/// </summary>
public class SnapshotTests
{
    [Theory]
    [InlineData("Sample.SampleJsonContext.Popcorn.g.cs")]
    [InlineData("Sample.SampleJsonContext.Popcorn.CustomerWriter.g.cs")]
    [InlineData("Sample.SampleJsonContext.Popcorn.OrderWriter.g.cs")]
    [InlineData("Sample.SampleJsonContext.Popcorn.CategoryWriter.g.cs")]
    public void Generate_RepresentativeModels_MatchesSnapshot(string hintName)
    {
        var result = GeneratorHarness.Run(SampleSources.Models, SampleSources.Context);
        result.Diagnostics.ShouldBeEmpty();
        var generated = result.Results.Single().GeneratedSources.Single(s => s.HintName == hintName).SourceText.ToString();

        string path = SnapshotPath(hintName.Replace(".g.cs", ".verified.cs.txt"));
        if (Environment.GetEnvironmentVariable("POPCORN_UPDATE_SNAPSHOTS") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, generated);
        }

        File.Exists(path).ShouldBeTrue($"No snapshot {path}; run with POPCORN_UPDATE_SNAPSHOTS=1 to create it.");
        generated.ShouldBe(File.ReadAllText(path), $"{hintName} differs from its snapshot; run with POPCORN_UPDATE_SNAPSHOTS=1 to accept.");
    }

    /// <summary>
    /// Every file the generator emits for one baseline scenario (a polymorphic base, <c>[Sortable]</c>/<c>[Filterable]</c>
    /// lists, a dictionary of models, a custom <c>JsonConverter</c>), in one snapshot, in hint-name order.
    /// </summary>
    [Theory]
    [InlineData("Polymorphic")]
    [InlineData("SortableFilterable")]
    [InlineData("DictionaryOfModels")]
    [InlineData("CustomConverter")]
    public void Generate_BaselineScenario_MatchesSnapshot(string scenario)
    {
        var result = GeneratorHarness.Run(BaselineScenarios.Source(scenario));
        result.Diagnostics.ShouldBeEmpty();
        var generated = string.Concat(result.Results.Single().GeneratedSources
            .OrderBy(s => s.HintName, StringComparer.Ordinal)
            .Select(s => $"// ---- {s.HintName}\n{s.SourceText}\n"));

        string path = SnapshotPath($"Baseline.{scenario}.verified.cs.txt");
        if (Environment.GetEnvironmentVariable("POPCORN_UPDATE_SNAPSHOTS") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, generated);
        }

        File.Exists(path).ShouldBeTrue($"No snapshot {path}; run with POPCORN_UPDATE_SNAPSHOTS=1 to create it.");
        generated.ShouldBe(File.ReadAllText(path), $"The {scenario} scenario differs from its snapshot; run with POPCORN_UPDATE_SNAPSHOTS=1 to accept.");
    }

    [Fact]
    public void Generate_RepresentativeModels_EmitsOneFilePerWriterAndOneForTheContext()
    {
        var result = GeneratorHarness.Run(SampleSources.Models, SampleSources.Context);
        result.Results.Single().GeneratedSources.Select(s => s.HintName).Order().ShouldBe(
        [
            "Sample.SampleJsonContext.Popcorn.CategoryWriter.g.cs",
            "Sample.SampleJsonContext.Popcorn.CustomerWriter.g.cs",
            "Sample.SampleJsonContext.Popcorn.LineWriter.g.cs",
            "Sample.SampleJsonContext.Popcorn.OrderWriter.g.cs",
            "Sample.SampleJsonContext.Popcorn.g.cs",
        ]);
    }

    private static string SnapshotPath(string name, [CallerFilePath] string callerPath = "") =>
        Path.Combine(Path.GetDirectoryName(callerPath)!, "Snapshots", name);
}
