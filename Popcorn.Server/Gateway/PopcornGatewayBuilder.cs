using System.Diagnostics.CodeAnalysis;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>Declares the root fields of the <c>/graphql</c> gateway.</summary>
public sealed class PopcornGatewayBuilder
{
    internal const string ReflectionWarning =
        "A root field's resolver is bound by reflection: its parameters are read and it is invoked dynamically, and a Task<T> result is read through Task<T>.Result. Keep the resolver's parameter and return types when trimming.";

    private readonly List<GatewayField> _fields = new();

    internal IReadOnlyList<GatewayField> Fields => _fields;

    /// <summary>
    /// Adds a root field. The resolver's parameters of scalar types (int, string, bool, Guid, enums, …) are the
    /// field's arguments, bound by name; <c>HttpContext</c>, <c>CancellationToken</c> and services are injected.
    /// It returns a model, a sequence of models, or a <c>Task</c> of either; the client's selection shapes the value.
    /// </summary>
    /// <param name="name">The field's name, e.g. <c>employee</c>.</param>
    /// <param name="resolver">Produces the value, e.g. <c>(int id, SampleData data) =&gt; data.FindEmployee(id)</c>.</param>
    /// <param name="description">Shown in the schema.</param>
    /// <returns>This builder, for chaining.</returns>
    [RequiresUnreferencedCode(ReflectionWarning)]
    public PopcornGatewayBuilder Field(string name, Delegate resolver, string? description = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ArgumentNullException.ThrowIfNull(resolver);
        if (!SelectionParser.IsValidFieldName(name) || _fields.Any(f => f.Name == name))
        {
            throw new ArgumentException($"'{name}' is not a valid, unique GraphQL field name.", nameof(name));
        }

        _fields.Add(new GatewayField(name, resolver, description));
        return this;
    }
}
