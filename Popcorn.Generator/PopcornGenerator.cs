using Microsoft.CodeAnalysis;
using Popcorn.Generator.Emit;
using Popcorn.Generator.Model;
using Popcorn.Generator.Parsing;

namespace Popcorn.Generator;

/// <summary>
/// Emits Popcorn metadata and reflection-free writers for every <c>[PopcornContext]</c>
/// <c>JsonSerializerContext</c>. Three stages with hard walls: this pipeline, the
/// <see cref="ContextParser"/> (symbols to an equatable spec) and the <see cref="ContextEmitter"/>
/// (spec to text).
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class PopcornGenerator : IIncrementalGenerator
{
    /// <summary>The attribute that opts a context in.</summary>
    public const string ContextAttributeName = "Popcorn.PopcornContextAttribute";

    /// <summary>Tracking names of the pipeline's steps, for incremental-caching tests.</summary>
    public static class StepNames
    {
        /// <summary>The parse of each context: spec and diagnostics.</summary>
        public const string ParseResults = "Popcorn.ParseResults";

        /// <summary>The specs to emit.</summary>
        public const string Specs = "Popcorn.Specs";

        /// <summary>The diagnostics to report.</summary>
        public const string Diagnostics = "Popcorn.Diagnostics";
    }

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        var results = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                ContextAttributeName,
                static (node, _) => node is Microsoft.CodeAnalysis.CSharp.Syntax.ClassDeclarationSyntax,
                static (syntaxContext, cancellationToken) => ContextParser.Parse(syntaxContext, cancellationToken))
            .WithTrackingName(StepNames.ParseResults);

        var specs = results
            .Select(static (result, _) => result.Spec)
            .Where(static spec => spec is not null)
            .WithTrackingName(StepNames.Specs);

        var diagnostics = results
            .Select(static (result, _) => result.Diagnostics)
            .WithTrackingName(StepNames.Diagnostics);

        context.RegisterSourceOutput(specs, static (productionContext, spec) => ContextEmitter.Emit(productionContext, spec!));
        context.RegisterSourceOutput(diagnostics, static (productionContext, diagnostics) =>
        {
            foreach (var diagnostic in diagnostics)
            {
                productionContext.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        });
    }
}
