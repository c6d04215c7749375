using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Checks an introspection root field (<c>__schema</c>, <c>__type(name:)</c>) against the introspection types before
/// anything runs, with the GraphQL spec's rules and message style: known fields and arguments, argument types,
/// sub-selections exactly on object types. Popcorn's wildcards, removals and <c>@optional</c> have no meaning here.
/// </summary>
internal static class IntrospectionValidator
{
    private const string ValidationFailed = "GRAPHQL_VALIDATION_FAILED";

    /// <summary>The names of the introspection root fields.</summary>
    public static bool IsIntrospectionRoot(string name) => name is NameRules.Schema or NameRules.Type;

    public static void Validate(SchemaModel schema, PropertyReference root, string key, List<GraphQLError> errors)
    {
        var field = RootType.Fields.First(f => f.Name == root.Name);
        ValidateField(schema, field, root, key, errors);
    }

    // The two meta-fields the spec adds to the query type, as a type of their own so they are checked like any other.
    internal static readonly SchemaType RootType = new(SchemaTypeKind.OBJECT, "Query", null,
    [
        new SchemaField("__schema", null, [], TypeRef.NonNull(TypeRef.Named("__Schema"))),
        new SchemaField("__type", null, [new SchemaInputValue("name", null, TypeRef.NonNull(TypeRef.Named("String")))], TypeRef.Named("__Type")),
    ], []);

    private static void ValidateField(SchemaModel schema, SchemaField field, PropertyReference property, string key, List<GraphQLError> errors)
    {
        ValidateArguments(field, property, key, errors);
        var type = schema.Find(field.Type.NamedType)!;
        bool isObject = type.Kind == SchemaTypeKind.OBJECT;
        if (isObject && property.Children.Count == 0)
        {
            errors.Add(Error($"Field \"{field.Name}\" of type \"{field.Type}\" must have a selection of subfields. Did you mean \"{field.Name} {{ ... }}\"?", property.Location, key));
            return;
        }

        if (!isObject && property.Children.Count > 0)
        {
            errors.Add(Error($"Field \"{field.Name}\" must not have a selection since type \"{field.Type}\" has no subfields.", property.Location, key));
            return;
        }

        foreach (var child in PropertyReference.MergeTypeConditions(property.Children))
        {
            if (child.IsEmptySelection)
            {
                continue;
            }

            if (child.IsWildcard || child.IsNegated || child.IsOptional)
            {
                errors.Add(Error("Wildcards, removals and @optional are not supported in introspection: name the fields.", child.Location, key));
                continue;
            }

            if (child.Name == NameRules.TypeName)
            {
                if (child.Children.Count > 0 || child.Arguments.Count > 0)
                {
                    errors.Add(Error("Field \"__typename\" takes no arguments and no selection.", child.Location, key));
                }

                continue;
            }

            var childField = type.Fields.FirstOrDefault(f => f.Name == child.Name);
            if (childField is null)
            {
                errors.Add(Error($"Cannot query field \"{child.Name}\" on type \"{type.Name}\".", child.Location, key));
                continue;
            }

            ValidateField(schema, childField, child, key, errors);
        }
    }

    private static void ValidateArguments(SchemaField field, PropertyReference property, string key, List<GraphQLError> errors)
    {
        foreach (var given in property.Arguments)
        {
            var argument = field.FindArgument(given.Name);
            if (argument is null)
            {
                errors.Add(Error($"Unknown argument \"{given.Name}\" on field \"{field.Name}\".", given.Location, key));
            }
            else if (!Fits(given.Value, argument.Type))
            {
                errors.Add(Error($"Argument \"{given.Name}\" on field \"{field.Name}\" expects type \"{argument.Type}\".", given.Location, key));
            }
        }

        foreach (var argument in field.Arguments.Where(a => a.Type.Kind == TypeRefKind.NonNull && a.DefaultValue is null))
        {
            if (!property.Arguments.Any(a => a.Name == argument.Name))
            {
                errors.Add(Error($"Field \"{field.Name}\" argument \"{argument.Name}\" of type \"{argument.Type}\" is required, but it was not provided.", property.Location, key));
            }
        }
    }

    private static bool Fits(QueryValue value, TypeRef type) => value.Kind switch
    {
        QueryValueKind.Null => type.Kind != TypeRefKind.NonNull,
        QueryValueKind.String => type.NamedType == "String",
        QueryValueKind.Boolean => type.NamedType == "Boolean",
        _ => false,
    };

    private static GraphQLError Error(string message, SourceLocation location, string key) => new(message, location, key, ValidationFailed);
}
