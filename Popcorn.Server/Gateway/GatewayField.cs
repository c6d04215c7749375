using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A root field of the gateway: its name, arguments and shape, and where its value comes from (<see cref="Source"/>):
/// a resolver delegate whose parameters bind to the field's arguments (by name), to <see cref="HttpContext"/> and
/// <see cref="CancellationToken"/>, or to services (<see cref="ResolverSource"/>); or an upstream service
/// (<see cref="UpstreamRootField"/>).
/// </summary>
internal sealed class GatewayField
{
    [RequiresUnreferencedCode(PopcornGatewayBuilder.ReflectionWarning)]
    public GatewayField(string name, Delegate resolver, string? description)
        : this(new GatewayFieldDeclaration(name, resolver, description, IsMutation: false), inputs: null, isService: null)
    {
    }

    /// <summary>
    /// A declared field. A parameter that is not a scalar, <see cref="HttpContext"/> or <see cref="CancellationToken"/>
    /// is an input object (or a list of them) when the app's JSON metadata knows it and it is not a registered service
    /// (<paramref name="isService"/>), as Minimal APIs tell a body from a service; anything else is a service.
    /// </summary>
    [RequiresUnreferencedCode(PopcornGatewayBuilder.ReflectionWarning)]
    public GatewayField(GatewayFieldDeclaration declaration, GatewayInputTypes? inputs, Func<Type, bool>? isService)
    {
        var (name, resolver, description, isMutation) = declaration;
        Name = name;
        Description = description;
        IsMutation = isMutation;
        var method = resolver.Method;
        Policy = declaration.Policy ?? method.GetCustomAttribute<PopcornAuthorizeAttribute>()?.Policy;

        var arguments = new List<GatewayArgument>();
        var binders = new List<Func<HttpContext, IReadOnlyDictionary<string, object?>, object?>>();
        foreach (var parameter in method.GetParameters())
        {
            var type = parameter.ParameterType;
            if (type == typeof(HttpContext))
            {
                binders.Add(static (context, _) => context);
            }
            else if (type == typeof(CancellationToken))
            {
                binders.Add(static (context, _) => context.RequestAborted);
            }
            else if (type.IsEnum && inputs?.TypeInfo(type) is { } enumInfo)
            {
                // An enum the app's JSON metadata knows: a GraphQL enum of the names it writes, declared in the schema.
                var argument = new GatewayArgument(parameter, inputs.Describe(type), enumInfo);
                arguments.Add(argument);
                binders.Add((_, bound) => bound[argument.Name] is InputArgumentValue value ? value.Read() : null);
            }
            else if (GatewayArgument.IsBindable(type) || GatewayArgument.IsDate(type))
            {
                var argument = new GatewayArgument(parameter);
                arguments.Add(argument);
                binders.Add((_, bound) => bound[argument.Name]);
            }
            else if (inputs is not null && isService?.Invoke(type) != true && IsInput(inputs, type) && inputs.TypeInfo(type) is { } typeInfo)
            {
                var argument = new GatewayArgument(parameter, inputs.Describe(type), typeInfo);
                arguments.Add(argument);
                binders.Add((_, bound) => bound[argument.Name] is InputArgumentValue value ? value.Read() : null);
            }
            else
            {
                binders.Add((context, _) => context.RequestServices.GetRequiredService(type));
            }
        }

        Arguments = arguments;
        ReturnType = method.ReturnType;
        Source = new ResolverSource(resolver, binders.ToArray());
    }

    /// <summary>
    /// A root field answered by an upstream service (docs/gateway.md), a Popcorn service's (<see cref="UpstreamRootField"/>)
    /// or a plain JSON service's operation (<see cref="OpenApiRootField"/>): its arguments are those the service declares,
    /// and its value is the service's JSON, copied through the plan; it has no resolver.
    /// </summary>
    public GatewayField(UpstreamRootFieldSpec spec, IRootFieldSource upstream)
    {
        Name = spec.Name;
        Description = spec.Description;
        Arguments = spec.Arguments.Select(a => new GatewayArgument(a.Name, a.Type)).ToArray();
        ReturnType = typeof(UpstreamValue);
        Shape = new ResultShape(spec.Type, spec.IsList);
        Source = upstream;
    }

    public string Name { get; }

    /// <summary>Where the field's value comes from: its resolver, or the upstream service that answers it.</summary>
    public IRootFieldSource Source { get; }

    /// <summary>The declared shape of the value when it is not read from <see cref="ReturnType"/> (an upstream field's).</summary>
    public ResultShape? Shape { get; }

    /// <summary>True for a field of the <c>Mutation</c> type: run one at a time, in the document's order.</summary>
    public bool IsMutation { get; }

    /// <summary>The authorization policy the caller must satisfy to see and run the field; null for none.</summary>
    public string? Policy { get; }

    public string? Description { get; }

    public IReadOnlyList<GatewayArgument> Arguments { get; }

    /// <summary>The resolver's declared return type (what Popcorn writes, possibly inside a Task).</summary>
    public Type ReturnType { get; }

    /// <summary>
    /// Whether argument <paramref name="name"/> is the root list's <c>first</c>/<c>skip</c>/<c>orderBy</c>/<c>where</c>,
    /// which Popcorn applies (docs/data.md): the field returns a sequence of models and the resolver declares no
    /// parameter of that name (one that does binds it itself, as before root lists took arguments).
    /// </summary>
    public bool LeavesToPopcorn(string name, ResultShape? shape) =>
        shape is { IsSequence: true }
        && Array.IndexOf(PlanCompiler.CollectionArgumentNames, name) >= 0
        && !Arguments.Any(a => a.Name == name);

    private static bool IsInput(GatewayInputTypes inputs, Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (inputs.IsInputObject(type))
        {
            return true;
        }

        // A list of input objects (List<LineInput>, LineInput[]).
        return type != typeof(string) && inputs.TypeInfo(type) is { Kind: System.Text.Json.Serialization.Metadata.JsonTypeInfoKind.Enumerable, ElementType: { } element }
            && inputs.IsInputObject(element);
    }
}
