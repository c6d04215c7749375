using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Popcorn.Server.Tests.Gateway.Upstreams.SchemaChecks;

/// <summary>
/// The test host as a real Popcorn service on loopback Kestrel whose <c>/popcorn/schema</c> a test can change while a
/// gateway runs in front of it (as a redeployed service would), or which it can stop.
/// </summary>
public sealed class ChangingSchemaService : IAsyncDisposable
{
    private WebApplication? _app;
    private volatile string? _schema;

    public Uri BaseAddress { get; private set; } = null!;

    /// <summary>The schema the service served when it started.</summary>
    public JsonObject Original { get; private set; } = null!;

    public static async Task<ChangingSchemaService> StartAsync()
    {
        var service = new ChangingSchemaService { _app = TestHostServer.Start() };
        service._app.Use(async (context, next) =>
        {
            if (context.Request.Path == "/popcorn/schema" && service._schema is { } schema)
            {
                context.Response.ContentType = "application/json";
                await context.Response.WriteAsync(schema);
                return;
            }

            await next(context);
        });
        await service._app.StartAsync();
        service.BaseAddress = new Uri(service._app.Urls.First());
        using var client = new HttpClient { BaseAddress = service.BaseAddress };
        service.Original = JsonNode.Parse(await client.GetStringAsync("/popcorn/schema"))!.AsObject();
        return service;
    }

    /// <summary>From now on the service describes itself as <paramref name="change"/> makes its original schema.</summary>
    public void ChangeSchema(Action<JsonObject> change)
    {
        var schema = Original.DeepClone().AsObject();
        change(schema);
        _schema = schema.ToJsonString();
    }

    /// <summary>From now on the service describes itself as it really is again.</summary>
    public void RestoreSchema() => _schema = null;

    /// <summary>The fields of <paramref name="type"/> in <paramref name="schema"/>.</summary>
    public static JsonArray FieldsOf(JsonObject schema, string type) =>
        schema["types"]!.AsArray().Single(t => (string?)t!["name"] == type)!["fields"]!.AsArray();

    /// <summary>Removes <paramref name="field"/> from <paramref name="type"/> in <paramref name="schema"/>.</summary>
    public static void RemoveField(JsonObject schema, string type, string field)
    {
        var fields = FieldsOf(schema, type);
        fields.Remove(fields.Single(f => (string?)f!["name"] == field));
    }

    public async Task StopAsync() => await _app!.StopAsync();

    public async ValueTask DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }
}
