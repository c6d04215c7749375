using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The source of a gateway root field served by a plain JSON service's GET operation: sends the plain request the
/// planner printed (<see cref="OpenApiRequest"/>: path and query from the arguments, the allowed headers) and projects
/// the answer to the client's selection: a list while it streams in (<see cref="PlainJsonListStream"/>), an object once
/// read whole (<see cref="PlainJsonTranscoder"/>). Joins from its types to Popcorn services' (<c>gateway.Join</c>) are
/// left as holes with their keys while it copies, then filled by <see cref="UpstreamJoinRunner"/>.
/// </summary>
internal sealed class OpenApiRootField(UpstreamRootFieldSpec spec, UpstreamClient client, UpstreamJoinRunner joins, UpstreamCatalog catalog, JsonWriterOptions writerOptions) : IUpstreamSource
{
    /// <summary>A field's <c>null</c> as upstream JSON: the writer writes an upstream value as it is.</summary>
    private static readonly UpstreamValue s_none = new("null"u8.ToArray());

    public UpstreamRootFieldSpec Spec { get; } = spec;

    /// <summary>How the operation is called, which the planner prints with each operation's arguments.</summary>
    public OpenApiRequest Request { get; } = spec.Request!;

    /// <summary>The upstream types and joins, which the planner finds a plan's joins with.</summary>
    public UpstreamCatalog Catalog { get; } = catalog;

    /// <summary>Every upstream root of an operation is called at once (each is one GET on its own connection).</summary>
    public bool StartsAtOnce => true;

    /// <summary>Calls the operation at the path and query the planner printed for <paramref name="step"/>.</summary>
    public async ValueTask<object?> ReadAsync(HttpContext context, GatewayStep step) =>
        await FetchAsync(context, step.UpstreamSelection!, step.Plan!, step.Key, step.UpstreamJoins);

    /// <summary>
    /// The operation's path and query for <paramref name="arguments"/>: a plain service takes no selection, the gateway
    /// projects its answer itself; the include printer only finds the joins under the plan, and what their services are
    /// sent. A list argument longer than <see cref="PopcornOptions.MaxFilterInValues"/> is refused.
    /// </summary>
    public string? PrintRequest(IReadOnlyDictionary<string, object?> arguments, SelectionPlan plan, PopcornOptions options, out UpstreamJoinPlan? joins, out string? refusal)
    {
        joins = null;
        if (Catalog.HasJoins && UpstreamIncludePrinter.Print(Spec.UpstreamName, arguments, plan, options.Limits.MaxDepth, Catalog, out joins, out refusal) is null)
        {
            return null;
        }

        refusal = Request.RefuseLongList(arguments, options.MaxFilterInValues);
        return refusal is null ? Request.Print(arguments) : null;
    }

    /// <summary>Calls the operation at <paramref name="request"/> (its path and query) and projects the answer through <paramref name="plan"/>.</summary>
    public async Task<UpstreamValue> FetchAsync(HttpContext context, string request, SelectionPlan plan, string key, UpstreamJoinPlan? joinPlan)
    {
        var recorder = joinPlan is not null ? new JoinRecorder(joinPlan, new ArrayBufferWriter<byte>(64 * 1024)) : null;
        var value = Spec.IsList ? await StreamListAsync(context, request, plan, key, recorder) : await ReadObjectAsync(context, request, plan, key, recorder);
        return recorder is null || ReferenceEquals(value, s_none) ? value : await joins.CompleteAsync(context, recorder, joinPlan!, key);
    }

    /// <summary>
    /// Calls the operation while the response is being written and projects its list into <paramref name="body"/> as it
    /// arrives, flushing as the response allows (<see cref="GatewayStep.StreamsToClient"/>): the gateway holds neither
    /// the service's body nor the projected list.
    /// </summary>
    /// <exception cref="UpstreamUnavailableException">The service gave nothing usable; part of the list may be written.</exception>
    public async Task StreamAsync(HttpContext context, GatewayStep step, ResponseBody body)
    {
        var breaks = await client.GetAsync(Spec.Service, step.UpstreamSelection!, context,
            (stream, cancellationToken) => PlainJsonListStream.CopyAsync(stream, Spec.Service, step.Key, step.Plan!, Catalog, recorder: null, body.Json,
                () => RootFieldWriter.FlushWhenPendingAsync(body, context), cancellationToken),
            notFound: null, notFoundIsAnswer: false, context.RequestAborted);
        if (breaks is not null)
        {
            throw breaks;
        }
    }

    /// <summary>A list is projected while it streams in: memory follows the selection, not the body.</summary>
    private async Task<UpstreamValue> StreamListAsync(HttpContext context, string request, SelectionPlan plan, string key, JoinRecorder? recorder)
    {
        var (value, breaks) = await client.GetAsync(Spec.Service, request, context,
            (body, cancellationToken) => PlainJsonListStream.ReadAsync(body, Spec.Service, key, plan, Catalog, writerOptions, recorder, cancellationToken),
            notFound: (s_none, null), Request.NotFoundIsNull, context.RequestAborted);
        return breaks is null ? value! : throw breaks;
    }

    private async Task<UpstreamValue> ReadObjectAsync(HttpContext context, string request, SelectionPlan plan, string key, JoinRecorder? recorder)
    {
        var (buffer, length) = await client.GetAsync(Spec.Service, request, context, context.RequestAborted, notFoundIsAnswer: Request.NotFoundIsNull);
        if (length < 0)
        {
            return s_none; // a 404 the operation declares: there is no such object
        }

        try
        {
            var output = recorder?.Output ?? new ArrayBufferWriter<byte>(Math.Max(256, Math.Min(length, 64 * 1024)));
            using (var json = new Utf8JsonWriter(output, writerOptions with { Indented = false }))
            {
                PlainJsonTranscoder.Transcode(Spec.Service, buffer.AsSpan(0, length), key, plan, Catalog, json, recorder);
            }

            return new UpstreamValue(output.WrittenMemory);
        }
        finally
        {
            UpstreamClient.Return(buffer);
        }
    }
}
