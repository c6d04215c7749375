using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Popcorn.Query;

namespace Popcorn.Server;

/// <summary>
/// The source of a gateway root field served by an upstream Popcorn service: sends the service the selection the
/// planner printed (<see cref="UpstreamIncludePrinter"/>) as one GET of its gateway, and copies the answer through the
/// plan (<see cref="UpstreamTranscoder"/>).
/// </summary>
internal sealed class UpstreamRootField(UpstreamRootFieldSpec spec, UpstreamClient client, UpstreamCatalog catalog, JsonWriterOptions writerOptions) : IRootFieldSource
{
    public UpstreamRootFieldSpec Spec { get; } = spec;

    /// <summary>Every upstream root of an operation is called at once (each is one GET on its own connection).</summary>
    public bool StartsAtOnce => true;

    /// <summary>Calls the service with the selection the planner printed for <paramref name="step"/>.</summary>
    public async ValueTask<object?> ReadAsync(HttpContext context, GatewayStep step) =>
        await FetchAsync(context, step.UpstreamSelection!, step.Plan!, step.Key);

    /// <summary>Calls the service and returns the field's value, projected and checked.</summary>
    /// <exception cref="UpstreamUnavailableException">The service gave nothing usable.</exception>
    /// <exception cref="OperationCanceledException">The client left.</exception>
    public async Task<UpstreamValue> FetchAsync(HttpContext context, string selection, SelectionPlan plan, string key)
    {
        var settings = client.OptionsOf(Spec.Service);
        string path = settings.GraphQLPath + "?query=" + Uri.EscapeDataString(selection);
        var (buffer, length) = await client.GetAsync(Spec.Service, path, context, context.RequestAborted);
        try
        {
            var output = new ArrayBufferWriter<byte>(Math.Max(256, length));
            using (var json = new Utf8JsonWriter(output, writerOptions with { Indented = false }))
            {
                UpstreamTranscoder.Transcode(Spec.Service, buffer.AsSpan(0, length), Spec.UpstreamName, key, plan, Spec.IsList, catalog, json);
            }

            return new UpstreamValue(output.WrittenMemory);
        }
        finally
        {
            UpstreamClient.Return(buffer);
        }
    }
}
