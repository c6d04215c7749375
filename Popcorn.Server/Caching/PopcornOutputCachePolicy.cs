using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Primitives;

namespace Popcorn.Server;

/// <summary>
/// Makes ASP.NET Core output caching key Popcorn endpoints by what the selection means rather than how it was sent:
/// <c>?include=[a,b]</c>, <c>?include={ b a }</c> and the same in the <c>Popcorn-Include</c> header share one entry,
/// two different selections never do, and a refused selection is never stored. It never turns caching on: that stays
/// the app's choice (<c>.CacheOutput()</c>, <c>[OutputCache]</c>, a base policy). See docs/caching.md.
/// </summary>
/// <remarks>
/// Registered as the last base policy, and wrapped around a Minimal API endpoint's own policy by <c>.WithPopcorn()</c>:
/// output caching runs base policies first and the endpoint's last, and the endpoint's default policy varies by every
/// query parameter, the raw selection included, so the raw selection can only be taken out of the key after it.
/// </remarks>
internal sealed class PopcornOutputCachePolicy(IOutputCachePolicy? endpointPolicy) : IOutputCachePolicy
{
    /// <summary>The base policy: for every Popcorn endpoint, whatever enabled caching on it.</summary>
    public static readonly PopcornOutputCachePolicy Base = new(endpointPolicy: null);

    private const string SelectionVaryKey = "popcorn-selection";

    private const string FormatVaryKey = "popcorn-format";

    private const string CountVaryKey = "popcorn-count";

    /// <summary>
    /// Wraps the endpoint's output cache policy (the last one in its metadata, which is the one output caching runs), so
    /// Popcorn's rules run after it; once, however many times the endpoint opted in.
    /// </summary>
    public static void WrapEndpointPolicy(IList<object> metadata)
    {
        for (int i = metadata.Count - 1; i >= 0; i--)
        {
            if (metadata[i] is IOutputCachePolicy policy)
            {
                if (policy is not PopcornOutputCachePolicy)
                {
                    metadata.Add(new PopcornOutputCachePolicy(policy));
                }

                return;
            }
        }
    }

    public async ValueTask CacheRequestAsync(OutputCacheContext context, CancellationToken cancellation)
    {
        if (endpointPolicy is not null)
        {
            await endpointPolicy.CacheRequestAsync(context, cancellation);
        }

        // The base policy leaves an endpoint whose own policy .WithPopcorn() wrapped to the wrapper, which runs last.
        if (IsPopcornEndpoint(context.HttpContext) && !(endpointPolicy is null && HasWrappedEndpointPolicy(context.HttpContext)))
        {
            var registry = context.HttpContext.RequestServices.GetRequiredService<PopcornRegistry>();
            await AddVaryValuesAsync(context, registry);
            KeepRawSelectionOutOfKey(context.CacheVaryByRules, context.HttpContext.Request.Query, registry.Options);
        }

        // Field authorization: callers refused different policies never share an entry (docs/authorization.md). It
        // checks the endpoint itself (the schema tools too) and decides each policy once per request.
        await FieldAccessVary.AddAsync(context);
    }

    public ValueTask ServeFromCacheAsync(OutputCacheContext context, CancellationToken cancellation) =>
        endpointPolicy?.ServeFromCacheAsync(context, cancellation) ?? ValueTask.CompletedTask;

    public async ValueTask ServeResponseAsync(OutputCacheContext context, CancellationToken cancellation)
    {
        if (endpointPolicy is not null)
        {
            await endpointPolicy.ServeResponseAsync(context, cancellation);
        }

        // A refused selection's 400 (or any 400 of a Popcorn endpoint) is never stored, whatever the app's policy says.
        if (IsPopcornEndpoint(context.HttpContext) && context.HttpContext.Response.StatusCode == StatusCodes.Status400BadRequest)
        {
            context.AllowCacheStorage = false;
        }

        FieldAccessVary.RefuseUnvariedStorage(context); // field authorization: see docs/authorization.md
    }

    /// <summary>
    /// Everything a Popcorn response depends on beyond the URL goes into the key here, and only here: the selection's
    /// meaning, with the tags that name the entry, and the response format. A refused selection turns lookup and storage off.
    /// </summary>
    private static async ValueTask AddVaryValuesAsync(OutputCacheContext context, PopcornRegistry registry)
    {
        var http = context.HttpContext;
        var services = http.RequestServices;
        var meaning = await SelectionMeaning.OfAsync(http, registry, services.GetRequiredService<CallerPlans>(), services.GetRequiredService<EndpointModels>(), services.GetRequiredService<PersistedDocuments>());
        context.CacheVaryByRules.VaryByValues[SelectionVaryKey] = meaning.Key;

        // The format negotiated, not the raw Accept header: every client that gets JSON (no header, */*, a browser's
        // long list) shares one entry, and a CSV or JSON Lines body never answers a JSON request.
        context.CacheVaryByRules.VaryByValues[FormatVaryKey] = AcceptNegotiation.Choose(http.Request.Headers.Accept)?.MediaType ?? "none";

        // A response with X-Total-Count never answers a request that did not ask for it, nor the reverse.
        context.CacheVaryByRules.VaryByValues[CountVaryKey] = TotalCountPreference.IsAsked(http.Request) ? "exact" : "none";
        if (!meaning.IsValid)
        {
            context.AllowCacheLookup = false;
            context.AllowCacheStorage = false;
            return;
        }

        foreach (string tag in meaning.Tags)
        {
            context.Tags.Add(tag);
        }
    }

    /// <summary>
    /// Takes the raw selection (the query parameter, the header) out of the key, which the selection's meaning already
    /// varies by: otherwise two spellings would still be two entries. Every other query parameter stays in the key.
    /// </summary>
    private static void KeepRawSelectionOutOfKey(CacheVaryByRules rules, IQueryCollection query, PopcornOptions options)
    {
        string parameter = options.QueryParameterName;
        IEnumerable<string?> queryKeys = rules.QueryKeys;
        if (rules.QueryKeys is { Count: 1 } only && only[0] == "*")
        {
            // "Every parameter" (the default policy's rule) spelled out: sorted and upper-cased as that rule does, so
            // the other parameters still separate entries, case-insensitively.
            queryKeys = query.Keys.Select(static k => k.ToUpperInvariant()).Order(StringComparer.Ordinal);
        }

        rules.QueryKeys = queryKeys.Where(k => !string.Equals(k, parameter, StringComparison.OrdinalIgnoreCase)).ToArray();
        if (rules.HeaderNames.Count > 0)
        {
            rules.HeaderNames = rules.HeaderNames.Where(h => !string.Equals(h, options.HeaderName, StringComparison.OrdinalIgnoreCase)).ToArray();
        }
    }

    private static bool HasWrappedEndpointPolicy(HttpContext context) =>
        context.GetEndpoint()?.Metadata.GetMetadata<IOutputCachePolicy>() is PopcornOutputCachePolicy;

    private static bool IsPopcornEndpoint(HttpContext context) =>
        context.GetEndpoint()?.Metadata is { } metadata
        && (metadata.GetMetadata<IPopcornEndpointMetadata>() is not null || metadata.GetMetadata<IResultShapeMetadata>() is not null);
}
