using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The source of a gateway root field served by an upstream Popcorn service: sends the service the selection the
/// planner printed (<see cref="UpstreamIncludePrinter"/>) as one GET of its gateway, and copies the answer through the
/// plan (<see cref="UpstreamTranscoder"/>), joins filled by <see cref="UpstreamJoinRunner"/> when it selects any.
/// </summary>
internal sealed class UpstreamRootField(UpstreamRootFieldSpec spec, UpstreamClient client, UpstreamJoinRunner joins, UpstreamCatalog catalog, JsonWriterOptions writerOptions) : IUpstreamSource
{
    public UpstreamRootFieldSpec Spec { get; } = spec;

    /// <summary>The upstream types and joins, which the planner prints the service's selection with.</summary>
    public UpstreamCatalog Catalog { get; } = catalog;

    /// <summary>Every upstream root of an operation is called at once (each is one GET on its own connection).</summary>
    public bool StartsAtOnce => true;

    /// <summary>Calls the service with the selection the planner printed for <paramref name="step"/>.</summary>
    public async ValueTask<object?> ReadAsync(HttpContext context, GatewayStep step) =>
        await FetchAsync(context, step.UpstreamSelection!, step.Plan!, step.Key, step.UpstreamJoins);

    /// <summary>The canonical include of the service's part of the plan, joins left to their services (<see cref="UpstreamIncludePrinter"/>).</summary>
    public string? PrintRequest(IReadOnlyDictionary<string, object?> arguments, SelectionPlan plan, PopcornOptions options, out UpstreamJoinPlan? joins, out string? refusal) =>
        UpstreamIncludePrinter.Print(Spec.UpstreamName, arguments, plan, options.Limits.MaxDepth, Catalog, out joins, out refusal);

    public async Task<UpstreamValue> FetchAsync(HttpContext context, string selection, SelectionPlan plan, string key, UpstreamJoinPlan? joinPlan) =>
        (await FetchAsync(context, selection, plan, key, joinPlan, page: false)).Value;

    /// <summary>
    /// As <see cref="FetchAsync(HttpContext, string, SelectionPlan, string, UpstreamJoinPlan?)"/> for a selection printed
    /// through the service's connection (<see cref="UpstreamRootFieldSpec.Connection"/>): the list's value, and the
    /// cursor the service issued for the page after it (null when none follows).
    /// </summary>
    public Task<(UpstreamValue Value, string? NextAfter)> FetchPageAsync(HttpContext context, string selection, SelectionPlan plan, string key, UpstreamJoinPlan? joinPlan) =>
        FetchAsync(context, selection, plan, key, joinPlan, page: true);

    private async Task<(UpstreamValue Value, string? NextAfter)> FetchAsync(HttpContext context, string selection, SelectionPlan plan, string key, UpstreamJoinPlan? joinPlan, bool page)
    {
        var settings = client.OptionsOf(Spec.Service);
        string path = settings.GraphQLPath + "?query=" + Uri.EscapeDataString(selection);
        var (buffer, length) = await client.GetAsync(Spec.Service, path, context, context.RequestAborted);
        string? next = null;
        if (page)
        {
            var answer = buffer;
            (buffer, length) = UpstreamConnectionPage.Unwrap(answer, length, Spec.UpstreamName, out next);
            if (!ReferenceEquals(buffer, answer))
            {
                UpstreamClient.Return(answer);
            }
        }

        try
        {
            if (joinPlan is not null)
            {
                return (await joins.RunAsync(context, buffer.AsMemory(0, length), Spec, plan, key, joinPlan), next);
            }

            var output = new ArrayBufferWriter<byte>(Math.Max(256, length));
            using (var json = new Utf8JsonWriter(output, writerOptions with { Indented = false }))
            {
                UpstreamTranscoder.Transcode(Spec.Service, buffer.AsSpan(0, length), Spec.UpstreamName, key, plan, Spec.IsList, Catalog, json);
            }

            return (new UpstreamValue(output.WrittenMemory), next);
        }
        finally
        {
            UpstreamClient.Return(buffer);
        }
    }
}
