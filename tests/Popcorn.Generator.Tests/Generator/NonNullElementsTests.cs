using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>
/// <c>FieldFlags.NonNullElements</c>: a list whose elements the C# code declares non-null and whose element type cannot
/// lead back to itself (docs/graphql-syntax.md, "List element types"); the plan writers test such a list's elements.
/// </summary>
public class NonNullElementsTests
{
    private const string Models = """
        using System.Collections.Generic;
        using Popcorn;

        namespace Sample;

        public class Shelf
        {
            [Default] public int Id { get; set; }
            public List<string> Labels { get; set; } = [];
            public List<string?> Notes { get; set; } = [];
            public Book[] Books { get; set; } = [];
            public List<Book?> Maybe { get; set; } = [];
            public List<Shelf> Neighbours { get; set; } = [];
            public List<int> Counts { get; set; } = [];
        #nullable disable
            public List<string> Oblivious { get; set; } = [];
        #nullable restore
        }

        public class Book
        {
            [Default] public string Title { get; set; } = "";
        }
        """;

    private const string Context = """
        using System.Text.Json.Serialization;
        using Popcorn;

        namespace Sample;

        [PopcornContext]
        [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
        [JsonSerializable(typeof(Shelf))]
        public partial class ShelfJsonContext : JsonSerializerContext;
        """;

    [Theory]
    [InlineData("labels", true)]
    [InlineData("books", true)]
    [InlineData("notes", false)]
    [InlineData("maybe", false)]
    [InlineData("neighbours", false)]
    [InlineData("counts", false)]
    [InlineData("oblivious", false)]
    public void Generate_List_IsNonNullElementsOnlyWhenDeclaredNonNullAndAcyclic(string field, bool flagged)
    {
        string context = Generated("ShelfJsonContext.Popcorn.g.cs");

        string line = context.Split('\n').Single(l => l.Contains($"FieldMetadata(\"{field}\", ", StringComparison.Ordinal));
        line.Contains("FieldFlags.NonNullElements", StringComparison.Ordinal).ShouldBe(flagged, line);
    }

    [Fact]
    public void Generate_PlanWriter_TestsTheElementsOfFlaggedListsOnly()
    {
        string writer = Generated("ShelfJsonContext.Popcorn.ShelfWriter.g.cs");

        // In WriteValue and in WritePart: the loop over labels, and over books both the plain loop and the loop over the
        // list its arguments arranged (a list of models takes first/orderBy/where; one of strings does not).
        writer.Split("ThrowNullElement(field)").Length.ShouldBe(1 + (2 * (1 + 2)));
    }

    private static string Generated(string suffix)
    {
        var compilation = GeneratorHarness.Compilation(Models, Context);
        GeneratorHarness.Driver(withSystemTextJson: true)
            .RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        diagnostics.ShouldBeEmpty();
        output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(d => d.ToString()).ShouldBeEmpty();
        return output.SyntaxTrees.Single(t => t.FilePath.EndsWith(suffix, StringComparison.Ordinal)).ToString();
    }
}
