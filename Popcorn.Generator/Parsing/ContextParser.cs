using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Popcorn.Generator.Diagnostics;
using Popcorn.Generator.Model;

namespace Popcorn.Generator.Parsing;

/// <summary>
/// Turns one <c>[PopcornContext]</c> class into a <see cref="ContextSpec"/>: reads the context's
/// System.Text.Json options and roots, walks every model type they reach and describes each member as
/// System.Text.Json would write it. The only stage that sees symbols; its output holds none.
/// </summary>
internal sealed partial class ContextParser
{
    /// <summary>Types in code: <c>global::</c>-qualified, keywords for special types, nullable annotations kept.</summary>
    private static readonly SymbolDisplayFormat s_codeFormat = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>Types for <c>typeof</c>: no nullable reference annotations.</summary>
    private static readonly SymbolDisplayFormat s_typeOfFormat = SymbolDisplayFormat.FullyQualifiedFormat;

    /// <summary>Types as shown to people: <c>List&lt;Car&gt;</c>, <c>string?</c>.</summary>
    private static readonly SymbolDisplayFormat s_displayFormat = SymbolDisplayFormat.MinimallyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly Compilation _compilation;
    private readonly INamedTypeSymbol _context;
    private readonly KnownTypes _known;
    private readonly CancellationToken _cancellationToken;
    private readonly List<DiagnosticInfo> _diagnostics = new();
    private readonly Dictionary<ITypeSymbol, ModelBuilder> _models = new(SymbolEqualityComparer.Default);
    private readonly List<ModelBuilder> _modelOrder = new();
    private readonly Dictionary<string, int> _metadataNames = new(StringComparer.Ordinal);
    private readonly HashSet<string> _reportedFeatures = new(StringComparer.Ordinal);
    private ContextOptions _options = new();

    private ContextParser(Compilation compilation, INamedTypeSymbol context, CancellationToken cancellationToken)
    {
        _compilation = compilation;
        _context = context;
        _known = new KnownTypes(compilation);
        _cancellationToken = cancellationToken;
    }

    /// <summary>Parses the context the attribute is on. Never throws except for cancellation.</summary>
    public static ParseResult Parse(GeneratorAttributeSyntaxContext syntaxContext, CancellationToken cancellationToken)
    {
        if (syntaxContext.TargetSymbol is not INamedTypeSymbol context)
        {
            return new ParseResult(null, EquatableArray<DiagnosticInfo>.Empty);
        }

        try
        {
            return new ContextParser(syntaxContext.SemanticModel.Compilation, context, cancellationToken).Run();
        }
        catch (OperationCanceledException)
        {
            throw;
        }
        catch (Exception e)
        {
            var diagnostic = new DiagnosticInfo(
                DiagnosticDescriptors.GeneratorFailed.Id,
                LocationInfo.From(context.Locations.FirstOrDefault()),
                new[] { context.Name, e.GetType().Name + ": " + e.Message }.ToEquatableArray());
            return new ParseResult(null, new[] { diagnostic }.ToEquatableArray());
        }
    }

    private ParseResult Run()
    {
        if (!Validate())
        {
            return new ParseResult(null, _diagnostics.ToEquatableArray());
        }

        _options = ReadOptions();
        foreach (var attribute in _context.GetAttributes())
        {
            if (KnownTypes.IsAttribute(attribute, _known.JsonSerializableAttribute)
                && attribute.ConstructorArguments.Length > 0
                && attribute.ConstructorArguments[0].Value is ITypeSymbol root)
            {
                AddRoot(root);
            }
        }

        // Members are read breadth-first; reading one model may discover more.
        for (int i = 0; i < _modelOrder.Count; i++)
        {
            _cancellationToken.ThrowIfCancellationRequested();
            BuildMembers(_modelOrder[i]);
        }

        ValidateSubPropertyDefaults();
        AnalyzeCycles();
        return new ParseResult(BuildSpec(), _diagnostics.ToEquatableArray());
    }

    private bool Validate()
    {
        bool valid = true;
        if (!InheritsFrom(_context, _known.JsonSerializerContext))
        {
            Report(DiagnosticDescriptors.NotAJsonContext, _context, _context.Name);
            valid = false;
        }

        if (_context.IsGenericType)
        {
            Report(DiagnosticDescriptors.GenericContext, _context, _context.Name);
            valid = false;
        }

        for (var type = _context; type is not null; type = type.ContainingType)
        {
            bool partial = type.DeclaringSyntaxReferences
                .Select(reference => reference.GetSyntax(_cancellationToken))
                .OfType<TypeDeclarationSyntax>()
                .Any(declaration => declaration.Modifiers.Any(SyntaxKind.PartialKeyword));
            if (!partial)
            {
                Report(DiagnosticDescriptors.ContextNotPartial, _context, _context.Name);
                return false;
            }
        }

        return valid;
    }

