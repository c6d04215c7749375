using System.Diagnostics;
using System.Text.Json.Nodes;

namespace Popcorn.StoreServices.Tests;

/// <summary>
/// Every fault of docs/gateway.md's "Faults" injected into the real customers service's answers by a proxy process
/// (<see cref="FaultyGateway"/>): the field is null with its error, the rest is answered, REST gets its problem, and
/// the gateway answers normally once the service is healthy again.
/// </summary>
public sealed partial class GatewayOverServicesTests
{
    /// <summary>A root field of each service, and a join to the customers service from the orders service's answer.</summary>
    private const string OverBothServices = "{ orders(first: 2) { id customer { name } } customers(first: 1) { name } }";

    [Theory]
    [InlineData("slow", null, 504, "The service 'customers' is unavailable.")] // past its 2 s AttemptTimeout
    [InlineData("status", 500, 502, "The service 'customers' answered 500.")]
    [InlineData("status", 503, 503, "The service 'customers' answered 503.")]
    [InlineData("malformed", null, 502, "The service 'customers' sent malformed JSON.")]
    [InlineData("wrong-type", null, 502, "breaks its schema")]
    [InlineData("oversized", null, 502, "The service 'customers' sent more than 65536 bytes")] // found while reading
    [InlineData("oversized-declared", null, 502, "The service 'customers' sent more than 65536 bytes")] // by its Content-Length
    [InlineData("stalled-body", null, 504, "The service 'customers' is unavailable.")] // its body past the 3 s Timeout
    public async Task CustomersServiceFault_ItsFieldsAreNullWithTheirPaths_TheOrdersAreAnswered_RestIsItsProblem_ThenItRecovers(
        string fault, int? code, int restStatus, string reason)
    {
        var faulty = await services.FaultyGatewayAsync();
        int before = await faulty.Customers.CountAsync();
        int logged = faulty.Gateway.Output.Length;
        await faulty.Customers.InjectAsync(fault, code);
        try
        {
            var watch = Stopwatch.StartNew();
            var (status, body) = await faulty.QueryAsync(OverBothServices);
            string why = body.ToJsonString() + "\n" + faulty.Gateway.Output[logged..]; // the gateway logs each failed call's exception

            // 200 with the orders answered, and each field the customers service owed null with its error at its path.
            status.ShouldBe(200, why);
            body["data"]!.ToJsonString().ShouldBe("""{"orders":[{"id":1,"customer":null},{"id":2,"customer":null}],"customers":null}""", why);
            var errors = body["errors"]!.AsArray();
            string.Join(' ', errors.Select(e => e!["path"]!.ToJsonString()).Order()).ShouldBe(
                """["customers"] ["orders",0,"customer"] ["orders",1,"customer"]""", why);
            foreach (var error in errors)
            {
                error!["extensions"]!["code"]!.GetValue<string>().ShouldBe("SOURCE_UNAVAILABLE");
                error["message"]!.GetValue<string>().ShouldContain(reason, Case.Sensitive, why);
            }

            // Over REST, a join's fault fails the resource with the problem its status names.
            using var rest = await faulty.Client.GetAsync("/api/orders?include=[id,customer[name]]");
            string problem = await rest.Content.ReadAsStringAsync();
            ((int)rest.StatusCode).ShouldBe(restStatus, problem);
            rest.Content.Headers.ContentType!.MediaType.ShouldBe("application/problem+json");
            JsonNode.Parse(problem)!["detail"]!.GetValue<string>().ShouldContain(reason);

            // Bounded by the gateway's own limits (3 s a call here), not by the client's 30 s.
            watch.Elapsed.ShouldBeLessThan(TimeSpan.FromSeconds(20));
        }
        finally
        {
            await faulty.Customers.InjectAsync("healthy");
        }

        if (fault is "slow" or "stalled-body")
        {
            // The gateway gave up on the calls it held: the service sees each one aborted, none left hanging.
            var held = await faulty.Customers.UntilAsync(before, calls => calls.Where(IsHeld).All(c => c["aborted"]!.GetValue<bool>()));
            held.Count(IsHeld).ShouldBe(3, string.Join('\n', held)); // the root field's call, the join's over /graphql and over REST
            held.Where(IsHeld).ShouldAllBe(c => c["aborted"]!.GetValue<bool>());
        }

        // Healthy again: the next request is answered whole, over GraphQL and REST.
        var (_, recovered) = await faulty.QueryAsync(OverBothServices);
        recovered["errors"].ShouldBeNull(recovered.ToJsonString());
        recovered["data"]!.ToJsonString().ShouldBe(
            """{"orders":[{"id":1,"customer":{"name":"Ada Lovelace"}},{"id":2,"customer":{"name":"Grace Hopper"}}],"customers":[{"name":"Ada Lovelace"}]}""");
        using var answered = await faulty.Client.GetAsync("/api/orders?include=[id,customer[name]]");
        ((int)answered.StatusCode).ShouldBe(200, await answered.Content.ReadAsStringAsync());

        bool IsHeld(JsonNode call) => call["fault"]!.GetValue<string>() == fault;
    }
}
