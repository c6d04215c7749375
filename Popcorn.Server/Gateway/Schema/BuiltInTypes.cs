namespace Popcorn.Server;

/// <summary>
/// What every GraphQL schema has, as the spec defines it: the standard scalars, the introspection types
/// (<c>__Schema</c>, <c>__Type</c>...) and the directives. Declared as <see cref="SchemaType"/> values, so
/// introspection validates and answers queries about itself with the same code as for the models.
/// </summary>
internal static class BuiltInTypes
{
    private static readonly TypeRef s_string = TypeRef.Named("String");
    private static readonly TypeRef s_stringNonNull = TypeRef.NonNull(s_string);
    private static readonly TypeRef s_booleanNonNull = TypeRef.NonNull(TypeRef.Named("Boolean"));
    private static readonly TypeRef s_type = TypeRef.Named("__Type");
    private static readonly SchemaInputValue[] s_includeDeprecated = [new("includeDeprecated", null, TypeRef.Named("Boolean"), "false")];

    public static readonly SchemaType[] Scalars =
    [
        SchemaType.Scalar("String", "The `String` scalar type represents textual data, represented as UTF-8 character sequences.", isBuiltIn: true),
        SchemaType.Scalar("Int", "The `Int` scalar type represents non-fractional signed whole numeric values.", isBuiltIn: true),
        SchemaType.Scalar("Float", "The `Float` scalar type represents signed double-precision fractional values.", isBuiltIn: true),
        SchemaType.Scalar("Boolean", "The `Boolean` scalar type represents `true` or `false`.", isBuiltIn: true),
        SchemaType.Scalar("ID", "The `ID` scalar type represents a unique identifier.", isBuiltIn: true),
    ];

    public static readonly SchemaType[] Introspection =
    [
        Object("__Schema", "A GraphQL Schema defines the capabilities of a GraphQL server.",
            Field("description", s_string),
            Field("types", NonNullList(s_type)),
            Field("queryType", TypeRef.NonNull(s_type)),
            Field("mutationType", s_type),
            Field("subscriptionType", s_type),
            Field("directives", NonNullList(TypeRef.Named("__Directive")))),
        Object("__Type", "The fundamental unit of any GraphQL Schema is the type.",
            Field("kind", TypeRef.NonNull(TypeRef.Named("__TypeKind"))),
            Field("name", s_string),
            Field("description", s_string),
            Field("specifiedByURL", s_string),
            Field("fields", NullableList("__Field"), s_includeDeprecated),
            Field("interfaces", NullableList("__Type")),
            Field("possibleTypes", NullableList("__Type")),
            Field("enumValues", NullableList("__EnumValue"), s_includeDeprecated),
            Field("inputFields", NullableList("__InputValue"), s_includeDeprecated),
            Field("ofType", s_type),
            Field("isOneOf", TypeRef.Named("Boolean"))),
        Object("__Field", "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.",
            Field("name", s_stringNonNull),
            Field("description", s_string),
            Field("args", NonNullList(TypeRef.Named("__InputValue")), s_includeDeprecated),
            Field("type", TypeRef.NonNull(s_type)),
            Field("isDeprecated", s_booleanNonNull),
            Field("deprecationReason", s_string)),
        Object("__InputValue", "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.",
            Field("name", s_stringNonNull),
            Field("description", s_string),
            Field("type", TypeRef.NonNull(s_type)),
            Field("defaultValue", s_string),
            Field("isDeprecated", s_booleanNonNull),
            Field("deprecationReason", s_string)),
        Object("__EnumValue", "One possible value for a given Enum.",
            Field("name", s_stringNonNull),
            Field("description", s_string),
            Field("isDeprecated", s_booleanNonNull),
            Field("deprecationReason", s_string)),
        Object("__Directive", "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.",
            Field("name", s_stringNonNull),
            Field("description", s_string),
            Field("isRepeatable", s_booleanNonNull),
            Field("locations", NonNullList(TypeRef.Named("__DirectiveLocation"))),
            Field("args", NonNullList(TypeRef.Named("__InputValue")), s_includeDeprecated)),
        Enum("__TypeKind", "An enum describing what kind of type a given `__Type` is.", System.Enum.GetNames<SchemaTypeKind>()),
        Enum("__DirectiveLocation", "A Directive can be adjacent to many parts of the GraphQL language.",
            "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD", "INLINE_FRAGMENT", "VARIABLE_DEFINITION",
            "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE",
            "INPUT_OBJECT", "INPUT_FIELD_DEFINITION", "DIRECTIVE_DEFINITION"),
    ];

    /// <summary>
    /// The spec's directives (the September 2025 edition's, <c>@oneOf</c> included, as graphql-js 16's
    /// <c>specifiedDirectives</c> holds them: a client comparing the served SDL with the introspection answer must find
    /// the same set; <c>@deprecated</c> also on directive definitions, as graphql-js 16.15 and 17 declare it), then
    /// Popcorn's own two (documented in docs/graphql-syntax.md).
    /// </summary>
    public static readonly SchemaDirective[] Directives =
    [
        new("include", "Directs the executor to include this field or fragment only when the `if` argument is true.", FieldAndFragments,
            [new("if", "Included when true.", s_booleanNonNull)], IsBuiltIn: true),
        new("skip", "Directs the executor to skip this field or fragment when the `if` argument is true.", FieldAndFragments,
            [new("if", "Skipped when true.", s_booleanNonNull)], IsBuiltIn: true),
        new("deprecated", "Marks an element of a GraphQL schema as no longer supported.",
            ["FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM_VALUE", "DIRECTIVE_DEFINITION"],
            [new("reason", "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).", s_string, "\"No longer supported\"")],
            IsBuiltIn: true),
        new("specifiedBy", "Exposes a URL that specifies the behavior of this scalar.", ["SCALAR"],
            [new("url", "The URL that specifies the behavior of this scalar.", s_stringNonNull)], IsBuiltIn: true),
        new("oneOf", "Indicates exactly one field must be supplied and this field must not be `null`.", ["INPUT_OBJECT"], [], IsBuiltIn: true),
        new("exclude", "Popcorn: removes this field from the selection, e.g. after a wildcard (`__all lastName @exclude`).", ["FIELD"], [], IsBuiltIn: false),
        new("optional", "Popcorn: an unknown field marked optional is skipped instead of refused.", ["FIELD"], [], IsBuiltIn: false),
    ];

    private static string[] FieldAndFragments => ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"];

    private static SchemaType Object(string name, string description, params SchemaField[] fields) =>
        new(SchemaTypeKind.OBJECT, name, description, fields, [], IsBuiltIn: true);

    private static SchemaType Enum(string name, string description, params string[] values) =>
        new(SchemaTypeKind.ENUM, name, description, [], values.Select(v => new SchemaEnumValue(v, null)).ToArray(), IsBuiltIn: true);

    private static SchemaField Field(string name, TypeRef type, SchemaInputValue[]? arguments = null) =>
        new(name, null, arguments ?? [], type);

    private static TypeRef NonNullList(TypeRef element) => TypeRef.NonNull(TypeRef.List(TypeRef.NonNull(element)));

    private static TypeRef NullableList(string element) => TypeRef.List(TypeRef.NonNull(TypeRef.Named(element)));
}
