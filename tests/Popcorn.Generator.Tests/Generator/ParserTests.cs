using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>How context options and declarations shape what is generated, checked on the generated text.</summary>
public class ParserTests
{
    [Fact]
    public void Generate_IgnoreReadOnlyOptions_LeaveOutReadOnlyMembers()
    {
        string metadata = ContextFile("""
            public class M
            {
                public int Settable { get; set; }
                public int InitOnly { get; init; }
                public int GetterOnly => 1;
                public readonly int ReadOnlyField = 2;
                public int Field;
                [JsonInclude] public int PrivateSetter { get; private set; }
            }
            [PopcornContext]
            [JsonSourceGenerationOptions(IgnoreReadOnlyProperties = true, IgnoreReadOnlyFields = true, IncludeFields = true)]
            [JsonSerializable(typeof(M))]
            public partial class Ctx : JsonSerializerContext;
            """);

        metadata.ShouldContain("\"Settable\"");
        metadata.ShouldContain("\"InitOnly\"");
        metadata.ShouldContain("\"Field\"");
        metadata.ShouldContain("\"PrivateSetter\"");
        metadata.ShouldNotContain("\"GetterOnly\"");
        metadata.ShouldNotContain("\"ReadOnlyField\"");
    }

    [Fact]
    public void Generate_FieldsWithoutIncludeFields_OnlyJsonIncludeFields()
    {
        string metadata = ContextFile("""
            public class M { public int Plain; [JsonInclude] public int Included; }
            [PopcornContext, JsonSerializable(typeof(M))]
            public partial class Ctx : JsonSerializerContext;
            """);

        metadata.ShouldContain("\"Included\"");
        metadata.ShouldNotContain("\"Plain\"");
    }

    [Fact]
    public void Generate_WebDefaults_UseCamelCase()
    {
        ContextFile("""
            public class M { public int OrderId { get; set; } }
            [PopcornContext, JsonSourceGenerationOptions(JsonSerializerDefaults.Web), JsonSerializable(typeof(M))]
            public partial class Ctx : JsonSerializerContext;
            """).ShouldContain("\"orderId\"");
    }

    [Fact]
    public void Generate_GenericModel_IsNamedAfterItsArguments()
    {
        ContextFile("""
            public class Page<T> { public List<T> Items { get; set; } = new(); }
            public class M { public int Id { get; set; } }
            [PopcornContext, JsonSerializable(typeof(Page<M>))]
            public partial class Ctx : JsonSerializerContext;
            """).ShouldContain("new global::Popcorn.Query.TypeMetadata(\"PageOfM\"");
    }

    [Fact]
    public void Generate_NestedContextInTheGlobalNamespace_CompilesWithoutDiagnostics()
    {
        var compilation = GeneratorHarness.Compilation("""
            using System.Text.Json.Serialization;
            using Popcorn;

            public class Thing { public int Id { get; set; } public Thing? Next { get; set; } internal int Hidden { get; set; } }
            internal class InternalThing { public string Name { get; set; } = ""; }

            public static partial class Outer
            {
                [PopcornContext]
                [JsonSerializable(typeof(Thing))]
                [JsonSerializable(typeof(InternalThing))]
                internal partial class Ctx : JsonSerializerContext;
            }
            """);
        GeneratorHarness.Driver(withSystemTextJson: true).RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);

        diagnostics.ShouldBeEmpty();
        output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).Select(d => d.ToString()).ShouldBeEmpty();
    }

    private static string ContextFile(string source)
    {
        var result = GeneratorHarness.Run("""
            using System;
            using System.Collections.Generic;
            using System.Text.Json;
            using System.Text.Json.Serialization;
            using Popcorn;

            """ + source);
        result.Diagnostics.ShouldBeEmpty();
        return result.Results.Single().GeneratedSources.Single(s => s.HintName == "Ctx.Popcorn.g.cs").SourceText.ToString();
    }
}
