using System.Security.Claims;
using System.Text.Encodings.Web;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Authentication;
using Microsoft.Extensions.Options;

namespace Popcorn.Playground.Authorization;

/// <summary>
/// Development only: lets the playground act as a user with or without a role, so per-field authorization can be
/// tried (a customer's credit limit appears with the <c>sales</c> role). The roles come from the
/// <c>popcorn-dev-roles</c> cookie (set by the UI's "Act as" switch) or the <c>X-Popcorn-Dev-Roles</c> header (curl),
/// comma separated; neither means an anonymous caller. Never registered outside the Development environment: there,
/// nobody can claim a role this way.
/// </summary>
public static class DevelopmentRoles
{
    public const string Scheme = "PopcornDevelopmentRoles";
    public const string Cookie = "popcorn-dev-roles";
    public const string Header = "X-Popcorn-Dev-Roles";

    /// <summary>Set on every response in Development: the UI shows its switch only when it sees this cookie.</summary>
    public const string AvailableCookie = "popcorn-dev-identity";

    /// <summary>The roles the UI offers to act with.</summary>
    public static readonly string[] Offered = ["sales"];

    /// <summary>Adds the development sign-in when the app runs in Development; does nothing otherwise.</summary>
    public static void AddDevelopmentRoles(this WebApplicationBuilder builder)
    {
        if (!builder.Environment.IsDevelopment())
        {
            return;
        }

        builder.Services.AddAuthentication(Scheme).AddScheme<AuthenticationSchemeOptions, Handler>(Scheme, null);
    }

    /// <summary>
    /// Development only: <c>GET /dev/identity</c>, who the caller acts as and which roles the UI can offer; the UI shows
    /// its switch only when this answers. Not mapped outside Development.
    /// </summary>
    public static void MapDevelopmentRoles(this WebApplication app)
    {
        if (!app.Environment.IsDevelopment())
        {
            return;
        }

        app.UseAuthentication();

        // Tells the UI the switch is available before it asks, so a page served by an app without it (the embedded
        // playground, production) never requests /dev/identity and logs no 404.
        app.Use((context, next) =>
        {
            context.Response.Cookies.Append(AvailableCookie, "1", new CookieOptions { Path = "/", SameSite = SameSiteMode.Strict });
            return next(context);
        });
        app.MapGet("/dev/identity", (HttpContext context) => Results.Json(
            new DevelopmentIdentity(context.User.FindAll(ClaimTypes.Role).Select(c => c.Value).ToArray(), Offered, Cookie),
            DevelopmentJsonContext.Default.DevelopmentIdentity)).ExcludeFromDescription();
    }

    private sealed class Handler(IOptionsMonitor<AuthenticationSchemeOptions> options, ILoggerFactory logger, UrlEncoder encoder)
        : AuthenticationHandler<AuthenticationSchemeOptions>(options, logger, encoder)
    {
        protected override Task<AuthenticateResult> HandleAuthenticateAsync()
        {
            string? roles = Request.Headers[Header].FirstOrDefault() ?? Request.Cookies[Cookie];
            var granted = (roles ?? string.Empty).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            if (granted.Length == 0)
            {
                return Task.FromResult(AuthenticateResult.NoResult());
            }

            var claims = granted.Select(role => new Claim(ClaimTypes.Role, role)).Prepend(new Claim(ClaimTypes.Name, "playground-user"));
            var principal = new ClaimsPrincipal(new ClaimsIdentity(claims, DevelopmentRoles.Scheme));
            return Task.FromResult(AuthenticateResult.Success(new AuthenticationTicket(principal, DevelopmentRoles.Scheme)));
        }
    }
}

/// <summary>The answer of <c>GET /dev/identity</c>.</summary>
/// <param name="Roles">The roles the caller acts with now.</param>
/// <param name="Offered">The roles the UI's switch offers.</param>
/// <param name="Cookie">The cookie the switch sets.</param>
public sealed record DevelopmentIdentity(string[] Roles, string[] Offered, string Cookie);

/// <summary>System.Text.Json for <see cref="DevelopmentIdentity"/>; not a Popcorn context, so it is no model of the API.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(DevelopmentIdentity))]
internal sealed partial class DevelopmentJsonContext : JsonSerializerContext;
