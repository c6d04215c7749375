using System.Diagnostics;

namespace Popcorn.Benchmarks;

/// <summary>
/// Two operations timed side by side in one process (the paired comparisons, bench/v8's parse timing): each round times
/// both, the order reversed every other round, so a change in the machine's load lands on both alike.
/// </summary>
public static class AlternatingRounds
{
    /// <summary>
    /// Nanoseconds per call of each side in each of <paramref name="rounds"/> rounds (unsorted, in round order):
    /// <paramref name="a"/> over <paramref name="countA"/> calls, <paramref name="b"/> over <paramref name="countB"/>.
    /// </summary>
    public static (double[] A, double[] B) Time<T>(Func<T> a, int countA, Func<T> b, int countB, int rounds)
    {
        var timesA = new double[rounds];
        var timesB = new double[rounds];
        for (int round = 0; round < rounds; round++)
        {
            if (round % 2 == 0)
            {
                timesA[round] = Measure(a, countA);
                timesB[round] = Measure(b, countB);
            }
            else
            {
                timesB[round] = Measure(b, countB);
                timesA[round] = Measure(a, countA);
            }
        }

        return (timesA, timesB);
    }

    /// <summary>Nanoseconds per call over <paramref name="count"/> calls.</summary>
    public static double Measure<T>(Func<T> operation, int count)
    {
        var watch = Stopwatch.StartNew();
        for (int i = 0; i < count; i++)
        {
            operation();
        }

        return watch.Elapsed.TotalNanoseconds / count;
    }
}
