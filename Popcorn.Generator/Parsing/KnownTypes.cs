using Microsoft.CodeAnalysis;

namespace Popcorn.Generator.Parsing;

/// <summary>The symbols the parser recognises, looked up once per parse.</summary>
internal sealed class KnownTypes
{
    public KnownTypes(Compilation compilation)
    {
        INamedTypeSymbol? Get(string name) => compilation.GetTypeByMetadataName(name);

        JsonSerializerContext = Get("System.Text.Json.Serialization.JsonSerializerContext");
        JsonSerializableAttribute = Get("System.Text.Json.Serialization.JsonSerializableAttribute");
        JsonSourceGenerationOptionsAttribute = Get("System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute");
        JsonPropertyNameAttribute = Get("System.Text.Json.Serialization.JsonPropertyNameAttribute");
        JsonIgnoreAttribute = Get("System.Text.Json.Serialization.JsonIgnoreAttribute");
        JsonIncludeAttribute = Get("System.Text.Json.Serialization.JsonIncludeAttribute");
        JsonPropertyOrderAttribute = Get("System.Text.Json.Serialization.JsonPropertyOrderAttribute");
        JsonConverterAttribute = Get("System.Text.Json.Serialization.JsonConverterAttribute");
        JsonConverterOfT = Get("System.Text.Json.Serialization.JsonConverter`1");
        JsonConverterFactory = Get("System.Text.Json.Serialization.JsonConverterFactory");
        JsonStringEnumConverter = Get("System.Text.Json.Serialization.JsonStringEnumConverter");
        JsonStringEnumConverterOfT = Get("System.Text.Json.Serialization.JsonStringEnumConverter`1");
        JsonStringEnumMemberNameAttribute = Get("System.Text.Json.Serialization.JsonStringEnumMemberNameAttribute");
        JsonExtensionDataAttribute = Get("System.Text.Json.Serialization.JsonExtensionDataAttribute");
        JsonNumberHandlingAttribute = Get("System.Text.Json.Serialization.JsonNumberHandlingAttribute");
        JsonPolymorphicAttribute = Get("System.Text.Json.Serialization.JsonPolymorphicAttribute");
        JsonDerivedTypeAttribute = Get("System.Text.Json.Serialization.JsonDerivedTypeAttribute");

        DefaultAttribute = Get("Popcorn.DefaultAttribute");
        AlwaysAttribute = Get("Popcorn.AlwaysAttribute");
        NeverAttribute = Get("Popcorn.NeverAttribute");
        SortableAttribute = Get("Popcorn.SortableAttribute");
        FilterableAttribute = Get("Popcorn.FilterableAttribute");
        SubPropertyDefaultAttribute = Get("Popcorn.SubPropertyDefaultAttribute");
        PopcornAuthorizeAttribute = Get("Popcorn.PopcornAuthorizeAttribute");
        BatchResolvedAttribute = Get("Popcorn.BatchResolvedAttribute");
        BatchResolver = Get("Popcorn.Query.IPopcornBatchResolver`2");
        ObsoleteAttribute = Get("System.ObsoleteAttribute");

        List = Get("System.Collections.Generic.List`1");
        HashSet = Get("System.Collections.Generic.HashSet`1");
        Dictionary = Get("System.Collections.Generic.Dictionary`2");
        IEnumerable = Get("System.Collections.Generic.IEnumerable`1");
        IDictionary = Get("System.Collections.Generic.IDictionary`2");
        IReadOnlyDictionary = Get("System.Collections.Generic.IReadOnlyDictionary`2");
        ImmutableArray = Get("System.Collections.Immutable.ImmutableArray`1");
        Guid = Get("System.Guid");
        DateTimeOffset = Get("System.DateTimeOffset");
        DateOnly = Get("System.DateOnly");
        TimeOnly = Get("System.TimeOnly");
        TimeSpan = Get("System.TimeSpan");
        Uri = Get("System.Uri");
    }

    public INamedTypeSymbol? JsonSerializerContext { get; }

    /// <summary><c>[Obsolete]</c> on a member: the field is deprecated in the GraphQL schema.</summary>
    public INamedTypeSymbol? ObsoleteAttribute { get; }

    public INamedTypeSymbol? JsonSerializableAttribute { get; }

    public INamedTypeSymbol? JsonSourceGenerationOptionsAttribute { get; }

    public INamedTypeSymbol? JsonPropertyNameAttribute { get; }

    public INamedTypeSymbol? JsonIgnoreAttribute { get; }

    public INamedTypeSymbol? JsonIncludeAttribute { get; }

    public INamedTypeSymbol? JsonPropertyOrderAttribute { get; }

    public INamedTypeSymbol? JsonConverterAttribute { get; }

    public INamedTypeSymbol? JsonConverterOfT { get; }

    public INamedTypeSymbol? JsonConverterFactory { get; }

    public INamedTypeSymbol? JsonStringEnumConverter { get; }

    public INamedTypeSymbol? JsonStringEnumConverterOfT { get; }

    public INamedTypeSymbol? JsonStringEnumMemberNameAttribute { get; }

    public INamedTypeSymbol? JsonExtensionDataAttribute { get; }

    public INamedTypeSymbol? JsonNumberHandlingAttribute { get; }

    public INamedTypeSymbol? JsonPolymorphicAttribute { get; }

    public INamedTypeSymbol? JsonDerivedTypeAttribute { get; }

    public INamedTypeSymbol? DefaultAttribute { get; }

    public INamedTypeSymbol? AlwaysAttribute { get; }

    public INamedTypeSymbol? NeverAttribute { get; }

    public INamedTypeSymbol? SortableAttribute { get; }

    public INamedTypeSymbol? FilterableAttribute { get; }

    public INamedTypeSymbol? SubPropertyDefaultAttribute { get; }

    public INamedTypeSymbol? PopcornAuthorizeAttribute { get; }

    public INamedTypeSymbol? BatchResolvedAttribute { get; }

    public INamedTypeSymbol? BatchResolver { get; }

    public INamedTypeSymbol? List { get; }

    public INamedTypeSymbol? HashSet { get; }

    public INamedTypeSymbol? Dictionary { get; }

    public INamedTypeSymbol? IEnumerable { get; }

    public INamedTypeSymbol? IDictionary { get; }

    public INamedTypeSymbol? IReadOnlyDictionary { get; }

    public INamedTypeSymbol? ImmutableArray { get; }

    public INamedTypeSymbol? Guid { get; }

    public INamedTypeSymbol? DateTimeOffset { get; }

    public INamedTypeSymbol? DateOnly { get; }

    public INamedTypeSymbol? TimeOnly { get; }

    public INamedTypeSymbol? TimeSpan { get; }

    public INamedTypeSymbol? Uri { get; }

    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? known) =>
        known is not null && type is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, known);

    public static bool IsAttribute(AttributeData attribute, INamedTypeSymbol? known) =>
        known is not null && attribute.AttributeClass is { } cls && SymbolEqualityComparer.Default.Equals(cls.OriginalDefinition, known);

    /// <summary>The first constructor argument of <paramref name="symbol"/>'s first <paramref name="known"/> attribute, when it is a <typeparamref name="T"/>.</summary>
    public static T? FirstArgumentOf<T>(ISymbol symbol, INamedTypeSymbol? known)
        where T : class
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            if (IsAttribute(attribute, known)
                && attribute.ConstructorArguments.Length > 0
                && attribute.ConstructorArguments[0].Value is T value)
            {
                return value;
            }
        }

        return null;
    }
}
