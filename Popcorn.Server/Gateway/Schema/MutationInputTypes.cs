using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The input object and enum types of the gateway's arguments (<see cref="GatewayInputTypes"/>) and the enums of the
/// models' fields, as the caller may see them: a member whose <c>[PopcornAuthorize]</c> policy the caller is refused is left out, so setting it is
/// reported exactly as an unknown field is.
/// </summary>
internal static class MutationInputTypes
{
    public static IEnumerable<SchemaType> For(GatewayInputTypes inputs, FieldAccess access)
    {
        foreach (var input in inputs.Objects)
        {
            var fields = input.Members
                .Where(m => m.Model is null || access.Allows(m.Model))
                .Select(m => new SchemaInputValue(m.Name, m.Model?.Description, InputTypes.TypeOf(m)))
                .ToArray();
            yield return new SchemaType(SchemaTypeKind.INPUT_OBJECT, input.Name, null, [], [], InputFields: fields);
        }

        // Models' enum fields are described while the schema is built (OutputScalars), so they come too.
        foreach (var enumeration in inputs.EnumsSoFar())
        {
            yield return new SchemaType(SchemaTypeKind.ENUM, enumeration.Name, null, [], enumeration.Values.Select(v => new SchemaEnumValue(v, null)).ToArray());
        }
    }

    /// <summary>The policies of the members an input shape reaches: an operation that sets such an input is planned per caller.</summary>
    public static IEnumerable<string> Policies(InputShape shape)
    {
        var seen = new HashSet<InputShape>();
        var pending = new Stack<InputShape>([shape]);
        while (pending.TryPop(out var next))
        {
            if (!seen.Add(next))
            {
                continue;
            }

            switch (next)
            {
                case ListInput list:
                    pending.Push(list.Item);
                    break;
                case ObjectInput input:
                    foreach (var member in input.Members)
                    {
                        if (member.Model?.Policy is { } policy)
                        {
                            yield return policy;
                        }

                        pending.Push(member.Shape);
                    }

                    break;
            }
        }
    }
}
