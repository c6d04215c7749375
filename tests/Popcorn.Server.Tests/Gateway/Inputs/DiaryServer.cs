using System.Text;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Gateway.Inputs;

/// <summary>The date input tests' app on Kestrel: a diary read and written at <c>/graphql</c> with date arguments and inputs.</summary>
public sealed class DiaryServer : IAsyncLifetime
{
    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    public Diary Diary => _app!.Services.GetRequiredService<Diary>();

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production"],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton<Diary>();
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, DiaryInputsJsonContext.Default));
        builder.Services.AddPopcorn(options => options.AddContext(DiaryJsonContext.Default));

        _app = builder.Build();
        _app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("appointments", (DateOnly? on, Diary diary) => diary.On(on), "The appointments, of one day when given.")
            .Mutation("book", (BookInput input, Diary diary) => diary.Book(input), "Books an appointment.")
            .Mutation("move", (int id, DateTimeOffset at, Diary diary) => diary.Move(id, at), "Moves an appointment."));
        await _app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(_app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>A /graphql POST of a document and its variables; the parsed body.</summary>
    public async Task<JsonNode> PostAsync(string query, string? variables = null)
    {
        var payload = new JsonObject { ["query"] = query };
        if (variables is not null)
        {
            payload["variables"] = JsonNode.Parse(variables);
        }

        using var content = new StringContent(payload.ToJsonString(), Encoding.UTF8, "application/json");
        var response = await Client.PostAsync("/graphql", content);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }
}
