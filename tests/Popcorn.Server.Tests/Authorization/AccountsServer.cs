using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>
/// An app with per-field authorization: accounts whose credit limit needs the <c>sales</c> policy (a role), a nested
/// salary that needs <c>hr</c>, branches with nothing protected; REST resources, the gateway, the schema tools, an
/// output-cached resource. The caller's roles come from the <c>X-Roles</c> header. On real Kestrel, on a free
/// loopback port. Counts every policy evaluation, so tests can see what was decided and how often.
/// </summary>
public class AccountsServer : IAsyncLifetime
{
    public const string Sales = "sales";
    public const string Audit = "audit";
    public const string Hr = "hr";

    private WebApplication? _app;

    public HttpClient Client { get; private set; } = null!;

    /// <summary>Policy evaluations so far, by policy name.</summary>
    public ConcurrentDictionary<string, int> Evaluations { get; } = new();

    /// <summary>How many times the cached resource's handler ran.</summary>
    public int CachedReads;

    public IServiceProvider Services => _app!.Services;

    /// <summary>Host arguments, configuration switches among them.</summary>
    protected virtual string[] Arguments => [];

    public int EvaluationsOf(string policy) => Evaluations.GetValueOrDefault(policy);

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            Args = ["--urls", "http://127.0.0.1:0", "--environment", "Production", .. Arguments],
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Logging.ClearProviders();
        builder.Services.AddAuthentication(RolesHeaderAuthenticationHandler.SchemeName)
            .AddScheme<Microsoft.AspNetCore.Authentication.AuthenticationSchemeOptions, RolesHeaderAuthenticationHandler>(RolesHeaderAuthenticationHandler.SchemeName, null);
        builder.Services.AddAuthorization(options =>
        {
            foreach (string role in new[] { Sales, Audit, Hr })
            {
                options.AddPolicy(role, policy => policy.RequireAssertion(context =>
                {
                    Evaluations.AddOrUpdate(role, 1, static (_, n) => n + 1);
                    return context.User.IsInRole(role);
                }));
            }
        });
        builder.Services.AddOutputCache();
        builder.Services.AddHttpContextAccessor(); // so the OpenAPI document is the caller's
        builder.Services.AddOpenApi(options => options.AddPopcorn());
        builder.Services.AddPopcorn(builder.Configuration.GetSection("Popcorn"), options => options.AddContext(AccountsJsonContext.Default));

        var app = builder.Build();
        app.UseAuthentication();
        app.UseAuthorization();
        app.UseOutputCache();
        app.MapGet("/accounts", () => AccountData.Accounts).WithPopcorn();
        app.MapGet("/accounts/{id:int}", (int id) => AccountData.Accounts.FirstOrDefault(a => a.Id == id) is { } account ? Results.Ok(account) : Results.NotFound()).WithPopcorn<Account>();
        app.MapGet("/accounts/unsaid", () => Results.Ok(AccountData.Accounts)).WithPopcorn();
        app.MapGet("/branches", () => AccountData.Branches).WithPopcorn();
        app.MapGet("/ledgers", () => AccountData.Ledgers).WithPopcorn();
        app.MapGet("/cached/accounts", () =>
        {
            Interlocked.Increment(ref CachedReads);
            return AccountData.Accounts;
        }).WithPopcorn().CacheOutput(new CacheSignedInCallers());
        app.MapPopcornGateway("/graphql", gateway => gateway
            .Field("accounts", () => AccountData.Accounts)
            .Field("account", (int id) => AccountData.Accounts.FirstOrDefault(a => a.Id == id))
            .Field("branches", () => AccountData.Branches)
            .Field("ledgers", () => AccountData.Ledgers));
        app.MapPopcornSchema();
        app.MapOpenApi();
        _app = app;
        await app.StartAsync();
        Client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    /// <summary>A GET with the caller's roles (none: an anonymous caller).</summary>
    public Task<HttpResponseMessage> GetAsync(string uri, string? roles = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, uri);
        if (roles is not null)
        {
            request.Headers.Add(RolesHeaderAuthenticationHandler.Header, roles);
        }

        return Client.SendAsync(request);
    }

    /// <summary>A /graphql POST with the caller's roles.</summary>
    public Task<HttpResponseMessage> GraphQLAsync(string query, string? roles = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, string> { ["query"] = query }), System.Text.Encoding.UTF8, "application/json"),
        };
        if (roles is not null)
        {
            request.Headers.Add(RolesHeaderAuthenticationHandler.Header, roles);
        }

        return Client.SendAsync(request);
    }

    /// <summary>
    /// Caches responses to signed-in callers too (ASP.NET Core's default policy caches only anonymous ones), as an app
    /// whose pages differ only by field authorization might: Popcorn's vary value is then all that keeps them apart.
    /// </summary>
    private sealed class CacheSignedInCallers : IOutputCachePolicy
    {
        public ValueTask CacheRequestAsync(OutputCacheContext context, CancellationToken cancellation)
        {
            context.EnableOutputCaching = true;
            context.AllowCacheLookup = true;
            context.AllowCacheStorage = true;
            context.AllowLocking = true;
            context.CacheVaryByRules.QueryKeys = "*";
            return ValueTask.CompletedTask;
        }

        public ValueTask ServeFromCacheAsync(OutputCacheContext context, CancellationToken cancellation) => ValueTask.CompletedTask;

        public ValueTask ServeResponseAsync(OutputCacheContext context, CancellationToken cancellation)
        {
            context.AllowCacheStorage = context.HttpContext.Response.StatusCode == StatusCodes.Status200OK;
            return ValueTask.CompletedTask;
        }
    }
}

/// <summary>The same app with <c>UnauthorizedFields</c> set to <c>Forbid</c> from configuration.</summary>
public sealed class ForbiddingAccountsServer : AccountsServer
{
    protected override string[] Arguments => ["--Popcorn:UnauthorizedFields=Forbid"];
}
