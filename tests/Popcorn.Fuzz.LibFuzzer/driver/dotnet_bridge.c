/*
 * A libFuzzer front end for a SharpFuzz-instrumented .NET program (Fuzzer.LibFuzzer.Run).
 *
 * libFuzzer runs here, in C, and mutates inputs; the .NET program runs as a child process and executes them. They
 * share one System V memory segment: the first 64 KiB are the coverage map SharpFuzz's instrumentation writes, the
 * rest holds the input. Per input: clear the map, copy the input, write its length (4 bytes) on the control pipe,
 * read the child's status (4 bytes) from the status pipe, and hand the map to libFuzzer as extra coverage counters.
 * A non-zero status (an exception escaped the target) is a crash. The child finds the segment and the pipes from
 * the environment variables SharpFuzz reads.
 *
 * Build: clang-14 -fsanitize=fuzzer -O2 dotnet_bridge.c -o dotnet_bridge
 * Run:   dotnet_bridge --target=<program> --target_arg=<argument> [libFuzzer flags] <corpus dirs>
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/shm.h>
#include <unistd.h>

enum {
    COVERAGE_BYTES = 1 << 16,
    MAX_INPUT_BYTES = 1 << 20,
    CHILD_CONTROL_FD = 198, /* the numbers SharpFuzz's runner expects */
    CHILD_STATUS_FD = 199,
};

/* libFuzzer reads coverage from this section as if it were its own counters. */
__attribute__((section("__libfuzzer_extra_counters"))) uint8_t bridge_counters[COVERAGE_BYTES];

static int control_fd = -1;
static int status_fd = -1;
static int segment_id = -1;
static uint8_t *segment;

static void fail(const char *what)
{
    fprintf(stderr, "dotnet_bridge: %s: %s\n", what, errno ? strerror(errno) : "unexpected");
    exit(1);
}

static void drop_segment(void)
{
    if (segment_id >= 0) {
        shmctl(segment_id, IPC_RMID, NULL);
    }
}

/* The value of "--name=value" among the arguments, or NULL. */
static const char *flag(int argc, char **argv, const char *name)
{
    size_t length = strlen(name);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], name, length) == 0 && argv[i][length] == '=') {
            return argv[i] + length + 1;
        }
    }
    return NULL;
}

static void read_status(int32_t *status)
{
    ssize_t got;
    do {
        got = read(status_fd, status, sizeof *status);
    } while (got < 0 && errno == EINTR);
    if (got == 0) {
        errno = 0;
        fail("the .NET program exited");
    }
    if (got != (ssize_t)sizeof *status) {
        fail("reading the status pipe");
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *program = flag(*argc, *argv, "--target");
    const char *argument = flag(*argc, *argv, "--target_arg");
    if (!program) {
        errno = 0;
        fail("--target=<path of the .NET program> is required");
    }

    int control[2], status[2];
    if (pipe(control) || pipe(status)) {
        fail("pipe");
    }

    segment_id = shmget(IPC_PRIVATE, COVERAGE_BYTES + MAX_INPUT_BYTES, IPC_CREAT | IPC_EXCL | 0600);
    if (segment_id < 0) {
        fail("shmget");
    }
    atexit(drop_segment);
    segment = shmat(segment_id, NULL, 0);
    if (segment == (void *)-1) {
        fail("shmat");
    }

    pid_t child = fork();
    if (child < 0) {
        fail("fork");
    }
    if (child == 0) {
        char id[16];
        snprintf(id, sizeof id, "%d", segment_id);
        if (dup2(control[0], CHILD_CONTROL_FD) < 0 || dup2(status[1], CHILD_STATUS_FD) < 0) {
            fail("dup2");
        }
        close(control[0]);
        close(control[1]);
        close(status[0]);
        close(status[1]);
        setenv("__LIBFUZZER_SHM_ID", id, 1);
        setenv("__LIBFUZZER_CONTROL_PIPE_ID", "198", 1);
        setenv("__LIBFUZZER_STATUS_PIPE_ID", "199", 1);
        execl(program, program, argument, (char *)NULL);
        fail("exec");
    }

    close(control[0]);
    close(status[1]);
    control_fd = control[1];
    status_fd = status[0];

    int32_t ready;
    read_status(&ready); /* the runner says it is ready before the first input */
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT_BYTES) {
        return 0; /* run.sh keeps -max_len far below this */
    }

    memset(segment, 0, COVERAGE_BYTES);
    memcpy(segment + COVERAGE_BYTES, data, size);

    int32_t length = (int32_t)size;
    ssize_t sent;
    do {
        sent = write(control_fd, &length, sizeof length);
    } while (sent < 0 && errno == EINTR);
    if (sent != (ssize_t)sizeof length) {
        fail("writing the control pipe");
    }

    int32_t status;
    read_status(&status);
    memcpy(bridge_counters, segment, COVERAGE_BYTES);
    if (status != 0) {
        __builtin_trap(); /* an exception escaped the target: libFuzzer saves the input as a crash */
    }
    return 0;
}
