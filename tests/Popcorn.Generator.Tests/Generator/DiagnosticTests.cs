using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>Each POP diagnostic, reported as a value in its own step, never by throwing.</summary>
public class DiagnosticTests
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using Popcorn;

        """;

    [Fact]
    public void Generate_SampleModels_ReportsNothing()
    {
        GeneratorHarness.Run(SampleSources.Models, SampleSources.Context).Diagnostics.ShouldBeEmpty();
    }

    [Fact]
    public void Generate_RefStructMember_ReportsPop001()
    {
        Ids("public class M { public Span<int> Data => default; public int Id { get; set; } }").ShouldBe(["POP001"]);
    }

    [Fact]
    public void Generate_NameOutsideTheGrammar_ReportsPop002()
    {
        Ids("""public class M { [JsonPropertyName("first-name")] public string? A { get; set; } [JsonPropertyName("__meta")] public int B { get; set; } }""")
            .ShouldBe(["POP002", "POP002"]);
    }

    [Fact]
    public void Generate_SubPropertyDefaultThatDoesNotParse_ReportsPop003()
    {
        Ids("""public class M { [SubPropertyDefault("[id,")] public C? C { get; set; } } public class C { public int Id { get; set; } }""").ShouldBe(["POP003"]);
    }

    [Fact]
    public void Generate_SubPropertyDefaultNamingAnUnknownField_ReportsPop003()
    {
        var diagnostic = Diagnostics("""public class M { [SubPropertyDefault("[idd]")] public List<C> C { get; set; } = new(); } public class C { public int Id { get; set; } }""").Single();
        diagnostic.Id.ShouldBe("POP003");
        diagnostic.GetMessage().ShouldContain("'idd'");
    }

    [Fact]
    public void Generate_SubPropertyDefaultNamingANeverField_WarnsAndKeepsTheOtherFields()
    {
        var result = GeneratorHarness.Run(Usings + """
            public class M { [SubPropertyDefault("[make,secret]")] public C? Vehicle { get; set; } }
            public class C { public string? Make { get; set; } public string? Model { get; set; } [Never, JsonIgnore] public string? Secret { get; set; } }
            [PopcornContext, JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase), JsonSerializable(typeof(M))]
            public partial class Ctx : JsonSerializerContext;
            """);

        var diagnostic = result.Diagnostics.Single();
        diagnostic.Id.ShouldBe("POP003");
        diagnostic.GetMessage().ShouldContain("'secret' is [Never] on 'C' and is left out; the other fields apply");
        result.Results.Single().GeneratedSources.Single(s => s.HintName == "Ctx.Popcorn.g.cs").SourceText.ToString()
            .ShouldContain("subPropertyDefault: \"[make,secret]\"");
    }

    [Fact]
    public void Generate_SubPropertyDefaultOnAScalar_ReportsPop003()
    {
        Ids("""public class M { [SubPropertyDefault("[x]")] public int Id { get; set; } }""").ShouldBe(["POP003"]);
    }

    [Fact]
    public void Generate_NeverAndAlways_ReportsPop004()
    {
        Ids("public class M { [Never, Always, JsonIgnore] public int Id { get; set; } }").ShouldBe(["POP004"]);
    }

    [Theory]
    [InlineData("\"\"")]
    [InlineData("\"  \"")]
    public void Generate_PopcornAuthorizeWithBlankPolicy_ReportsPop013(string policy)
    {
        var diagnostic = Diagnostics("public class M { [PopcornAuthorize(" + policy + ")] public int Limit { get; set; } }").Single();

        diagnostic.Id.ShouldBe("POP013");
        diagnostic.Severity.ShouldBe(DiagnosticSeverity.Error);
        diagnostic.GetMessage().ShouldContain("'M.Limit'");
    }

    [Fact]
    public void Generate_PopcornAuthorizeWithAPolicy_ReportsNothing()
    {
        Ids("public class M { [PopcornAuthorize(\"sales\")] public int Limit { get; set; } }").ShouldBeEmpty();
    }

    [Theory]
    [InlineData("[Never] public string? Secret { get; set; }")]
    [InlineData("[Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] public string? Secret { get; set; }")]
    [InlineData("[Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenReading)] public string? Secret { get; set; }")]
    [InlineData("[Never, JsonInclude] internal string? Secret { get; set; }")]
    public void Generate_NeverMemberSystemTextJsonStillWrites_ReportsPop012(string member)
    {
        var diagnostic = Diagnostics("public class M { public int Id { get; set; } " + member + " }").Single();

        diagnostic.Id.ShouldBe("POP012");
        diagnostic.Severity.ShouldBe(DiagnosticSeverity.Error);
        diagnostic.GetMessage().ShouldContain("'M.Secret'");
    }

    [Theory]
    [InlineData("[Never, JsonIgnore] public string? Secret { get; set; }")]
    [InlineData("[Never, JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)] public string? Secret { get; set; }")]
    [InlineData("[Never, JsonIgnore] public Span<int> Secret => default;")]
    [InlineData("[Never] private string? Secret { get; set; }")]
    public void Generate_NeverMemberSystemTextJsonSkips_ReportsNothing(string member)
    {
        Ids("public class M { public int Id { get; set; } " + member + " }").ShouldBeEmpty();
    }

    [Theory]
    [InlineData("[Never] public string? Secret { get; set; }", "[JsonIgnore], or")]
    [InlineData("[Never] public required string Secret { get; init; }", "a required member must stay readable")]
    public void Generate_Pop012_NamesTheFixThatSystemTextJsonAccepts(string member, string fix)
    {
        Diagnostics("public class M { public int Id { get; set; } " + member + " }").Single().GetMessage().ShouldContain(fix);
    }

    [Fact]
    public void Generate_OverrideOfANeverMemberWithoutJsonIgnore_ReportsPop012()
    {
        // System.Text.Json reads [JsonIgnore] from the override alone; Popcorn's [Never] is inherited.
        Ids("public class B { [Never, JsonIgnore] public virtual string? Secret { get; set; } } public class M : B { public override string? Secret { get; set; } }")
            .ShouldBe(["POP012"]);
    }

    [Fact]
    public void Generate_ContextNotPartial_ReportsPop005()
    {
        var ids = GeneratorHarness.Run(Usings + """
            public class M { public int Id { get; set; } }
            [PopcornContext, JsonSerializable(typeof(M))]
            public class Ctx : JsonSerializerContext { public Ctx() : base(null) { } protected override JsonSerializerOptions? GeneratedSerializerOptions => null; public override System.Text.Json.Serialization.Metadata.JsonTypeInfo? GetTypeInfo(Type type) => null; }
            """).Diagnostics.Select(d => d.Id);
        ids.ShouldBe(["POP005"]);
    }

    [Fact]
    public void Generate_NotAJsonContext_ReportsPop006()
    {
        GeneratorHarness.Run(Usings + "[PopcornContext] public partial class Ctx;").Diagnostics.Select(d => d.Id).ShouldBe(["POP006"]);
    }

    [Fact]
    public void Generate_TwoMembersWithOneJsonName_ReportsPop007()
    {
        Ids("""public class M { public int Id { get; set; } [JsonPropertyName("Id")] public int Other { get; set; } }""").ShouldBe(["POP007"]);
    }

    [Fact]
    public void Generate_DictionaryOfModelsWithUnsupportedKeys_ReportsPop008()
    {
        var diagnostic = Diagnostics("public class M { public Dictionary<DateTime, C> ByDate { get; set; } = new(); } public class C { public int Id { get; set; } }").Single();
        (diagnostic.Id, diagnostic.Severity).ShouldBe(("POP008", DiagnosticSeverity.Info));
    }

    [Fact]
    public void Generate_ExtensionData_ReportsPop009()
    {
        Ids("public class M { [JsonExtensionData] public Dictionary<string, JsonElement>? Extra { get; set; } }").ShouldBe(["POP009"]);
    }

    [Fact]
    public void Generate_TwoModelTypesWithOneName_ReportsPop010()
    {
        GeneratorHarness.Run(Usings + """
            namespace A { public class Item { public int Id { get; set; } } }
            namespace B { public class Item { public int Id { get; set; } } }
            public class M { public A.Item? First { get; set; } public B.Item? Second { get; set; } }
            [PopcornContext, JsonSerializable(typeof(M))]
            public partial class Ctx : JsonSerializerContext;
            """).Diagnostics.Select(d => d.Id).ShouldBe(["POP010"]);
    }

    [Fact]
    public void Generate_GenericContext_ReportsPop011()
    {
        GeneratorHarness.Run(Usings + """
            public class M { public int Id { get; set; } }
            [PopcornContext, JsonSerializable(typeof(M))]
            public partial class Ctx<T> : JsonSerializerContext;
            """).Diagnostics.Select(d => d.Id).ShouldContain("POP011");
    }

    [Fact]
    public void Generate_Diagnostic_PointsAtTheMember()
    {
        var diagnostic = Diagnostics("public class M {\n    [Never, Always, JsonIgnore] public int Id { get; set; } }").Single();
        diagnostic.Location.GetLineSpan().StartLinePosition.Line.ShouldBe(Usings.Split('\n').Length);
    }

    private static IEnumerable<string> Ids(string models) => Diagnostics(models).Select(d => d.Id);

    private static IReadOnlyList<Diagnostic> Diagnostics(string models) =>
        GeneratorHarness.Run(Usings + models + """

            [PopcornContext, JsonSerializable(typeof(M))]
            public partial class Ctx : JsonSerializerContext;
            """).Diagnostics;
}
