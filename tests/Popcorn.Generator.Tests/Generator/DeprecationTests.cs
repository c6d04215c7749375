using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Tests.Generator;

/// <summary><c>[Obsolete]</c> on a member: deprecated in the metadata (so in introspection and the SDL), still written.</summary>
public class DeprecationTests
{
    private const string Models = """
        using System;
        using Popcorn;

        namespace Sample;

        public class Gadget
        {
            [Default]
            public int Id { get; set; }

            [Obsolete("Use \"label\" instead.")]
            public string? Name { get; set; }

            [Obsolete]
            public int LegacyCode { get; set; }

            public string? Label { get; set; }
        }
        """;

    private const string Context = """
        using System.Text.Json.Serialization;
        using Popcorn;

        namespace Sample;

        [PopcornContext]
        [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
        [JsonSerializable(typeof(Gadget))]
        public partial class GadgetJsonContext : JsonSerializerContext;
        """;

    [Fact]
    public void Generate_ObsoleteMembers_CompilesWithoutWarningsAndCarriesTheReasons()
    {
        var compilation = GeneratorHarness.Compilation(Models, Context);
        GeneratorHarness.Driver(withSystemTextJson: true)
            .RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);

        generatorDiagnostics.ShouldBeEmpty();
        // The writers read the obsolete members, as System.Text.Json's do, without CS0612/CS0618 in the app's build.
        output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).Select(d => d.ToString()).ShouldBeEmpty();

        string context = output.SyntaxTrees.Single(t => t.FilePath.EndsWith("GadgetJsonContext.Popcorn.g.cs", StringComparison.Ordinal)).ToString();
        context.ShouldContain("""new global::Popcorn.Query.FieldMetadata("name", """);
        context.ShouldContain("deprecationReason: \"Use \\\"label\\\" instead.\"");
        context.ShouldContain("deprecationReason: \"No longer supported\"");
        context.Split("deprecationReason:").Length.ShouldBe(3);
    }
}
