using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace Popcorn.Benchmarks.Instructions;

/// <summary>
/// The two points between which callgrind counts: <c>bench/callgrind/markers.c</c>, compiled by
/// <c>bench/callgrind/run.sh</c> and loaded from the path it passes. Without a library (a run outside valgrind) both
/// markers do nothing, so the mode still runs and checks every case.
/// </summary>
public sealed unsafe class CallgrindMarkers
{
    private readonly delegate* unmanaged<void> _start;
    private readonly delegate* unmanaged<byte*, void> _stop;

    private CallgrindMarkers(delegate* unmanaged<void> start, delegate* unmanaged<byte*, void> stop)
    {
        _start = start;
        _stop = stop;
    }

    /// <summary>Loads the markers from <paramref name="path"/>, or returns markers that do nothing when it is null.</summary>
    public static CallgrindMarkers Load(string? path)
    {
        if (path is null)
        {
            return new CallgrindMarkers(null, null);
        }

        var library = NativeLibrary.Load(path);
        var markers = new CallgrindMarkers(
            (delegate* unmanaged<void>)NativeLibrary.GetExport(library, "popcorn_measure_start"),
            (delegate* unmanaged<byte*, void>)NativeLibrary.GetExport(library, "popcorn_measure_stop"));

        // Compiled now, so the first counted window does not include the JIT compiling the markers themselves.
        RuntimeHelpers.PrepareMethod(typeof(CallgrindMarkers).GetMethod(nameof(Start))!.MethodHandle);
        RuntimeHelpers.PrepareMethod(typeof(CallgrindMarkers).GetMethod(nameof(Stop))!.MethodHandle);
        return markers;
    }

    /// <summary>Zeroes callgrind's counters and starts counting.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public void Start()
    {
        if (_start != null)
        {
            _start();
        }
    }

    /// <summary>Dumps the counts since <see cref="Start"/> under <paramref name="name"/> and stops counting.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public void Stop(byte[] name)
    {
        if (_stop != null)
        {
            fixed (byte* text = name)
            {
                _stop(text);
            }
        }
    }

    /// <summary>A case name as the NUL-terminated UTF-8 the stop marker takes, made before the counted window.</summary>
    public static byte[] NameOf(string name) => Encoding.UTF8.GetBytes(name + "\0");
}
