using Popcorn.Bench.Host;
using Popcorn.Benchmarks.GraphQL;
using Popcorn.Benchmarks.Parsing;
using Popcorn.Benchmarks.Peers;
using Popcorn.Benchmarks.Serialization;

namespace Popcorn.Benchmarks.Instructions;

/// <summary>
/// Every row the instruction counts report, built from the BenchmarkDotNet suites themselves (same setup, same
/// checks, same methods), so a count and a time always describe the same code.
/// </summary>
public static class InstructionCases
{
    /// <summary>The harness alone (a call through an empty delegate), subtracted from every row.</summary>
    public static InstructionCase Overhead { get; } = new("Harness/Empty", 10_000, static () => { });

    /// <summary>Every case, with its suite's setup (and so its checks) run.</summary>
    public static IEnumerable<InstructionCase> Create()
    {
        foreach (var payload in Enum.GetValues<Payload>())
        {
            int iterations = payload switch
            {
                Payload.Simple => 2_000,
                Payload.Complex => 1_000,
                _ => 100,
            };
            string prefix = $"Serialization/{payload}/";
            var rows = new SerializationBenchmarks { Payload = payload };
            rows.Setup();
            yield return new(prefix + "Stj_Reflection", iterations, () => rows.Stj_Reflection());
            yield return new(prefix + "Stj_SourceGen", iterations, () => rows.Stj_SourceGen());
            yield return new(prefix + "Popcorn_Default", iterations, () => rows.Popcorn_Default());
            yield return new(prefix + "Popcorn_All", iterations, () => rows.Popcorn_All());
            yield return new(prefix + "Popcorn_Full", iterations, () => rows.Popcorn_Full());
            yield return new(prefix + "Popcorn_Custom", iterations, () => rows.Popcorn_Custom());
        }

        foreach (var selection in Enum.GetValues<DiySelection>())
        {
            var routes = new DiyRouteBenchmarks { Selection = selection };
            routes.Setup();
            string prefix = $"DiyRoute/{selection}/";
            yield return new(prefix + "Popcorn", 100, () => routes.Popcorn());
            yield return new(prefix + "LinqDynamic_Stj", 20, () => routes.LinqDynamic_Stj(), CompilesEveryCall: true);
            yield return new(prefix + "Newtonsoft_ContractResolver", 20, () => routes.Newtonsoft_ContractResolver(), CompilesEveryCall: true);

            // OData over the same objects and selection: whole requests on both sides (ODataRouteBenchmarks says why),
            // so its Popcorn row is the DIY Popcorn row plus the request around it.
            var odata = new ODataRouteBenchmarks { Selection = selection };
            odata.Setup();
            yield return new($"ODataRoute/{selection}/Popcorn", 100, () => odata.Popcorn().GetAwaiter().GetResult());
            yield return new($"ODataRoute/{selection}/OData", 20, () => odata.OData().GetAwaiter().GetResult(), CompilesEveryCall: true);
        }

        foreach (var selection in Enum.GetValues<Selection>())
        {
            var parse = new ParsingBenchmarks { Selection = selection };
            parse.Setup();
            yield return new($"Parsing/{selection}/Include", 1_000, () => parse.Include());
            yield return new($"Parsing/{selection}/GraphQL", 1_000, () => parse.GraphQL());

            var plan = new PlanBenchmarks { Selection = selection };
            plan.Setup();
            yield return new($"Plan/{selection}/CacheHit", 2_000, () => plan.CacheHit());
            yield return new($"Plan/{selection}/Compile", 1_000, () => plan.Compile());
        }

        foreach (var graphQLCase in GraphQLCases.All)
        {
            var parse = new GraphQLParseBenchmarks { Document = graphQLCase.Name };
            parse.Setup();
            int iterations = graphQLCase == GraphQLCases.Introspection ? 100 : 500;
            yield return new($"GraphQLParse/{graphQLCase.Name}/GraphQLParser", iterations, () => parse.GraphQLParser());
            yield return new($"GraphQLParse/{graphQLCase.Name}/Popcorn", iterations, () => parse.Popcorn());
        }

        // Whole requests in process, as GraphQLEngineBenchmarks and GatewayVsRestBenchmarks run them (one host for all,
        // checked the same way): everything completes on the calling thread, which is the thread callgrind's figure counts.
        var host = new InProcessHost();
        foreach (var graphQLCase in GraphQLCases.All)
        {
            GraphQLEngineBenchmarks.Check(host, graphQLCase);
            byte[] body = graphQLCase.Body();

            // The small request is counted over 200 requests, not 20: its count is a few tens of thousands, and 20 left
            // runs up to 14 % apart.
            int requests = graphQLCase == GraphQLCases.Small ? 200 : 20;
            yield return new($"GraphQLRequest/{graphQLCase.Name}/GraphQLNet", requests, () => host.PostAsync(host.GraphQLNet, body).GetAwaiter().GetResult());
            yield return new($"GraphQLRequest/{graphQLCase.Name}/GraphQLNet_Cached", requests, () => host.PostAsync(host.GraphQLNetCached, body).GetAwaiter().GetResult());
            yield return new($"GraphQLRequest/{graphQLCase.Name}/Popcorn", requests, () => host.PostAsync(host.Popcorn, body).GetAwaiter().GetResult());
            if (graphQLCase == GraphQLCases.Small)
            {
                // The same request answered with the same bytes and no GraphQL work: what Popcorn's small request costs
                // beyond it is the gateway's own (the context and the body read are in both).
                host.PostAsync(host.Popcorn, body).GetAwaiter().GetResult();
                byte[] answer = host.LastResponse.ToArray();
                if (host.PostAsync(host.Floor, body).GetAwaiter().GetResult() != 200 || !host.LastResponse.SequenceEqual(answer))
                {
                    throw new InvalidOperationException("The floor does not answer the gateway's small response: " + host.LastResponseText());
                }

                yield return new($"GraphQLRequest/{graphQLCase.Name}/Floor", requests, () => host.PostAsync(host.Floor, body).GetAwaiter().GetResult());
            }
        }

        GatewayVsRestBenchmarks.Check(host);
        byte[] nested = GraphQLCases.NestedList.Body();
        var include = Microsoft.AspNetCore.Http.QueryString.Create("include", GraphQLCases.NestedListInclude);
        yield return new("GatewayVsRest/nested-list/Rest", 20, () => host.GetAsync(host.Rest, include).GetAwaiter().GetResult());
        yield return new("GatewayVsRest/nested-list/Gateway", 20, () => host.PostAsync(host.Popcorn, nested).GetAwaiter().GetResult());

        // The HTTP run's fair baseline in process: the 1,000 orders' deep wildcard against plain System.Text.Json's
        // buffered fast path, whole requests, the same bytes (checked here as bench/http/run.sh checks them).
        var full = Microsoft.AspNetCore.Http.QueryString.Create("include", "[!full]");
        RequireSameBytes(host, host.PlainOrders, full, "Popcorn's [!full] of the orders does not answer plain System.Text.Json's bytes.");

        yield return new("RestOrders/full/Plain", 5, () => host.GetAsync(host.PlainOrders, default).GetAwaiter().GetResult());
        yield return new("RestOrders/full/Popcorn", 5, () => host.GetAsync(host.Orders, full).GetAwaiter().GetResult());

        // The narrow selection bench/http/paired.sh compares with the full plain response (its req/s should follow its
        // bytes) and with the same narrow list written by hand (the same bytes, checked here).
        var narrow = Microsoft.AspNetCore.Http.QueryString.Create("include", "[id,number,customer[name]]");
        RequireSameBytes(host, host.PlainNarrowOrders, narrow, "Popcorn's narrow selection of the orders does not answer the hand-written projection's bytes.");

        yield return new("RestOrders/narrow/Plain", 20, () => host.GetAsync(host.PlainNarrowOrders, default).GetAwaiter().GetResult());
        yield return new("RestOrders/narrow/Popcorn", 20, () => host.GetAsync(host.Orders, narrow).GetAwaiter().GetResult());

        // The same selection as CSV (docs/formats.md): Popcorn's rows, read back from its JSON writer's bytes, against the
        // rows written by hand from the objects (the same bytes, checked here), and JSON Lines.
        host.GetAsync(host.PlainNarrowOrdersCsv, default).GetAwaiter().GetResult();
        byte[] handCsv = host.LastResponse.ToArray();
        if (host.GetAsync(host.Orders, narrow, "text/csv").GetAwaiter().GetResult() != 200 || !host.LastResponse.SequenceEqual(handCsv))
        {
            throw new InvalidOperationException("Popcorn's CSV of the narrow selection does not answer the hand-written CSV's bytes: " + host.LastResponseText()[..200]);
        }

        yield return new("RestOrders/narrow-csv/HandWritten", 20, () => host.GetAsync(host.PlainNarrowOrdersCsv, default).GetAwaiter().GetResult());
        yield return new("RestOrders/narrow-csv/Popcorn", 20, () => host.GetAsync(host.Orders, narrow, "text/csv").GetAwaiter().GetResult());
        yield return new("RestOrders/narrow-jsonl/Popcorn", 20, () => host.GetAsync(host.Orders, narrow, "application/jsonl").GetAwaiter().GetResult());
    }

    /// <summary>Fails the run unless Popcorn's orders endpoint, asked for <paramref name="include"/>, answers the plain endpoint's bytes.</summary>
    private static void RequireSameBytes(InProcessHost host, Microsoft.AspNetCore.Http.RequestDelegate plainEndpoint, Microsoft.AspNetCore.Http.QueryString include, string failure)
    {
        host.GetAsync(plainEndpoint, default).GetAwaiter().GetResult();
        byte[] plain = host.LastResponse.ToArray();
        if (host.GetAsync(host.Orders, include).GetAwaiter().GetResult() != 200 || !host.LastResponse.SequenceEqual(plain))
        {
            throw new InvalidOperationException(failure);
        }
    }
}
