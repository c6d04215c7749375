/*
 * Callgrind client requests for bench/callgrind/run.sh, called from the benchmarks' --instructions mode through a
 * function pointer. Valgrind's requests are a magic instruction sequence that C macros emit and managed code cannot,
 * so these two wrappers are the bridge. Outside valgrind the requests do nothing.
 */
#include <valgrind/callgrind.h>

/* Starts counting from zero: everything the measured loop executes after this returns is in the next dump. */
void popcorn_measure_start(void)
{
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
}

/* Writes the counts since the start as a dump named after the case, then stops counting. */
void popcorn_measure_stop(const char *name)
{
    CALLGRIND_DUMP_STATS_AT(name);
    CALLGRIND_STOP_INSTRUMENTATION;
}
