namespace Popcorn.Server;

/// <summary>
/// The gateway's GraphQL schema as one immutable model, built once from the registry's metadata and the root fields.
/// The SDL printer and introspection both read it, so the two can never describe the schema differently.
/// </summary>
internal sealed class SchemaModel
{
    private readonly Dictionary<string, SchemaType> _byName;

    public SchemaModel(IReadOnlyList<SchemaType> types, IReadOnlyList<SchemaDirective> directives)
    {
        Types = types;
        Directives = directives;
        _byName = types.ToDictionary(t => t.Name, StringComparer.Ordinal);
    }

    public const string QueryTypeName = "Query";

    public const string MutationTypeName = "Mutation";

    /// <summary>Every named type: the query type, the models, scalars, and the introspection types themselves.</summary>
    public IReadOnlyList<SchemaType> Types { get; }

    public IReadOnlyList<SchemaDirective> Directives { get; }

    public SchemaType QueryType => _byName[QueryTypeName];

    /// <summary>The <c>Mutation</c> type; null when the gateway declares no mutation the caller may see.</summary>
    public SchemaType? MutationType => _byName.GetValueOrDefault(MutationTypeName);

    public SchemaType? Find(string name) => _byName.GetValueOrDefault(name);
}

/// <summary>The kinds of <c>__TypeKind</c>, spelled as GraphQL spells them.</summary>
internal enum SchemaTypeKind
{
    SCALAR,
    OBJECT,
    INTERFACE,
    UNION,
    ENUM,
    INPUT_OBJECT,
    LIST,
    NON_NULL,
}

/// <summary>A named type. <see cref="IsBuiltIn"/> types (standard scalars, introspection types) are not printed in the SDL.</summary>
internal sealed record SchemaType(
    SchemaTypeKind Kind,
    string Name,
    string? Description,
    IReadOnlyList<SchemaField> Fields,
    IReadOnlyList<SchemaEnumValue> EnumValues,
    bool IsBuiltIn = false,
    string? SpecifiedByUrl = null,
    IReadOnlyList<SchemaInputValue>? InputFields = null)
{
    public static SchemaType Scalar(string name, string? description, bool isBuiltIn = false) =>
        new(SchemaTypeKind.SCALAR, name, description, [], [], isBuiltIn);

    /// <summary>An object type's interfaces, by name (the polymorphic bases that name it).</summary>
    public IReadOnlyList<string> Interfaces { get; init; } = [];

    /// <summary>
    /// True for an enum field's <c>where</c> comparison (<see cref="EnumComparisons"/>): a quoted enum value is still
    /// accepted there, with a deprecation warning, as it was when the comparison was <c>StringComparison</c>.
    /// </summary>
    public bool IsEnumComparison { get; init; }

    /// <summary>
    /// True for a date or time field's <c>where</c> comparison (<c>IsoDateTimeComparison</c>, ...): a date string the
    /// filter compiler reads but the scalar does not (<c>"01/05/2026"</c>) is still accepted there, with a deprecation
    /// warning, as it was when the comparison was <c>StringComparison</c>.
    /// </summary>
    public bool IsDateComparison { get; init; }

    /// <summary>An interface's or union's possible object types, by name.</summary>
    public IReadOnlyList<string> PossibleTypes { get; init; } = [];

    /// <summary>The object types a value of this type can be: its possible types, or itself for an object type.</summary>
    public IReadOnlyList<string> ConcreteTypes => Kind is SchemaTypeKind.INTERFACE or SchemaTypeKind.UNION ? PossibleTypes : [Name];
}

/// <summary>A field of an object type, with its arguments.</summary>
internal sealed record SchemaField(
    string Name,
    string? Description,
    IReadOnlyList<SchemaInputValue> Arguments,
    TypeRef Type,
    string? DeprecationReason = null)
{
    public SchemaInputValue? FindArgument(string name) => Arguments.FirstOrDefault(a => a.Name == name);
}

/// <summary>An argument (GraphQL's <c>__InputValue</c>); <see cref="DefaultValue"/> is a GraphQL literal.</summary>
internal sealed record SchemaInputValue(string Name, string? Description, TypeRef Type, string? DefaultValue = null);

internal sealed record SchemaEnumValue(string Name, string? Description);

internal sealed record SchemaDirective(
    string Name,
    string? Description,
    IReadOnlyList<string> Locations,
    IReadOnlyList<SchemaInputValue> Arguments,
    bool IsBuiltIn);

/// <summary>A reference to a type: a named type, or a list or non-null wrapper around one.</summary>
internal sealed record TypeRef(TypeRefKind Kind, string? Name, TypeRef? OfType)
{
    public static TypeRef Named(string name) => new(TypeRefKind.Named, name, null);

    public static TypeRef NonNull(TypeRef type) => new(TypeRefKind.NonNull, null, type);

    public static TypeRef List(TypeRef type) => new(TypeRefKind.List, null, type);

    /// <summary>The named type under any wrappers.</summary>
    public string NamedType => Kind == TypeRefKind.Named ? Name! : OfType!.NamedType;

    /// <summary>The reference in SDL, e.g. <c>[Car]!</c>.</summary>
    public override string ToString() => Kind switch
    {
        TypeRefKind.NonNull => OfType + "!",
        TypeRefKind.List => $"[{OfType}]",
        _ => Name!,
    };

    /// <summary>Reads an SDL type reference such as <c>Int!</c> or <c>[String!]</c>.</summary>
    public static TypeRef Parse(string sdl)
    {
        if (sdl.EndsWith('!'))
        {
            return NonNull(Parse(sdl[..^1]));
        }

        return sdl.StartsWith('[') ? List(Parse(sdl[1..^1])) : Named(sdl);
    }
}

internal enum TypeRefKind
{
    Named,
    List,
    NonNull,
}
