using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Builds the <see cref="SchemaModel"/> from the generated metadata and the gateway's root fields: every model an
/// object type of the selectable fields the caller may see (never a <c>[Never]</c> one, nor one whose
/// <c>[PopcornAuthorize]</c> policy the caller's <see cref="FieldAccess"/> refuses), C# scalars mapped to GraphQL's
/// (enums and dates as <see cref="OutputScalars"/> says), dictionaries as the <c>Map</c> scalar.
/// </summary>
internal static class SchemaModelBuilder
{
    private const string MapScalar = "Map";

    public static SchemaModel Build(PopcornRegistry registry, GatewayRootFields gateway, FieldAccess access)
    {
        // In the SDL's order (custom scalars, the query type, the models): tools list types in the order they get them.
        var paged = new List<TypeMetadata>();
        var types = new List<SchemaType>
        {
            SchemaType.Scalar(MapScalar, "A JSON object whose keys are strings; the selection applies to each value."),
            RootType(SchemaModel.QueryTypeName, registry, gateway.Fields, access, (gateway, paged)),
        };
        var mutations = gateway.Mutations.Where(m => m.Policy is null || !access.Denies(m.Policy)).ToArray();
        if (mutations.Length > 0)
        {
            types.Add(RootType(SchemaModel.MutationTypeName, registry, mutations, access, connections: null));
        }

        var inputObjects = gateway.Inputs?.Objects.Select(i => i.Name).ToHashSet(StringComparer.Ordinal) ?? [];
        var scalars = new OutputScalars(registry, gateway.Inputs);
        var taken = gateway.ModelTypes.Select(m => m.Name).Concat(inputObjects).ToHashSet(StringComparer.Ordinal);
        var aggregated = new List<TypeMetadata>();
        foreach (var model in gateway.ModelTypes)
        {
            // A type only ever read as an input is described as an input object, not also as an output type of the same name.
            if (!inputObjects.Contains(model.Name) || IsReturned(model, registry, gateway))
            {
                types.Add(ModelType(model, access, scalars, taken, aggregated));
            }
        }

        types.AddRange(ConnectionSchema.Types(paged));
        // The SDL prints objects before enums and inputs; introspection lists types in this order, which must match it.
        var aggregateTypes = AggregateSchema.Types(aggregated, access, scalars, taken).ToList();
        types.AddRange(aggregateTypes.Where(static t => t.Kind != SchemaTypeKind.ENUM));
        UseInputScalars(scalars, gateway, mutations, access);

        // Built before the scalars are placed: a filter may compare a date field no described type shows.
        var arguments = ArgumentInputTypes.For(gateway.ModelTypes, access, scalars.EnumNameOf, scalars.DateNameOf).ToList();

        // The date and time scalars the models use go first, beside Map, as the SDL prints custom scalars.
        types.InsertRange(1, scalars.UsedScalars);

        types.AddRange(arguments);
        types.AddRange(aggregateTypes.Where(static t => t.Kind == SchemaTypeKind.ENUM));
        if (gateway.Inputs is { } inputs)
        {
            types.AddRange(MutationInputTypes.For(inputs, access));
        }

        types.AddRange(BuiltInTypes.Scalars);
        types.AddRange(BuiltInTypes.Introspection);
        return new SchemaModel(types, BuiltInTypes.Directives);
    }

    /// <summary>
    /// Date inputs have the outputs' scalars: those the visible root fields' arguments and the input objects' members
    /// (as the caller may set them) use are declared too, even where no model's field uses them.
    /// </summary>
    private static void UseInputScalars(OutputScalars scalars, GatewayRootFields gateway, GatewayField[] mutations, FieldAccess access)
    {
        foreach (var argument in gateway.Fields.Concat(mutations).SelectMany(f => f.Arguments))
        {
            scalars.Use(TypeRef.Parse(argument.GraphQLType).NamedType);
        }

        foreach (var member in gateway.Inputs?.Objects.SelectMany(i => i.Members) ?? [])
        {
            if (member.Model is null || access.Allows(member.Model))
            {
                scalars.Use(member.Shape.NamedType);
            }
        }
    }

    /// <summary>
    /// A model as an object type; a polymorphic base as an interface of its fields (a union when it has none) whose
    /// possible types are its derived types, which implement it.
    /// </summary>
    private static SchemaType ModelType(TypeMetadata model, FieldAccess access, OutputScalars scalars, ISet<string> taken, List<TypeMetadata> aggregated)
    {
        var fields = new List<SchemaField>();
        foreach (var field in model.SelectableFields.Where(access.Allows))
        {
            fields.Add(ModelField(field, access, scalars));
            if (AggregateSchema.Offered(model, field, taken))
            {
                // Beside its list, as a connection is beside its root field.
                fields.Add(AggregateSchema.Field(field, access));
                aggregated.Add(field.ElementType!);
            }
        }

        if (model.Polymorphism is null)
        {
            var interfaces = model.BaseTypes.Where(b => b.SelectableFields.Any(access.Allows)).Select(b => b.Name).ToArray();
            return new SchemaType(SchemaTypeKind.OBJECT, model.Name, model.Description, fields, []) { Interfaces = interfaces };
        }

        var possible = model.PossibleTypes().Where(t => t != model).Select(t => t.Name).ToArray();
        return fields.Count > 0
            ? new SchemaType(SchemaTypeKind.INTERFACE, model.Name, model.Description, fields, []) { PossibleTypes = possible }
            : new SchemaType(SchemaTypeKind.UNION, model.Name, model.Description, [], []) { PossibleTypes = possible };
    }

