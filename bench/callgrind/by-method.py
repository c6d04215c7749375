#!/usr/bin/env python3
"""Exclusive instructions per JIT-compiled method, per operation: a callgrind window dump read against the runtime's
perf map (DOTNET_PerfMapEnabled). Used by profile.sh; usage: by-method.py DUMP PERF_MAP OPERATIONS [--top N]."""
import bisect
import collections
import re
import sys

dump, perf_map, operations = sys.argv[1], sys.argv[2], float(sys.argv[3])
top = int(sys.argv[sys.argv.index('--top') + 1]) if '--top' in sys.argv else 30

# callgrind's compressed names: "fn=(12) name" defines id 12, a later "fn=(12)" refers to it.
names = {}
def function_name(value):
    match = re.match(r'\((\d+)\)(?: (.*))?', value)
    if not match:
        return value
    if match.group(2) is not None:
        names[match.group(1)] = match.group(2)
    return names.get(match.group(1), match.group(1))

exclusive = collections.Counter()
current = None
after_calls = False
for line in open(dump, errors='replace'):
    line = line.rstrip('\n')
    if line.startswith('fn='):
        current = function_name(line[3:])
    elif line.startswith('cfn='):
        function_name(line[4:])
    elif line.startswith('calls='):
        after_calls = True  # the next cost line is the call's inclusive cost, not this function's own
    elif line and (line[0].isdigit() or line[0] in '+-*'):
        if after_calls:
            after_calls = False
            continue
        parts = line.split()
        if len(parts) >= 2 and current is not None:
            exclusive[current] += int(parts[1])

# JIT-compiled code has no symbols for valgrind: its "functions" are addresses, placed in the perf map's ranges.
ranges = []
for line in open(perf_map, errors='replace'):
    parts = line.split(' ', 2)
    if len(parts) == 3:
        start = int(parts[0], 16)
        ranges.append((start, start + int(parts[1], 16), parts[2].strip()))
ranges.sort()
starts = [r[0] for r in ranges]

by_method = collections.Counter()
for function, count in exclusive.items():
    name = function
    address = re.match(r'0x([0-9a-fA-F]+)', function)
    if address:
        value = int(address.group(1), 16)
        i = bisect.bisect_right(starts, value) - 1
        if i >= 0 and value < ranges[i][1]:
            name = ranges[i][2]
    by_method[name] += count

print(f"{sum(by_method.values()) / operations:10.1f}  instructions per operation in the window (harness included)")
for name, count in by_method.most_common(top):
    print(f"{count / operations:10.1f}  {name[:160]}")
