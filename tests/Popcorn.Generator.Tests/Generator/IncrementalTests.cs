using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>Unrelated edits reuse every step; the spec holds no symbols, syntax or compilations.</summary>
public class IncrementalTests
{
    private static readonly string[] s_steps =
    [
        PopcornGenerator.StepNames.ParseResults,
        PopcornGenerator.StepNames.Specs,
        PopcornGenerator.StepNames.Diagnostics,
    ];

    [Fact]
    public void Run_UnrelatedFileAdded_EveryStepIsCachedOrUnchanged()
    {
        var compilation = GeneratorHarness.Compilation(SampleSources.Models, SampleSources.Context);
        var driver = GeneratorHarness.Driver().RunGenerators(compilation);

        var edited = compilation.AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace Other; internal sealed class Unrelated { public int X { get; set; } }", GeneratorHarness.ParseOptions));
        var result = driver.RunGenerators(edited).GetRunResult().Results.Single();

        AssertReused(result);
    }

    [Fact]
    public void Run_CommentAddedToTheModels_EveryStepIsCachedOrUnchanged()
    {
        var compilation = GeneratorHarness.Compilation(SampleSources.Models, SampleSources.Context);
        var driver = GeneratorHarness.Driver().RunGenerators(compilation);

        var models = compilation.SyntaxTrees.First();
        var text = models.GetText();
        var commented = models.WithChangedText(text.WithChanges(new TextChange(new TextSpan(text.Length, 0), "\n// A comment that changes nothing.\n")));
        var result = driver.RunGenerators(compilation.ReplaceSyntaxTree(models, commented)).GetRunResult().Results.Single();

        AssertReused(result);
    }

    [Fact]
    public void Run_ModelChanged_TheSpecIsModified()
    {
        var compilation = GeneratorHarness.Compilation(SampleSources.Models, SampleSources.Context);
        var driver = GeneratorHarness.Driver().RunGenerators(compilation);

        var models = compilation.SyntaxTrees.First();
        var renamed = CSharpSyntaxTree.ParseText(SampleSources.Models.Replace("public string? Email", "public string? EmailAddress"), GeneratorHarness.ParseOptions);
        var result = driver.RunGenerators(compilation.ReplaceSyntaxTree(models, renamed)).GetRunResult().Results.Single();

        result.TrackedSteps[PopcornGenerator.StepNames.Specs]
            .SelectMany(step => step.Outputs)
            .ShouldContain(output => output.Reason == IncrementalStepRunReason.Modified);
        result.GeneratedSources.Single(s => s.HintName.EndsWith("CustomerWriter.g.cs", StringComparison.Ordinal)).SourceText.ToString().ShouldContain("emailAddress");
    }

    [Fact]
    public void Spec_RecordTypes_HoldNoSymbolSyntaxOrCompilation()
    {
        var forbidden = new[] { typeof(ISymbol), typeof(SyntaxNode), typeof(SyntaxTree), typeof(Location), typeof(Compilation), typeof(SemanticModel), typeof(AttributeData) };
        var seen = new HashSet<Type>();
        var pending = new Stack<Type>([typeof(ParseResult)]);
        while (pending.Count > 0)
        {
            var type = pending.Pop();
            if (!seen.Add(type) || type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(TextSpan) || type == typeof(LinePositionSpan))
            {
                continue;
            }

            forbidden.ShouldNotContain(f => f.IsAssignableFrom(type), $"{type} is reachable from the spec");
            if (type.IsGenericType)
            {
                foreach (var argument in type.GetGenericArguments())
                {
                    pending.Push(argument);
                }
            }

            if (type.Namespace == typeof(ParseResult).Namespace && !type.IsValueType)
            {
                // Records compare by value: sealed, with a compiler-generated Equals(T).
                type.IsSealed.ShouldBeTrue($"{type} should be sealed");
                type.GetMethod("Equals", [type]).ShouldNotBeNull($"{type} should be a record");
            }

            foreach (var field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (!field.Name.Contains("EqualityContract", StringComparison.Ordinal))
                {
                    pending.Push(field.FieldType);
                }
            }
        }

        seen.ShouldContain(typeof(ValueShape));
        seen.ShouldContain(typeof(MemberSpec));
    }

    [Fact]
    public void Spec_ParsedTwice_IsEqual()
    {
        var first = GeneratorHarness.Run(SampleSources.Models, SampleSources.Context).Results.Single().TrackedSteps[PopcornGenerator.StepNames.Specs];
        var second = GeneratorHarness.Run(SampleSources.Models, SampleSources.Context).Results.Single().TrackedSteps[PopcornGenerator.StepNames.Specs];
        var a = first.Single().Outputs.Single().Value;
        var b = second.Single().Outputs.Single().Value;
        a.ShouldNotBeSameAs(b);
        a.ShouldBe(b);
        a.GetHashCode().ShouldBe(b.GetHashCode());
    }

    private static void AssertReused(GeneratorRunResult result)
    {
        foreach (string step in s_steps)
        {
            result.TrackedSteps.ShouldContainKey(step);
            foreach (var output in result.TrackedSteps[step].SelectMany(s => s.Outputs))
            {
                output.Reason.ShouldBeOneOf([IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged], step);
            }
        }

        foreach (var output in result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(s => s.Outputs))
        {
            output.Reason.ShouldBe(IncrementalStepRunReason.Cached);
        }
    }
}
