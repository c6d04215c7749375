using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// A root field of the gateway: a resolver delegate whose parameters bind to the field's arguments (by name),
/// to <see cref="HttpContext"/> and <see cref="CancellationToken"/>, or to services.
/// </summary>
internal sealed class GatewayField
{
    private readonly Delegate? _resolver;

    // The resolver's method called through a MethodInvoker, which skips DynamicInvoke's per-call delegate checks; null
    // for the shapes only DynamicInvoke calls correctly (a delegate closed over a static method's first argument, an
    // open instance delegate, a multicast delegate).
    private readonly MethodInvoker? _invoker;
    private readonly object? _target;
    private readonly Func<HttpContext, IReadOnlyDictionary<string, object?>, object?>[] _parameterBinders;
    private readonly PropertyInfo? _taskResult;

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
    // Task<T>.Result is read by reflection after an async resolver's await: without this, Native AOT drops the property's
    // metadata and every awaited value would read as missing (docs/aot.md).
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(Task<>))]
    public GatewayField(GatewayFieldDeclaration declaration, GatewayInputTypes? inputs, Func<Type, bool>? isService)
    {
        var (name, resolver, description, isMutation) = declaration;
        Name = name;
        Description = description;
        IsMutation = isMutation;
        var method = resolver.Method;
        Policy = declaration.Policy ?? method.GetCustomAttribute<PopcornAuthorizeAttribute>()?.Policy;
        _resolver = resolver;
        if (resolver.HasSingleTarget && method.IsStatic == resolver.Target is null)
        {
            _invoker = MethodInvoker.Create(method);
            _target = resolver.Target;
        }

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
            else if (GatewayArgument.IsBindable(type))
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
        _parameterBinders = binders.ToArray();
        var returnType = method.ReturnType;
        ReturnType = returnType;
        if (returnType.IsGenericType && returnType.GetGenericTypeDefinition() == typeof(Task<>))
        {
            _taskResult = returnType.GetProperty(nameof(Task<object>.Result))
                ?? throw new InvalidOperationException($"Root field '{name}' returns {returnType}, whose Result property was trimmed away; keep it (docs/aot.md).");
        }
    }

    /// <summary>
    /// A root field answered by an upstream service (docs/gateway.md): its arguments are those the service declares, and
    /// its value is the service's JSON, copied through the plan; it has no resolver.
    /// </summary>
    public GatewayField(UpstreamRootFieldSpec spec, UpstreamRootField upstream)
    {
        Name = spec.Name;
        Description = spec.Description;
        Arguments = spec.Arguments.Select(a => new GatewayArgument(a.Name, a.Type)).ToArray();
        _parameterBinders = [];
        ReturnType = typeof(UpstreamValue);
        Shape = new ResultShape(spec.Type, spec.IsList);
        Upstream = upstream;
    }

    public string Name { get; }

    /// <summary>The service that answers this field; null for a field with a resolver.</summary>
    public UpstreamRootField? Upstream { get; }

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

    /// <summary>Calls the resolver; a <see cref="ValueTask{TResult}"/>, so a resolver that returns its value (not a task) allocates no task.</summary>
    public async ValueTask<object?> ResolveAsync(HttpContext context, IReadOnlyDictionary<string, object?> arguments)
    {
        var values = new object?[_parameterBinders.Length];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = _parameterBinders[i](context, arguments);
        }

        object? result;
        try
        {
            result = _invoker is not null ? _invoker.Invoke(_target, values.AsSpan()) : _resolver!.DynamicInvoke(values);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
            throw;
        }

        if (result is Task task)
        {
            await task;
            return _taskResult?.GetValue(task);
        }

        return result;
    }
}
