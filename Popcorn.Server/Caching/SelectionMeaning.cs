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

    /// <summary>
    /// The meaning of the request's selection on its (Popcorn) endpoint, worked out on first call. A stored selection
    /// (<c>sha256:</c>) means what the text stored under its hash means, so it shares an entry with that text spelled
    /// out; a hash nothing is stored under is refused (the pipeline answers its 400).
    /// </summary>
    public static ValueTask<SelectionMeaning> OfAsync(HttpContext context, PopcornRegistry registry, CallerPlans callerPlans, EndpointModels models, PersistedDocuments persisted)
    {
        if (context.Items.TryGetValue(s_itemKey, out var known) && known is SelectionMeaning meaning)
        {
            return new(meaning);
        }

        string? text;
        try
        {
            text = RequestSelection.Read(context.Request, registry.Options, out _);
        }
        catch (PopcornQueryException)
        {
            return new(Remember(context, s_invalid));
        }

        if (!DocumentHash.IsReference(text, out string? hash))
        {
            return new(Remember(context, Read(context, registry, callerPlans, models, text)));
        }

        return hash is null ? new(Remember(context, s_invalid)) : ReadStoredAsync(context, registry, callerPlans, models, persisted, hash);
    }

    private static async ValueTask<SelectionMeaning> ReadStoredAsync(HttpContext context, PopcornRegistry registry, CallerPlans callerPlans, EndpointModels models, PersistedDocuments persisted, string hash)
    {
        string? stored = await persisted.FindAsync(hash, context.RequestAborted);
        return Remember(context, stored is null ? s_invalid : Read(context, registry, callerPlans, models, stored));
    }

    private static SelectionMeaning Remember(HttpContext context, SelectionMeaning meaning)
    {
        context.Items[s_itemKey] = meaning;
        return meaning;
    }

    private static SelectionMeaning Read(HttpContext context, PopcornRegistry registry, CallerPlans callerPlans, EndpointModels models, string? text)
    {
        try
        {
            if (models.ShapeOf(context.GetEndpoint()) is { } declared)
            {
                // The same plan cache the pipeline uses: the handler's compile is a hit on the text after this. On a type
                // with protected fields, the remembered outcome: an unknown name then throws nothing here, as a hidden one does not.
                if (callerPlans.Unrestricted(declared.Metadata, text).Plan is not { } plan)
                {
                    return s_invalid;
                }

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
