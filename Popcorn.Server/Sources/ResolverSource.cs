using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server;

/// <summary>
/// The source of a gateway root field the app resolves (a query's or a mutation's): calls its delegate with each
/// parameter bound by <see cref="GatewayField"/> (an argument, <see cref="HttpContext"/>, a
/// <see cref="CancellationToken"/>, a service) and returns what it returned, awaited when it is a task.
/// </summary>
internal sealed class ResolverSource : IRootFieldSource
{
    private readonly Delegate _resolver;

    // The resolver's method called through a MethodInvoker, which skips DynamicInvoke's per-call delegate checks; null
    // for the shapes only DynamicInvoke calls correctly (a delegate closed over a static method's first argument, an
    // open instance delegate, a multicast delegate).
    private readonly MethodInvoker? _invoker;
    private readonly object? _target;
    private readonly Func<HttpContext, IReadOnlyDictionary<string, object?>, object?>[] _parameterBinders;
    private readonly PropertyInfo? _taskResult;

    [RequiresUnreferencedCode(PopcornGatewayBuilder.ReflectionWarning)]
    // Task<T>.Result is read by reflection after an async resolver's await: without this, Native AOT drops the property's
    // metadata and every awaited value read as null (docs/aot.md).
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties, typeof(Task<>))]
    public ResolverSource(Delegate resolver, Func<HttpContext, IReadOnlyDictionary<string, object?>, object?>[] parameterBinders)
    {
        var method = resolver.Method;
        _resolver = resolver;
        if (resolver.HasSingleTarget && method.IsStatic == resolver.Target is null)
        {
            _invoker = MethodInvoker.Create(method);
            _target = resolver.Target;
        }

        _parameterBinders = parameterBinders;
        var returnType = method.ReturnType;
        if (returnType.IsGenericType && returnType.GetGenericTypeDefinition() == typeof(Task<>))
        {
            _taskResult = returnType.GetProperty(nameof(Task<object>.Result))
                ?? throw new InvalidOperationException($"A resolver returns {returnType}, whose Result property was trimmed away; keep it (docs/aot.md).");
        }
    }

    /// <summary>Resolvers run one after another, in the document's order.</summary>
    public bool StartsAtOnce => false;

    /// <summary>Calls the resolver; a <see cref="ValueTask{TResult}"/>, so a resolver that returns its value (not a task) allocates no task.</summary>
    public ValueTask<object?> ReadAsync(HttpContext context, GatewayStep step) => ResolveAsync(context, step.Arguments!);

    /// <summary>Calls the resolver with <paramref name="arguments"/> bound to its parameters.</summary>
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
            result = _invoker is not null ? _invoker.Invoke(_target, values.AsSpan()) : _resolver.DynamicInvoke(values);
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
