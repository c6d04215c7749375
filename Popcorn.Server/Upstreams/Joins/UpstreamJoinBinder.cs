using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Turns the gateway's join declarations into fields of the upstream types while the app starts, after every upstream
/// schema is read and before their metadata is initialized. Every mistake stops the app with a message naming the
/// join and what to change: an unknown type or root field, a type the gateway answers itself, a missing or non-scalar
/// key, a target key the service cannot filter by (a Popcorn service's <c>[Filterable]</c> field, a plain service's
/// list parameter of that name), keys of different kinds, a field name already taken.
/// </summary>
internal static class UpstreamJoinBinder
{
    /// <summary>Adds each join's field to its type's pending fields and returns the joins.</summary>
    /// <exception cref="InvalidOperationException">A declaration does not fit the upstreams' schemas.</exception>
    public static IReadOnlyList<UpstreamJoin> Bind(IReadOnlyList<UpstreamJoinDeclaration> declarations, IReadOnlyList<UpstreamSchema> schemas)
    {
        var joins = new List<UpstreamJoin>();
        foreach (var declaration in declarations)
        {
            string name = declaration.TypeName + "." + declaration.FieldName;
            var (parentType, parentFields) = FindType(schemas, declaration.TypeName)
                ?? throw Refuse(name, $"no upstream service has a type '{declaration.TypeName}' (joins add fields to upstream types, named as the gateway's schema names them, prefix included).");
            var (target, targetSchema) = FindRootField(schemas, declaration.From)
                ?? throw Refuse(name, $"no upstream service has a root field '{declaration.From}' (name it as the gateway's schema does, prefix included).");
            if (!target.IsList)
            {
                throw Refuse(name, $"'{declaration.From}' returns one object; a join reads its values from a list root field, which the gateway filters by the keys.");
            }

            if (target.Arguments.FirstOrDefault(a => a.Type.EndsWith('!')) is { Name: not null } required)
            {
                throw Refuse(name, $"'{declaration.From}' needs the argument '{required.Name}', which a join cannot give.");
            }

            if (parentFields.Any(f => f.WireName == declaration.FieldName))
            {
                throw Refuse(name, $"'{declaration.TypeName}' already has a field '{declaration.FieldName}'; give the join another name.");
            }

            var key = Scalar(parentFields, declaration.Key)
                ?? throw Refuse(name, $"'{declaration.TypeName}' has no scalar field '{declaration.Key}' to hold the key.");
            var targetFields = targetSchema.PendingFields[target.Type.Metadata];
            var targetKey = Scalar(targetFields, declaration.TargetKey)
                ?? throw Refuse(name, $"'{target.Type.Metadata.Name}' has no scalar field '{declaration.TargetKey}' to match the key to.");
            string? keysParameter = null;
            if (target.Request is not null)
            {
                // A plain service is sent the level's keys in a list parameter named as the target key (`?orderId=1&orderId=2`).
                keysParameter = target.Arguments.FirstOrDefault(a => a.Name == declaration.TargetKey && a.Type.StartsWith('[')).Name
                    ?? throw Refuse(name, $"the operation '{declaration.From}' of the service '{target.Service}' has no list parameter '{declaration.TargetKey}' to send all keys of a level in one call (the gateway never calls it once per object): declare '{declaration.TargetKey}' an array query parameter there (in ASP.NET Core, an 'int[] {declaration.TargetKey}' parameter).");
            }
            else if ((targetKey.Flags & FieldFlags.Filterable) == 0)
            {
                throw Refuse(name, $"the service '{target.Service}' cannot filter '{target.Type.Metadata.Name}' by '{declaration.TargetKey}': mark it [Filterable] there, so the gateway can fetch all keys of a level in one 'in' list.");
            }

            var keyKind = UpstreamScalars.TokenOf(UpstreamScalars.Of(key.TypeName));
            if (keyKind is not (UpstreamToken.Number or UpstreamToken.String) || keyKind != UpstreamScalars.TokenOf(UpstreamScalars.Of(targetKey.TypeName)))
            {
                throw Refuse(name, $"the key '{declaration.Key}' ({key.TypeName}) and the target key '{declaration.TargetKey}' ({targetKey.TypeName}) must both be numbers or both strings.");
            }

            var field = declaration.Many
                ? new FieldMetadata(
                    declaration.FieldName,
                    FieldKind.List,
                    target.Type.Metadata.Name,
                    FieldFlags.NoCursor,
                    elementType: target.Type.Metadata,
                    description: declaration.Description ?? $"Every {target.Type.Metadata.Name} whose {declaration.TargetKey} is this {declaration.TypeName}'s {declaration.Key}, from the service '{target.Service}', in its order; empty when there is none.",
                    isNullable: true)
                : new FieldMetadata(
                    declaration.FieldName,
                    FieldKind.Object,
                    target.Type.Metadata.Name,
                    elementType: target.Type.Metadata,
                    description: declaration.Description ?? $"The {target.Type.Metadata.Name} whose {declaration.TargetKey} is this {declaration.TypeName}'s {declaration.Key}, from the service '{target.Service}'; null when there is none.",
                    isNullable: true);
            parentFields.Add(field);
            joins.Add(new UpstreamJoin(name, field, key, target, targetKey, targetSchema.Limits, declaration.Many) { KeysParameter = keysParameter });
        }

        return joins;
    }

    private static (TypeMetadata Type, List<FieldMetadata> Fields)? FindType(IReadOnlyList<UpstreamSchema> schemas, string typeName)
    {
        foreach (var schema in schemas)
        {
            foreach (var (type, fields) in schema.PendingFields)
            {
                if (type.Name == typeName)
                {
                    return (type, fields);
                }
            }
        }

        return null;
    }

    private static (UpstreamRootFieldSpec Field, UpstreamSchema Schema)? FindRootField(IReadOnlyList<UpstreamSchema> schemas, string name)
    {
        foreach (var schema in schemas)
        {
            if (schema.RootFields.FirstOrDefault(f => f.Name == name) is { } field)
            {
                return (field, schema);
            }
        }

        return null;
    }

    private static FieldMetadata? Scalar(List<FieldMetadata> fields, string name) =>
        fields.FirstOrDefault(f => f.WireName == name && f.Kind == FieldKind.Scalar);

    private static InvalidOperationException Refuse(string join, string why) => new($"The gateway's join '{join}' cannot be made: {why}");
}
