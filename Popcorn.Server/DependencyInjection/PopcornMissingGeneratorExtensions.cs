using System.ComponentModel;
using System.Text.Json.Serialization;
using Popcorn.Server;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>
/// Turns a forgotten source generator into a clear build error. The generator makes a <c>[PopcornContext]</c>
/// context an <see cref="Popcorn.Query.IPopcornContext"/>; without it, <c>options.AddContext(AppJsonContext.Default)</c>
/// cannot bind to <see cref="PopcornOptions.AddContext"/>, and C# then looks for an extension method and finds this
/// one, whose obsolete-as-error message says what is wrong (instead of a bare CS1503 conversion error). When the
/// generator ran, the instance method always wins, so this is never chosen. It lives in the namespace every ASP.NET
/// Core app imports implicitly, so it is found wherever <c>AddContext</c> is called.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class PopcornMissingGeneratorExtensions
{
    internal const string Message =
        "This JsonSerializerContext is not a Popcorn context: the Popcorn.Generator source generator did not run on it. "
        + "Mark the context [PopcornContext] and partial, and reference the Popcorn.Query package, which carries the generator "
        + "(with a project reference, add Popcorn.Generator as an analyzer: OutputItemType=\"Analyzer\"). See docs/packages.md.";

    /// <summary>Never compiles: see the class remarks. Throws if reached anyway (by reflection).</summary>
    /// <param name="options">The options being configured.</param>
    /// <param name="context">A context the generator did not process.</param>
    /// <returns>Never returns.</returns>
    [Obsolete(Message, error: true, DiagnosticId = "POP100")]
    public static PopcornOptions AddContext(this PopcornOptions options, JsonSerializerContext context)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(context);
        throw new InvalidOperationException($"{context.GetType().FullName}: {Message}");
    }
}
