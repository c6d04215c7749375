using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Which fields a selection may name on a type: the type's own, <c>__typename</c> anywhere, and the introspection meta-fields on the query type.</summary>
internal static class FieldDefinitions
{
    private static readonly SchemaField s_typeName = new(NameRules.TypeName, null, [], TypeRef.NonNull(TypeRef.Named("String")));

    /// <summary>Popcorn's wildcards, a documented extension: they stand for fields of the type, whatever it is.</summary>
    public static bool IsWildcard(string name) => name is "__all" or "__default" or "__full";

    public static SchemaField? Find(SchemaModel schema, SchemaType parent, string name)
    {
        if (name == NameRules.TypeName)
        {
            return s_typeName;
        }

        if (ReferenceEquals(parent, schema.QueryType) && IntrospectionValidator.IsIntrospectionRoot(name))
        {
            return IntrospectionValidator.RootType.Fields.First(f => f.Name == name);
        }

        foreach (var field in parent.Fields)
        {
            if (field.Name == name)
            {
                return field;
            }
        }

        return null;
    }

    /// <summary>
    /// Whether a value of type <paramref name="parent"/> can also be of type <paramref name="condition"/>: the spec's
    /// "possible types" of the two (an object type's is itself; an interface's or union's, its object types) intersect.
    /// </summary>
    public static bool Overlap(SchemaType parent, SchemaType condition) => parent.ConcreteTypes.Intersect(condition.ConcreteTypes).Any();
}
