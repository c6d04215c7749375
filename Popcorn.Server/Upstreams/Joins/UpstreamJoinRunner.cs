using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// Answers the joins an upstream root field's plan selects, level by level (docs/gateway.md, "Joins"): the parents'
/// answer is copied once with a hole for each joined value; the distinct keys of a level go to each target service in
/// one call (or chunks within its limits; to a plain service's operation, with the keys in its list parameter), every
/// call of a level at once; their objects are copied with holes for the next level; then the pieces are put together
/// in the parents' order (<see cref="JoinAssembler"/>). A call that fails makes its keys' fields null, each with a
/// <c>SOURCE_UNAVAILABLE</c> error at its path, and nothing else.
/// </summary>
internal sealed class UpstreamJoinRunner(UpstreamClient client, UpstreamCatalog catalog, JsonWriterOptions writerOptions, long maxResponseBytes)
{
    private readonly JsonWriterOptions _writerOptions = writerOptions with { Indented = false };

    /// <summary>The field's value from the parents' <paramref name="body"/>, joins filled, with the errors of those that failed.</summary>
    /// <exception cref="UpstreamUnavailableException">The parents' answer is unusable.</exception>
    /// <exception cref="PopcornSourceLimitExceededException">The joined value would pass the response's byte limit.</exception>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    public async Task<UpstreamValue> RunAsync(HttpContext context, ReadOnlyMemory<byte> body, UpstreamRootFieldSpec spec, SelectionPlan plan, string key, UpstreamJoinPlan joins)
    {
        var parents = new JoinRecorder(joins, new ArrayBufferWriter<byte>(Math.Max(256, body.Length)));
        using (var json = new Utf8JsonWriter(parents.Output, _writerOptions))
        {
            UpstreamTranscoder.Transcode(spec.Service, body.Span, spec.UpstreamName, key, plan, spec.IsList, catalog, json, parents);
        }

        return await CompleteAsync(context, parents, joins, key);
    }

    /// <summary>
    /// The field's value from <paramref name="parents"/>, the parents' answer already copied with a hole for each joined
    /// value (by a Popcorn service's transcoder or a plain service's), the joins filled level by level.
    /// </summary>
    /// <exception cref="PopcornSourceLimitExceededException">The joined value would pass the response's byte limit.</exception>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    public async Task<UpstreamValue> CompleteAsync(HttpContext context, JoinRecorder parents, UpstreamJoinPlan joins, string key)
    {
        var levels = new List<JoinLevel>();
        for (var holes = parents.Holes; holes.Count > 0; holes = levels[^1].NextHoles)
        {
            levels.Add(await FetchLevelAsync(context, holes, joins));
        }

        var errors = new List<GraphQLError>();
        var output = new ArrayBufferWriter<byte>(parents.Output.WrittenCount * 2);
        new JoinAssembler(levels, maxResponseBytes, errors, key).Write(output, parents);
        return new UpstreamValue(output.WrittenMemory) { Errors = errors };
    }

    /// <summary>One level: the distinct keys of each site, batched per service, every call at once.</summary>
    private async Task<JoinLevel> FetchLevelAsync(HttpContext context, List<JoinHole> holes, UpstreamJoinPlan joins)
    {
        var keysBySite = new Dictionary<JoinSite, (List<JoinKey> Keys, HashSet<JoinKey> Seen)>(ReferenceEqualityComparer.Instance);
        var sites = new List<JoinSite>();
        foreach (var hole in holes)
        {
            if (!keysBySite.TryGetValue(hole.Site, out var keys))
            {
                keysBySite.Add(hole.Site, keys = (new(), new()));
                sites.Add(hole.Site);
            }

            if (hole.Key is { } value && keys.Seen.Add(value))
            {
                keys.Keys.Add(value);
            }
        }

        var calls = new List<JoinCall>();
        foreach (var service in sites.Select(s => s.Join.Target.Service).Distinct(StringComparer.Ordinal))
        {
            var ofService = sites.Where(s => s.Join.Target.Service == service && keysBySite[s].Keys.Count > 0).Select(s => (s, keysBySite[s].Keys)).ToArray();
            var popcorn = ofService.Where(s => s.s.Join.KeysParameter is null).ToArray();
            if (popcorn.Length > 0)
            {
                calls.AddRange(JoinCallPrinter.Print(service, popcorn, popcorn[0].s.Join.Limits));
            }

            // A plain service's operation answers one join per call: its list parameter holds the keys.
            foreach (var (site, keys) in ofService.Where(s => s.s.Join.KeysParameter is not null))
            {
                calls.AddRange(PlainJoinCalls.Print(site, keys));
            }
        }

        var answers = await Task.WhenAll(calls.Select(call => CallAsync(context, call, joins)));
        var level = new JoinLevel();
        foreach (var site in sites)
        {
            level.For(site); // a site whose parents had no keys still has its (empty) result
        }

        for (int i = 0; i < calls.Count; i++)
        {
            var (answer, failure) = answers[i];
            if (answer is null)
            {
                foreach (var (site, keys) in calls[i].Asked)
                {
                    var result = level.For(site);
                    foreach (var key in keys)
                    {
                        result.Failed.TryAdd(key, failure!.Value);
                    }
                }

                continue;
            }

            foreach (var element in answer.Elements)
            {
                var result = level.For(element.Site);
                if (!element.Site.Join.IsMany)
                {
                    result.Found.TryAdd(element.Key, (answer, element));
                }
                else if (result.All.TryGetValue(element.Key, out var elements))
                {
                    elements.Add((answer, element));
                }
                else
                {
                    result.All.Add(element.Key, [(answer, element)]);
                }
            }

            level.NextHoles.AddRange(answer.Holes);
        }

        return level;
    }

    private async Task<(JoinRecorder? Answer, (string Message, int Status)? Failure)> CallAsync(HttpContext context, JoinCall call, UpstreamJoinPlan joins)
    {
        string path = call.IsPlain ? call.Selection : client.OptionsOf(call.Service).GraphQLPath + "?query=" + Uri.EscapeDataString(call.Selection);
        try
        {
            var (buffer, length) = await client.GetAsync(call.Service, path, context, context.RequestAborted);
            try
            {
                var answer = new JoinRecorder(joins, new ArrayBufferWriter<byte>(Math.Max(256, length)));
                using (var json = new Utf8JsonWriter(answer.Output, _writerOptions))
                {
                    if (call.IsPlain)
                    {
                        PlainJoinAnswer.Transcode(call.Service, buffer.AsSpan(0, length), call.Asked[0].Site, catalog, json, answer);
                    }
                    else
                    {
                        UpstreamTranscoder.TranscodeJoinAnswer(call.Service, buffer.AsSpan(0, length), call.Parts, catalog, json, answer);
                    }
                }

                return (answer, null);
            }
            finally
            {
                UpstreamClient.Return(buffer);
            }
        }
        catch (UpstreamUnavailableException e)
        {
            return (null, (e.Message, e.Status));
        }
    }
}
