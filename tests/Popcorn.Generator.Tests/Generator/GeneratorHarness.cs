using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Popcorn.Generator.Tests.Generator;

/// <summary>Runs the generator in-process with <see cref="CSharpGeneratorDriver"/> over source text.</summary>
internal static class GeneratorHarness
{
    public static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(() =>
    {
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator).ToList();
        paths.Add(typeof(Popcorn.Query.TypeMetadata).Assembly.Location);
        return [.. paths.Distinct().Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    });

    private static readonly Lazy<ISourceGenerator?> s_systemTextJsonGenerator = new(LoadSystemTextJsonGenerator);

    /// <summary>System.Text.Json's own generator from the SDK's reference pack, so <c>Default</c> exists in test compilations.</summary>
    public static ISourceGenerator? SystemTextJsonGenerator => s_systemTextJsonGenerator.Value;

    public static CSharpCompilation Compilation(params string[] sources) =>
        CSharpCompilation.Create(
            "GeneratorTests",
            sources.Select((source, i) => CSharpSyntaxTree.ParseText(source, ParseOptions, path: $"Source{i}.cs")),
            s_references.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));

    public static GeneratorDriver Driver(bool withSystemTextJson = false)
    {
        var generators = new List<ISourceGenerator> { new PopcornGenerator().AsSourceGenerator() };
        if (withSystemTextJson)
        {
            generators.Add(SystemTextJsonGenerator ?? throw new InvalidOperationException("System.Text.Json's source generator was not found in the SDK's reference pack."));
        }

        return CSharpGeneratorDriver.Create(
            generators,
            parseOptions: ParseOptions,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
    }

    /// <summary>Runs Popcorn's generator over <paramref name="sources"/>: the generated files and the generator's diagnostics.</summary>
    public static GeneratorDriverRunResult Run(params string[] sources) =>
        Driver().RunGenerators(Compilation(sources)).GetRunResult();

    private static ISourceGenerator? LoadSystemTextJsonGenerator()
    {
        string runtime = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        string packs = Path.GetFullPath(Path.Combine(runtime, "..", "..", "..", "packs", "Microsoft.NETCore.App.Ref"));
        if (!Directory.Exists(packs))
        {
            return null;
        }

        string? path = Directory.GetDirectories(packs)
            .OrderByDescending(d => Version.TryParse(Path.GetFileName(d).Split('-')[0], out var v) ? v : new Version())
            .Select(d => Path.Combine(d, "analyzers", "dotnet", "cs", "System.Text.Json.SourceGeneration.dll"))
            .FirstOrDefault(File.Exists);
        if (path is null)
        {
            return null;
        }

        var type = Assembly.LoadFrom(path).GetTypes().FirstOrDefault(t => typeof(IIncrementalGenerator).IsAssignableFrom(t) && !t.IsAbstract);
        return type is null ? null : ((IIncrementalGenerator)Activator.CreateInstance(type)!).AsSourceGenerator();
    }
}
