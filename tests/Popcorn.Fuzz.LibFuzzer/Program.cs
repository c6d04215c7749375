using Popcorn.Fuzz.LibFuzzer;
using SharpFuzz;

// One target per run, named by the first argument; run.sh starts this program under the libFuzzer driver. A target
// throws when an input breaks a property, which the driver reports as a crash and saves the input.
if (args.Length != 1 || !FuzzTargets.All.TryGetValue(args[0], out var target))
{
    Console.Error.WriteLine($"usage: Popcorn.Fuzz.LibFuzzer <{string.Join('|', FuzzTargets.All.Keys)}>");
    return 2;
}

Fuzzer.LibFuzzer.Run(target);
return 0;
