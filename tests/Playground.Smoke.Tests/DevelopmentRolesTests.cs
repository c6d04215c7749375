using System.Net;

namespace Playground.Smoke.Tests;

/// <summary>
/// Outside Development (the fixture runs Production) nobody can act as a user with a role: the development sign-in is
/// not there, so a customer's credit limit stays hidden whatever the request claims (docs/authorization.md).
/// </summary>
public class DevelopmentRolesTests(PlaygroundFixture playground) : IClassFixture<PlaygroundFixture>
{
    [Fact]
    public async Task Production_TheDevelopmentRoleHeaderAndCookieGrantNothing()
    {
        var request = new HttpRequestMessage(HttpMethod.Get, "/api/store/customers?include=[id,creditLimit]");
        request.Headers.Add("X-Popcorn-Dev-Roles", "sales");
        request.Headers.Add("Cookie", "popcorn-dev-roles=sales");

        var response = await playground.Client.SendAsync(request);

        response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
        (await response.Content.ReadAsStringAsync()).ShouldContain("Unknown field 'creditLimit'");
    }

    [Fact]
    public async Task Production_HasNoIdentityEndpointAndSetsNoSwitchCookie()
    {
        var identity = await playground.Client.GetAsync("/dev/identity");
        var page = await playground.Client.GetAsync("/api/store/customers");

        identity.StatusCode.ShouldBe(HttpStatusCode.NotFound);
        page.Headers.Contains("Set-Cookie").ShouldBeFalse();
    }
}
