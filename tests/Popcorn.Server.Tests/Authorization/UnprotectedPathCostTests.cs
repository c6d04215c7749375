using System.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Popcorn.Query;
using Xunit.Abstractions;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>
/// What field authorization costs a request that touches no protected field: no policy evaluated, nothing allocated,
/// a few nanoseconds over the plan cache hit it wraps (printed; docs/authorization.md records the figures).
/// </summary>
public class UnprotectedPathCostTests(AccountsServer server, ITestOutputHelper output) : IClassFixture<AccountsServer>
{
    private const int Iterations = 2_000_000;

    [Theory]
    [InlineData("Branch", "[id,city]")]
    [InlineData("Account", "[id,name,owner[name]]")]
    public void CompileForCaller_OnASelectionTouchingNoProtectedField_AllocatesNothingOverThePlanCacheHit(string typeName, string query)
    {
        var callerPlans = server.Services.GetRequiredService<CallerPlans>();
        var registry = server.Services.GetRequiredService<PopcornRegistry>();
        var type = registry.FindWriter(typeName)!.Metadata;
        var context = new DefaultHttpContext { RequestServices = server.Services };
        int evaluations = server.Evaluations.Values.Sum();
        PlanNow(callerPlans.CompileForCallerAsync(context, type, query)).ShouldNotBeNull();

        double direct = Measure(() => registry.Plans.GetOrCompile(type, query), out long directBytes);
        double forCaller = Measure(() => PlanNow(callerPlans.CompileForCallerAsync(context, type, query)), out long forCallerBytes);

        output.WriteLine($"{typeName} {query}: plan cache hit {direct:F1} ns, for the caller {forCaller:F1} ns (+{forCaller - direct:F1} ns); allocated {directBytes} / {forCallerBytes} bytes over {Iterations:N0} calls");
        forCallerBytes.ShouldBe(directBytes);
        server.Evaluations.Values.Sum().ShouldBe(evaluations);
    }

    /// <summary>The plan of an outcome that must have completed synchronously (no policy evaluated).</summary>
    private static SelectionPlan PlanNow(ValueTask<PlanOutcome> outcome) =>
        outcome.IsCompletedSuccessfully ? outcome.Result.Plan! : throw new InvalidOperationException("Authorization went asynchronous: a policy was evaluated.");

    private static double Measure(Func<SelectionPlan> call, out long allocated)
    {
        // Long enough for tiered compilation to reach its optimized code before timing.
        for (int i = 0; i < 1_000_000; i++)
        {
            call();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < Iterations; i++)
        {
            call();
        }

        double nanos = Stopwatch.GetElapsedTime(start).TotalNanoseconds / Iterations;
        allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        return nanos;
    }
}
