using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Tests.Generator;

public class CompilationTests
{
    [Fact]
    public void Generate_WithSystemTextJsonGenerator_CompilesWithoutAnyDiagnostic()
    {
        var compilation = GeneratorHarness.Compilation(SampleSources.Models, SampleSources.Context);
        GeneratorHarness.Driver(withSystemTextJson: true)
            .RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);

        generatorDiagnostics.ShouldBeEmpty();
        var diagnostics = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).Select(d => d.ToString()).ToList();
        diagnostics.ShouldBeEmpty();
        output.SyntaxTrees.Count(t => t.FilePath.Contains("Popcorn", StringComparison.Ordinal)).ShouldBe(5);
    }
}