    /// <summary>True when a root field's result reaches <paramref name="model"/> through the models' fields.</summary>
    private static bool IsReturned(TypeMetadata model, PopcornRegistry registry, GatewayRootFields gateway)
    {
        var seen = new HashSet<TypeMetadata>();
        var pending = new Stack<TypeMetadata>(gateway.Fields.Concat(gateway.Mutations).Select(f => registry.ShapeOf(f)?.Metadata).OfType<TypeMetadata>());
        while (pending.TryPop(out var type))
        {
            if (type == model)
            {
                return true;
            }

            if (seen.Add(type))
            {
                foreach (var next in type.SelectableFields.Select(f => f.ElementType).OfType<TypeMetadata>().Concat(type.PossibleTypes()))
                {
                    pending.Push(next);
                }
            }
        }

        return false;
    }

    /// <summary>
    /// A root type of <paramref name="rootFields"/>. With <paramref name="connections"/> (the query type), a list field
    /// that has a Relay connection is followed by it, and its element type is added to the list.
    /// </summary>
    private static SchemaType RootType(string typeName, PopcornRegistry registry, IReadOnlyList<GatewayField> rootFields, FieldAccess access, (GatewayRootFields Gateway, List<TypeMetadata> Elements)? connections)
    {
        var fields = new List<SchemaField>(rootFields.Count);
        foreach (var field in rootFields)
        {
            var shape = registry.ShapeOf(field);
            var named = TypeRef.Named(shape?.Metadata.Name ?? MapScalar);
            var type = shape?.IsSequence == true ? TypeRef.List(TypeRef.NonNull(named)) : named;
            if (shape?.IsSequence == true && !field.IsMutation)
            {
                type = TypeRef.NonNull(type);
            }

            // The resolver's own arguments, then the root list's (the same input types as a nested list's).
            var arguments = field.Arguments.Select(a => new SchemaInputValue(a.Name, null, TypeRef.Parse(a.GraphQLType)))
                .Concat(ArgumentInputTypes.RootListArguments(field, shape, access));

            fields.Add(new SchemaField(field.Name, field.Description, arguments.ToArray(), type));
            if (connections is { } paging && ConnectionFields.Offered(registry, paging.Gateway, field, access) is { } paged)
            {
                fields.Add(ConnectionSchema.Field(field, paged, access));
                paging.Elements.Add(paged.Metadata);
            }
        }

        return new SchemaType(SchemaTypeKind.OBJECT, typeName, null, fields, []);
    }

    private static SchemaField ModelField(FieldMetadata field, FieldAccess access, OutputScalars scalars)
    {
        string? description = field.Description;
        if (field.Kind == FieldKind.Map)
        {
            description = $"{description} (keyed map of {field.ElementType?.Name ?? ElementScalar(field.TypeName)})".Trim();
        }

        var named = field.Kind switch
        {
            FieldKind.Object => TypeRef.Named(field.ElementType!.Name),
            FieldKind.List => TypeRef.List(ListElement(field, scalars)),
            FieldKind.Map => TypeRef.Named(MapScalar),
            _ => TypeRef.Named(scalars.NamedTypeOf(field, element: false, () => ScalarName(field.TypeName))),
        };

        var arguments = !field.AcceptsCollectionArguments ? []
            : (field.Flags & FieldFlags.NoCursor) != 0 ? ArgumentInputTypes.ListArguments(field.ElementType!, access).Where(a => a.Name != "after").ToArray()
            : ArgumentInputTypes.ListArguments(field.ElementType!, access);
        return new SchemaField(field.WireName, description, arguments, field.IsNullable ? named : TypeRef.NonNull(named), field.DeprecationReason);
    }

    /// <summary>
    /// A nested list's element type: non-null only where no null element can ever be written
    /// (<see cref="OutputScalars.ElementsNeverNull"/>), as docs/graphql-syntax.md ("List element types") says.
    /// </summary>
    private static TypeRef ListElement(FieldMetadata field, OutputScalars scalars)
    {
        var named = TypeRef.Named(field.ElementType?.Name ?? scalars.NamedTypeOf(field, element: true, () => ScalarName(ElementScalar(field.TypeName))));
        return scalars.ElementsNeverNull(field) ? TypeRef.NonNull(named) : named;
    }

    /// <summary>The element type of a display name such as <c>string[]</c> or <c>List&lt;int&gt;</c>.</summary>
    private static string ElementScalar(string typeName)
    {
        typeName = typeName.TrimEnd('?');
        if (typeName.EndsWith("[]", StringComparison.Ordinal))
        {
            return typeName[..^2];
        }

        int open = typeName.IndexOf('<');
        if (open < 0)
        {
            return typeName;
        }

        string arguments = typeName[(open + 1)..^1];
        int comma = arguments.LastIndexOf(',');
        return arguments[(comma + 1)..].Trim();
    }

    internal static string ScalarName(string typeName) => typeName.TrimEnd('?') switch
    {
        "int" or "long" or "short" or "byte" or "sbyte" or "ushort" or "uint" or "ulong" => "Int",
        "double" or "float" or "decimal" => "Float",
        "bool" => "Boolean",
        "Guid" => "ID",
        _ => "String",
    };
}
