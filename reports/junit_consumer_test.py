#!/usr/bin/env python3
"""JUnit XML from searchgrader, read by a real consumer of it (Debian's python3-junitparser, the
library CI tools use to merge and inspect JUnit reports): grade, audit and validate each write a
document it parses, with the counts and outcomes the run had.

usage: junit_consumer_test.py SEARCHGRADER SOURCE_DIR
"""

import json
import os
import subprocess
import sys

import junitparser


def run(searchgrader, *args):
    out = subprocess.run([searchgrader, *args], capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr


def cases(xml_text):
    document = junitparser.JUnitXml.fromstring(xml_text)
    suites = list(document) if isinstance(document, junitparser.JUnitXml) else [document]
    return suites, [case for suite in suites for case in suite]


def outcome(case):
    """'passed', 'failure', 'error' or 'skipped', as the consumer reads it."""
    for result in case.result:
        if isinstance(result, junitparser.Failure):
            return 'failure'
        if isinstance(result, junitparser.Error):
            return 'error'
        if isinstance(result, junitparser.Skipped):
            return 'skipped'
    return 'passed'


def check(condition, message):
    if not condition:
        print('junit_consumer_test: FAILED: ' + message, file=sys.stderr)
        sys.exit(1)


def main():
    searchgrader, source = sys.argv[1], sys.argv[2]
    spec = os.path.join(source, 'specs', 'road-map-search.yaml')
    env_args = ['--python', '/usr/bin/python3', '--isolation', 'minimal']

    # grade: one case per test; a known-buggy submission fails exactly its failing tests.
    status, xml, err = run(searchgrader, 'grade', spec,
                           os.path.join(source, 'fixtures', 'road-map', 'buggy-bfs-lifo'),
                           '--format', 'junit', *env_args)
    check(status == 0, 'grade exited %d: %s' % (status, err))
    suites, graded = cases(xml)
    status, json_text, _ = run(searchgrader, 'grade', spec,
                               os.path.join(source, 'fixtures', 'road-map', 'buggy-bfs-lifo'),
                               '--format', 'json', *env_args)
    report = json.loads(json_text)
    check(len(graded) == len(report['tests']),
          'grade: %d cases for %d tests' % (len(graded), len(report['tests'])))
    failed = sorted(case.name for case in graded if outcome(case) == 'failure')
    expected_failed = sorted(t['name'] or t['id'] for t in report['tests']
                             if t['verdict'] != 'accepted')
    check(failed and failed == expected_failed,
          'grade: failed cases %s, failed tests %s' % (failed, expected_failed))
    check(suites[0].failures == len(failed), 'grade: the suite counts %s failures, %d cases failed'
          % (suites[0].failures, len(failed)))

    # audit (mutants only: no process runs): one suite of fixtures, one of mutants; --strict-mutants
    # turns survivors into failures.
    status, xml, err = run(searchgrader, 'audit', spec, '--no-fixtures', '--format', 'junit')
    check(status == 0, 'audit exited %d: %s' % (status, err))
    suites, audited = cases(xml)
    check([s.name for s in suites] == ['road-map-search.fixtures', 'road-map-search.mutants'],
          'audit: suites %s' % [s.name for s in suites])
    check(len(audited) > 0 and all(outcome(c) == 'passed' for c in audited),
          'audit: without --strict-mutants every mutant case passes')
    status, xml, _ = run(searchgrader, 'audit', spec, '--no-fixtures', '--strict-mutants',
                         '--format', 'junit')
    _, strict = cases(xml)
    survivors = [c.name for c in strict if outcome(c) == 'failure']
    check(len(strict) == len(audited), 'audit: the same mutants with --strict-mutants')
    check((status == 1) == bool(survivors),
          'audit --strict-mutants exited %d with survivors %s' % (status, survivors))

    # validate: one case per spec; a broken spec is a failure naming its line.
    broken = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'sg-junit-broken-%d.yaml' % os.getpid())
    with open(broken, 'w') as handle:
        handle.write('spec_version: 1\nassignment: {id: x}\nrubric: []\ntests: []\nbogus: 1\n')
    try:
        status, xml, _ = run(searchgrader, 'validate', spec, broken, '--format', 'junit')
    finally:
        os.remove(broken)
    check(status == 2, 'validate with a broken spec exited %d' % status)
    _, validated = cases(xml)
    check([outcome(c) for c in validated] == ['passed', 'failure'],
          'validate: outcomes %s' % [outcome(c) for c in validated])
    print('junit_consumer_test: grade, audit and validate JUnit XML read by junitparser %s'
          % getattr(junitparser, '__version__', ''))
    return 0


if __name__ == '__main__':
    sys.exit(main())
