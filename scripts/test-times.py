#!/usr/bin/env python3
"""Where the test command's time goes: the build by target and the tests by executable.

Usage: scripts/test-times.py [BUILD]           (default build/test, after scripts/test.sh)
       scripts/test-times.py --costs [BUILD] > scripts/test-costs.txt
                                               (the costs scripts/test.sh seeds a new tree with:
                                                every test of 2 s or more, slowest first)
       scripts/test-times.py --stale [BUILD]   (the slow tests scripts/test-costs.txt does not
                                                know, or knows as less than half their time;
                                                exit 1 when there is one)

Reads BUILD/.ninja_log (each compile and link: start and end, milliseconds), each test's seconds
in the last run (BUILD/ctest.log, CTest's output as scripts/test.sh keeps it; without it,
CTest's running averages in Testing/Temporary/CTestCostData.txt) and `ctest --show-only=json-v1`
(which executable runs each test). Prints Markdown tables for docs/performance.md: compile
seconds by target, test seconds by executable (and label), and the slowest 20 tests. Seconds are
wall clock of each step; steps run in parallel, so the build's sum is more than its wall time.
"""
import collections
import json
import os
import re
import subprocess
import sys


def build_by_target(build):
    log = os.path.join(build, '.ninja_log')
    if not os.path.isfile(log):
        return None
    latest = {}
    with open(log, encoding='utf-8') as lines:
        for line in lines:
            if line.startswith('#'):
                continue
            start, end, _, output, _ = line.rstrip('\n').split('\t')
            latest[output] = (int(start), int(end))
    by_target = collections.Counter()
    for output, (start, end) in latest.items():
        match = re.search(r'CMakeFiles/([^/]+)\.dir/', output)
        target = match.group(1) if match else os.path.basename(output) + ' (link)'
        by_target[target] += (end - start) / 1000.0
    return by_target


# One finished test in CTest's output: "  12/1593 Test #855: NAME ....   Passed  106.43 sec".
FINISHED = re.compile(r'^\s*\d+/\d+ Test\s+#\d+: (\S+) \.*\s*(?:\*\*\*)?\S.*?\s([0-9.]+) sec$')


def last_run_times(build):
    """Each test's seconds in the last run, from BUILD/ctest.log; None without the log."""
    path = os.path.join(build, 'ctest.log')
    if not os.path.isfile(path):
        return None
    times = {}
    with open(path, encoding='utf-8', errors='replace') as lines:
        for line in lines:
            match = FINISHED.match(line.rstrip('\n'))
            if match:
                times[match.group(1)] = float(match.group(2))
    return times or None


def seed_costs(path):
    """The costs of a CTestCostData-format file: {name: seconds}, up to its '---' line."""
    costs = {}
    with open(path, encoding='utf-8') as data:
        for line in data:
            if line.startswith('---'):
                break
            parts = line.split()
            if len(parts) >= 3:
                costs[' '.join(parts[:-2])] = float(parts[-1])
    return costs


def tests(build):
    costs = last_run_times(build)
    if costs is None:
        path = os.path.join(build, 'Testing', 'Temporary', 'CTestCostData.txt')
        if not os.path.isfile(path):
            sys.exit('test-times: %s has no test times yet: run the tests there first' % build)
        costs = seed_costs(path)
    listing = json.loads(subprocess.run(['ctest', '--test-dir', build, '--show-only=json-v1'],
                                        check=True, capture_output=True, text=True).stdout)
    executable = {}
    labels = {}
    for test in listing['tests']:
        command = test.get('command') or ['?']
        executable[test['name']] = os.path.basename(command[0])
        for prop in test.get('properties', []):
            if prop['name'] == 'LABELS':
                labels[test['name']] = ','.join(prop['value'])
    return costs, executable, labels


def stale(build):
    """Prints the tests of 20 s or more in the last run that scripts/test-costs.txt does not
    list, or lists at less than half that: on a fresh tree CTest would start them late."""
    times = last_run_times(build)
    if times is None:
        return 0
    seeded = seed_costs(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'test-costs.txt'))
    late = [(seconds, name) for name, seconds in times.items()
            if seconds >= 20 and seeded.get(name, 0.0) < seconds / 2]
    if not late:
        return 0
    print('test-times: scripts/test-costs.txt does not know %d slow test(s), so a fresh tree '
          'starts them late:' % len(late))
    for seconds, name in sorted(late, reverse=True):
        print('  %6.1f s  %s (listed: %s)' % (seconds, name,
                                             '%.1f s' % seeded[name] if name in seeded else 'no'))
    print('refresh it: scripts/test-times.py --costs > scripts/test-costs.txt')
    return 1


def main():
    arguments = sys.argv[1:]
    costs_only = '--costs' in arguments
    stale_only = '--stale' in arguments
    arguments = [a for a in arguments if a not in ('--costs', '--stale')]
    build = arguments[0] if arguments else 'build/test'
    if stale_only:
        return stale(build)
    if costs_only:
        costs, _, _ = tests(build)
        for name, seconds in sorted(costs.items(), key=lambda item: -item[1]):
            if seconds >= 2.0:
                print('%s 1 %.1f' % (name, seconds))
        print('---')
        return 0
    targets = build_by_target(build)
    if targets:
        total = sum(targets.values())
        print('| build target | seconds | share |\n|---|---|---|')
        for target, seconds in targets.most_common(15):
            print('| %s | %.0f | %.0f %% |' % (target, seconds, 100 * seconds / total))
        print('| all %d targets | %.0f | |\n' % (len(targets), total))
    costs, executable, labels = tests(build)
    by_executable = collections.Counter()
    for name, seconds in costs.items():
        if name in executable:
            group = executable[name]
            if name in labels:
                group += ' (%s)' % labels[name]
            by_executable[group] += seconds
    total = sum(by_executable.values())
    print('| tests of | seconds | share |\n|---|---|---|')
    for group, seconds in by_executable.most_common(15):
        print('| %s | %.0f | %.0f %% |' % (group, seconds, 100 * seconds / total))
    print('| all %d tests | %.0f | |\n' % (len(costs), total))
    print('| slowest tests | seconds |\n|---|---|')
    for name, seconds in sorted(costs.items(), key=lambda item: -item[1])[:20]:
        print('| %s | %.1f |' % (name, seconds))
    return 0


if __name__ == '__main__':
    sys.exit(main())
