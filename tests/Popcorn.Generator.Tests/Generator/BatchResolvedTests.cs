using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>
/// <c>[BatchResolved]</c>: the resolver is checked at build time (POP014), the metadata names it, and every writer path
/// (plan, full, parts, CSV) reads the resolved value instead of the property.
/// </summary>
public class BatchResolvedTests
{
    private const string Usings = """
        using System.Collections.Generic;
        using System.Text.Json.Serialization;
        using System.Threading;
        using System.Threading.Tasks;
        using Popcorn;
        using Popcorn.Query;

        """;

    private const string Resolver = """
        public sealed class Ratings : IPopcornBatchResolver<Book, double?>
        {
            public ValueTask<IReadOnlyList<double?>> ResolveAsync(IReadOnlyList<Book> parents, CancellationToken cancellationToken) =>
                new(new double?[parents.Count]);
        }

        """;

    [Fact]
    public void Generate_FittingResolver_CompilesAndReadsTheResolvedValueOnEveryPath()
    {
        var compilation = GeneratorHarness.Compilation(Usings + Resolver + """
            public class Book
            {
                public int Id { get; set; }
                [BatchResolved(typeof(Ratings))] public double? Rating { get; set; }
            }

            [PopcornContext, JsonSerializable(typeof(Book))]
            public partial class Ctx : JsonSerializerContext;
            """);
        GeneratorHarness.Driver(withSystemTextJson: true).RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);

        generatorDiagnostics.ShouldBeEmpty();
        output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).Select(d => d.ToString()).ShouldBeEmpty();
        string generated = string.Concat(output.SyntaxTrees.Where(t => t.FilePath.Contains("Popcorn", StringComparison.Ordinal)).Select(t => t.ToString()));
        generated.ShouldContain("{ Batch = new global::Popcorn.Query.PopcornBatchField<global::Book, double?>(typeof(global::Ratings)) }");

        // The plan path, the straight-line path and the CSV row each read it through the current batch values; the id never does.
        int reads = generated.Split("PopcornBatchValues.Read(value, PopcornMetadata.Book.Fields[1], value.Rating)").Length - 1;
        reads.ShouldBeGreaterThanOrEqualTo(3);
        generated.ShouldNotContain("PopcornBatchValues.Read(value, PopcornMetadata.Book.Fields[0]");
    }

    [Theory]
    [InlineData("[BatchResolved(typeof(Ratings))] public double Rating { get; set; }", "must implement IPopcornBatchResolver<Book, double>")]
    [InlineData("[BatchResolved(typeof(Ratings)), Sortable] public double? Rating { get; set; }", "cannot be [Never], [Sortable] or [Filterable]")]
    [InlineData("[BatchResolved(typeof(string))] public double? Rating { get; set; }", "must implement IPopcornBatchResolver<Book, double?>")]
    [InlineData("[BatchResolved(typeof(IPopcornBatchResolver<Book, double?>))] public double? Rating { get; set; }", "must be a non-abstract class")]
    public void Generate_ResolverThatDoesNotFit_ReportsPop014AndKeepsAPlainMember(string member, string problem)
    {
        var result = GeneratorHarness.Run(Usings + Resolver + "public class Book { public int Id { get; set; } " + member + """
             }

            [PopcornContext, JsonSerializable(typeof(Book))]
            public partial class Ctx : JsonSerializerContext;
            """);

        var diagnostic = result.Diagnostics.Single();
        diagnostic.Id.ShouldBe("POP014");
        diagnostic.Severity.ShouldBe(DiagnosticSeverity.Error);
        diagnostic.GetMessage().ShouldContain("'Book.Rating'");
        diagnostic.GetMessage().ShouldContain(problem);
        string.Concat(result.Results.Single().GeneratedSources.Select(s => s.SourceText.ToString())).ShouldNotContain("PopcornBatchField");
    }

    [Fact]
    public void Generate_OnAStruct_ReportsPop014()
    {
        var result = GeneratorHarness.Run(Usings + """
            public sealed class Labels : IPopcornBatchResolver<Point, string>
            {
                public ValueTask<IReadOnlyList<string>> ResolveAsync(IReadOnlyList<Point> parents, CancellationToken cancellationToken) => new(new string[parents.Count]);
            }

            public struct Point { public int X { get; set; } [BatchResolved(typeof(Labels))] public string Label { get; set; } }

            [PopcornContext, JsonSerializable(typeof(Point))]
            public partial class Ctx : JsonSerializerContext;
            """);

        result.Diagnostics.Select(d => d.Id).ShouldContain("POP014");
        result.Diagnostics.Single(d => d.Id == "POP014").GetMessage().ShouldContain("struct");
    }
}
