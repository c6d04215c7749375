using System.Diagnostics;
using System.Net;
using Xunit.Abstractions;

namespace Popcorn.Server.Tests.Authorization;

/// <summary>
/// The timing side channel: over real Kestrel on loopback, naming a field the caller may not see takes as long as naming
/// a field that does not exist (and as naming a <c>[Never]</c> one), so response times do not reveal which names exist.
/// The three requests are interleaved, so the machine's load hits them alike; figures are printed (docs/reliability.md).
/// </summary>
public class HiddenFieldTimingTests(AccountsServer server, ITestOutputHelper output) : IClassFixture<AccountsServer>
{
    private const int Rounds = 2000;

    [Fact]
    public async Task RefusedField_TakesAsLongAsAnUnknownOne()
    {
        string[] selections = ["[name,creditLimit]", "[name,creditLimiq]", "[name,password]"];
        string[] labels = ["hidden by policy", "unknown", "[Never]"];
        var times = selections.Select(_ => new List<double>(Rounds)).ToArray();
        for (int round = -300; round < Rounds; round++)
        {
            for (int i = 0; i < selections.Length; i++)
            {
                // Rotate the order each round, so no selection always follows another.
                int which = (i + round + 300) % selections.Length;
                long start = Stopwatch.GetTimestamp();
                using var response = await server.GetAsync("/accounts/1?include=" + Uri.EscapeDataString(selections[which]), roles: "support");
                await response.Content.ReadAsByteArrayAsync();
                double micros = Stopwatch.GetElapsedTime(start).TotalMicroseconds;
                response.StatusCode.ShouldBe(HttpStatusCode.BadRequest);
                if (round >= 0)
                {
                    times[which].Add(micros);
                }
            }
        }

        var medians = times.Select(t => Percentile(t, 0.5)).ToArray();
        for (int i = 0; i < selections.Length; i++)
        {
            output.WriteLine($"{labels[i],-17} {selections[i],-20} p10 {Percentile(times[i], 0.1),7:F1} µs  median {medians[i],7:F1} µs  p90 {Percentile(times[i], 0.9),7:F1} µs");
        }

        // Loose enough for a shared machine; a planted difference of one extra compile per request or one policy that
        // only one of them evaluates (tens of microseconds with any real policy) moves the medians well past it.
        Math.Abs(medians[0] - medians[1]).ShouldBeLessThan(0.15 * medians[1]);
    }

    private static double Percentile(List<double> values, double fraction)
    {
        var sorted = values.Order().ToArray();
        return sorted[(int)Math.Min(sorted.Length - 1, fraction * sorted.Length)];
    }
}