    private ContextOptions ReadOptions()
    {
        var options = new ContextOptions();
        var attribute = _context.GetAttributes().FirstOrDefault(a => KnownTypes.IsAttribute(a, _known.JsonSourceGenerationOptionsAttribute));
        if (attribute is null)
        {
            return options;
        }

        // JsonSerializerDefaults.Web (1) implies camelCase names.
        if (attribute.ConstructorArguments.Length > 0 && attribute.ConstructorArguments[0].Value is int defaults && defaults == 1)
        {
            options.PropertyNaming = NamingPolicy.CamelCase;
        }

        foreach (var argument in attribute.NamedArguments)
        {
            var value = argument.Value;
            switch (argument.Key)
            {
                case "PropertyNamingPolicy" when value.Value is int policy:
                    options.PropertyNaming = (NamingPolicy)policy;
                    break;
                case "DictionaryKeyPolicy" when value.Value is int policy:
                    options.DictionaryKeyPolicy = (NamingPolicy)policy;
                    break;
                case "UseStringEnumConverter" when value.Value is bool use:
                    options.StringEnums = use;
                    break;
                case "DefaultIgnoreCondition" when value.Value is int condition:
                    options.DefaultIgnore = condition switch
                    {
                        2 => IgnoreKind.WhenWritingDefault,
                        3 => IgnoreKind.WhenWritingNull,
                        _ => IgnoreKind.Never,
                    };
                    break;
                case "IgnoreReadOnlyProperties" when value.Value is bool ignore:
                    options.IgnoreReadOnlyProperties = ignore;
                    break;
                case "IgnoreReadOnlyFields" when value.Value is bool ignore:
                    options.IgnoreReadOnlyFields = ignore;
                    break;
                case "IncludeFields" when value.Value is bool include:
                    options.IncludeFields = include;
                    break;
                case "NumberHandling" when value.Value is int handling:
                    // WriteAsString (2) and AllowNamedFloatingPointLiterals (4) change how numbers are written.
                    options.NumbersDelegated = (handling & 6) != 0;
                    break;
                case "ReferenceHandler" when value.Value is int handler && handler == 1:
                    ReportFeature("ReferenceHandler = Preserve", _context, "writers write no $id/$ref metadata; cycles are written as null");
                    break;
                case "Converters" when value.Kind == TypedConstantKind.Array:
                    foreach (var item in value.Values)
                    {
                        if (item.Value is INamedTypeSymbol converter)
                        {
                            AddOptionsConverter(options, converter);
                        }
                    }

                    break;
            }
        }

        return options;
    }

    private void AddOptionsConverter(ContextOptions options, INamedTypeSymbol converter)
    {
        if (KnownTypes.Is(converter, _known.JsonStringEnumConverter))
        {
            options.StringEnums = true;
        }
        else if (KnownTypes.Is(converter, _known.JsonStringEnumConverterOfT))
        {
            options.StringEnumTypes.Add(converter.TypeArguments[0]);
        }
        else if (ConvertedType(converter) is { } converted)
        {
            options.ConvertedTypes.Add(converted);
        }
        else
        {
            ReportFeature($"Converter factory '{converter.Name}' in JsonSourceGenerationOptions.Converters", _context, "Popcorn cannot tell which types it converts; they are written by Popcorn's own writers");
        }
    }

    /// <summary>Registers the model types a root reaches directly: itself, or its elements and values.</summary>
    private void AddRoot(ITypeSymbol root) => _ = Shape(root, memberConverter: null, owner: root);

    /// <summary>The identifiers of the model types a shape reaches.</summary>
    private static IEnumerable<string> ModelsIn(ValueShape shape)
    {
        for (var current = shape; current is not null; current = current.Element)
        {
            if (current.Kind == ShapeKind.Model)
            {
                yield return current.Target!;
            }
        }
    }

    private static bool InheritsFrom(ITypeSymbol type, INamedTypeSymbol? baseType)
    {
        for (var current = type.BaseType; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
            {
                return true;
            }
        }

        return false;
    }

    private void Report(DiagnosticDescriptor descriptor, ISymbol? at, params string[] args) =>
        _diagnostics.Add(new DiagnosticInfo(descriptor.Id, LocationInfo.From(at?.Locations.FirstOrDefault(l => l.IsInSource)), args.ToEquatableArray()));

    private void ReportFeature(string feature, ISymbol at, string consequence)
    {
        if (_reportedFeatures.Add(feature + "|" + at.ToDisplayString()))
        {
            Report(DiagnosticDescriptors.FeatureNotSupported, at, feature, at.Name, consequence);
        }
    }

    /// <summary>The context's System.Text.Json options that change what is written.</summary>
    private sealed class ContextOptions
    {
        public NamingPolicy PropertyNaming { get; set; }

        public NamingPolicy DictionaryKeyPolicy { get; set; }

        public bool StringEnums { get; set; }

        public IgnoreKind DefaultIgnore { get; set; }

        public bool IgnoreReadOnlyProperties { get; set; }

        public bool IgnoreReadOnlyFields { get; set; }

        public bool IncludeFields { get; set; }

        public bool NumbersDelegated { get; set; }

        public HashSet<ITypeSymbol> StringEnumTypes { get; } = new(SymbolEqualityComparer.Default);

        public HashSet<ITypeSymbol> ConvertedTypes { get; } = new(SymbolEqualityComparer.Default);
    }

    /// <summary>A model type while it is being read.</summary>
    private sealed class ModelBuilder(INamedTypeSymbol symbol, string metadataName, string identifier)
    {
        public INamedTypeSymbol Symbol { get; } = symbol;

        public string MetadataName { get; } = metadataName;

        public string Identifier { get; } = identifier;

        public List<MemberSpec> Members { get; } = new();

        public List<ISymbol> MemberSymbols { get; } = new();

        public HashSet<string> References { get; } = new(StringComparer.Ordinal);

        public bool InCycle { get; set; }

        public bool ReachesCycle { get; set; }

        public PolymorphismSpec? Polymorphism { get; set; }

        public bool IsDerivedType { get; set; }
    }
}
