#!/usr/bin/env python3
"""CPU seconds (user + sys) of each Qt Test suite unit compiled at -Og and at -O2, alternating
unit by unit so both see the same machine (docs/build-time.md, "The suites' own code at -Og").

Usage: two build folders of the same tree, then this script:
  cmake --preset dev -B /tmp/bt-og && cmake --preset dev -B /tmp/bt-o2 -DDOMAINLENS_SUITE_OPTIMIZE=
  ninja -C /tmp/bt-og && ninja -C /tmp/bt-o2      # (the PCHs and generated headers must exist)
  python3 bench/compile/suite_opt_pairs.py /tmp/bt-og /tmp/bt-o2
"""
import json
import resource
import subprocess
import sys


def commands(build):
    return {e['file']: e for e in json.load(open(build + '/compile_commands.json'))}


def cpu_seconds(entry):
    cmd = entry['command'].split(' -o ')[0] + ' -o /tmp/suite_opt_pair.o -c ' + entry['file']
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, shell=True, cwd=entry['directory'], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    bad = done.returncode != 0 or 'invalid' in done.stderr  # a PCH GCC refused (-Winvalid-pch)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), bad


def main():
    og, o2 = commands(sys.argv[1]), commands(sys.argv[2])
    units = sorted(f for f in og if '/tests/' in f and f.endswith('.cpp') and '/fuzz/' not in f
                   and 'support/TestPaths' not in f and '_autogen/' not in f and f in o2)
    total_og = total_o2 = 0.0
    for f in units:
        a, bad_a = cpu_seconds(og[f])
        b, bad_b = cpu_seconds(o2[f])
        total_og += a
        total_o2 += b
        print(f"{a:6.1f} {b:6.1f} {'PCH-REFUSED-OR-FAILED' if bad_a or bad_b else ''} {f}", flush=True)
    print(f"TOTAL -Og {total_og:.0f} s, -O2 {total_o2:.0f} s, {len(units)} units")


if __name__ == '__main__':
    main()
