using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// What a request's selection means to a response cache: a key that is equal for every spelling, syntax and transport
/// of one selection, and the tags that name the entry for eviction. Read once per request (output caching asks from
/// more than one policy) and kept in <see cref="HttpContext.Items"/>.
/// </summary>
/// <param name="Key">
/// The vary value: <c>p:</c> and the compiled plan's signature when the endpoint declares its model (so <c>[a,b]</c>,
/// <c>{ b a }</c> and the defaults spelled out share an entry), <c>t:</c> and the canonical include print when it does
/// not (the plan is only known after the handler), or <see cref="InvalidKey"/> when the selection is refused.
/// </param>
/// <param name="Tags">For <c>IOutputCacheStore.EvictByTagAsync</c>: <c>popcorn</c>, and <c>popcorn:</c> with every model type the response writes.</param>
internal sealed record SelectionMeaning(string Key, IReadOnlyList<string> Tags)
{
    /// <summary>The key of a refused selection: never stored, so looking it up never finds anything.</summary>
    public const string InvalidKey = "invalid";

    /// <summary>The tag on every entry Popcorn varies.</summary>
    public const string AllTag = "popcorn";

    /// <summary>The tag prefix before a model type's name (<c>popcorn:Employee</c>).</summary>
    public const string TypeTagPrefix = "popcorn:";

    private static readonly object s_itemKey = new();
    private static readonly SelectionMeaning s_invalid = new(InvalidKey, []);

    // One meaning per plan, made once: a cached plan's requests then allocate nothing here.
    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<SelectionPlan, SelectionMeaning> s_byPlan = new();

    public bool IsValid => !ReferenceEquals(this, s_invalid);

    /// <summary>The meaning of the request's selection on its (Popcorn) endpoint, worked out on first call.</summary>
    public static SelectionMeaning Of(HttpContext context, PopcornRegistry registry, EndpointModels models)
    {
        if (context.Items.TryGetValue(s_itemKey, out var known) && known is SelectionMeaning meaning)
        {
            return meaning;
        }

        meaning = Read(context, registry, models);
        context.Items[s_itemKey] = meaning;
        return meaning;
    }

    private static SelectionMeaning Read(HttpContext context, PopcornRegistry registry, EndpointModels models)
    {
        try
        {
            string? text = RequestSelection.Read(context.Request, registry.Options, out _);
            if (models.ShapeOf(context.GetEndpoint()) is { } declared)
            {
                // The same plan cache the pipeline uses: the handler's compile is a hit on the text after this.
                var plan = registry.Plans.GetOrCompile(declared.Metadata, text);
                return s_byPlan.GetValue(plan, static plan => new SelectionMeaning(
                    "p:" + plan.Signature.Key, [AllTag, .. plan.Signature.TypeNames.Select(static name => TypeTagPrefix + name)]));
            }

            var tree = SelectionParser.Parse(text, registry.Options.Limits);
            return SelectionPrinter.PrintIncludeWithin(tree, registry.Options.Limits.MaxLength) is { } canonical
                ? new SelectionMeaning("t:" + canonical, [AllTag])
                : s_invalid;
        }
        catch (PopcornQueryException)
        {
            // The pipeline answers it with its 400 (and logs it) when the endpoint runs; here it only must not be cached.
            return s_invalid;
        }
    }
}
