"""Tests of the Java driver (JavaDriver.java) speaking the driver protocol: compiled once with
javac beside a sample class, as the grader compiles a submission, then one JVM per request."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
GSON = os.environ.get('SEARCHGRADER_GSON', '/usr/share/java/gson.jar')

SAMPLE = r'''
import java.util.ArrayList;
import java.util.List;

public class Sample {
    private final int[][] cells;
    public int calls = 0;

    public Sample(int[][] cells) {
        if (cells == null) throw new IllegalArgumentException("cells is null");
        this.cells = cells;   // keeps the caller's array: a test can see it change
    }

    public int corner() { calls++; return cells[0][0]; }
    public Iterable<String> words() { List<String> w = new ArrayList<>(); w.add("a"); w.add("b"); return w; }
    public Iterable<Integer> counting() { return () -> java.util.stream.IntStream.range(0, 3).iterator(); }
    public Sample self() { return this; }
    public boolean same(Object other) { return other == this; }
    public int deep(int n) { return deep(n + 1) + 1; }
    public void leave() { System.out.println("bye"); System.exit(3); }
    public static int twice(int x) { System.out.println("doubling " + x); return 2 * x; }
    public static long twice(long x) { return 2 * x; }
    @Override public String toString() { return "Sample(" + cells[0][0] + ")"; }
}
'''

PACKAGED = 'package lib;\npublic class Helper { public static String hello() { return "hi"; } }\n'


class JavaDriverTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix='sg-java-driver-')
        os.mkdir(os.path.join(cls.dir, '.searchgrader'))
        shutil.copy(os.path.join(HERE, 'JavaDriver.java'), os.path.join(cls.dir, '.searchgrader'))
        os.mkdir(os.path.join(cls.dir, 'src'))
        with open(os.path.join(cls.dir, 'Sample.java'), 'w') as f:
            f.write(SAMPLE)
        with open(os.path.join(cls.dir, 'src', 'Helper.java'), 'w') as f:
            f.write(PACKAGED)
        subprocess.run(['javac', '-nowarn', '-d', '.', '-cp', '.:' + GSON, 'Sample.java',
                        'src/Helper.java', '.searchgrader/JavaDriver.java'],
                       cwd=cls.dir, check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def run_steps(self, steps, module='Sample'):
        request = {'protocol': 1, 'module': module, 'capture_limit_bytes': 1000, 'steps': steps}
        done = subprocess.run(['java', '-Xshare:off', '-XX:+UseSerialGC', '-Xss512k',
                               '-Djava.security.manager=allow', '-cp', '.:' + GSON,
                               'searchgrader.JavaDriver'],
                              cwd=self.dir, input=json.dumps(request), capture_output=True,
                              text=True, timeout=60)
        records = [json.loads(line) for line in done.stdout.splitlines() if line.startswith('{')]
        self.assertTrue(records and records[-1] == {'sg': 'done'},
                        'the driver ended with %d: stdout %r, stderr %r'
                        % (done.returncode, done.stdout[-2000:], done.stderr[-2000:]))
        self.assertEqual(records[0]['sg'], 'hello')
        self.assertIn('java', records[0])
        self.assertEqual(records[-1], {'sg': 'done'})
        return records[1], [r for r in records if r['sg'] == 'step']

    def test_objects_are_bound_by_reference_and_arrays_shared_with_the_caller(self):
        _, steps = self.run_steps([
            {'op': 'let', 'bind': 'cells', 'value': [[5, 1], [2, 0]]},
            {'op': 'new', 'class': 'Sample', 'args': [{'$ref': 'cells'}], 'bind': 's'},
            {'op': 'method', 'target': 's', 'method': 'corner', 'args': []},
            {'op': 'setitem', 'target': 'cells', 'index': [0, 0], 'value': 9},
            {'op': 'method', 'target': 's', 'method': 'corner', 'args': []},
            {'op': 'getattr', 'target': 's', 'attr': 'calls'},
            {'op': 'str', 'target': 's'},
            {'op': 'get', 'target': 'cells'},
            {'op': 'method', 'target': 's', 'method': 'self', 'args': [], 'bind': 't'},
            {'op': 'method', 'target': 's', 'method': 'same', 'args': [{'$ref': 't'}]},
        ])
        self.assertTrue(all(step['ok'] for step in steps), steps)
        self.assertEqual([steps[i]['value'] for i in (2, 4, 5, 6, 7, 9)],
                         [5, 9, 2, 'Sample(9)', [[9, 1], [2, 0]], True])
        self.assertEqual(steps[8]['value'], {'$repr': 'Sample(9)', '$type': 'Sample'})

    def test_iterables_are_read_as_lists(self):
        _, steps = self.run_steps([
            {'op': 'new', 'class': 'Sample', 'args': [[[1]]], 'bind': 's'},
            {'op': 'method', 'target': 's', 'method': 'words', 'args': []},
            {'op': 'method', 'target': 's', 'method': 'counting', 'args': []},
        ])
        self.assertEqual(steps[1]['value'], ['a', 'b'])
        self.assertEqual(steps[2]['value']['$iterator'], [0, 1, 2])

    def test_static_calls_choose_the_overload_and_capture_what_they_print(self):
        _, steps = self.run_steps([{'op': 'call', 'function': 'twice', 'args': [21]},
                                   {'op': 'call', 'function': 'twice', 'args': [2 ** 40]}])
        self.assertEqual(steps[0]['value'], 42)
        self.assertEqual(steps[0]['stdout'], 'doubling 21\n')
        self.assertEqual(steps[1]['value'], 2 ** 41)

    def test_an_exception_is_reported_with_the_students_frames_only(self):
        _, steps = self.run_steps([{'op': 'new', 'class': 'Sample', 'args': [None]}])
        error = steps[0]['error']
        self.assertEqual(error['type'], 'IllegalArgumentException')
        self.assertEqual(error['message'], 'cells is null')
        self.assertIn('at Sample.<init>(Sample.java:', error['traceback'])
        self.assertNotIn('searchgrader', error['traceback'])
        self.assertNotIn('java.base', error['traceback'])

    def test_system_exit_and_a_stack_overflow_fail_their_step_only(self):
        _, steps = self.run_steps([
            {'op': 'new', 'class': 'Sample', 'args': [[[1]]], 'bind': 's'},
            {'op': 'method', 'target': 's', 'method': 'leave', 'args': []},
            {'op': 'method', 'target': 's', 'method': 'deep', 'args': [0]},
            {'op': 'method', 'target': 's', 'method': 'corner', 'args': []},
        ])
        self.assertEqual(steps[1]['error']['type'], 'SystemExit')
        self.assertIn('System.exit(3)', steps[1]['error']['message'])
        self.assertEqual(steps[1]['stdout'], 'bye\n')
        self.assertEqual(steps[2]['error']['type'], 'StackOverflowError')
        self.assertEqual(steps[3]['value'], 1)

    def test_missing_names_are_said_plainly(self):
        _, steps = self.run_steps([
            {'op': 'new', 'class': 'Sample', 'args': [1, 2]},
            {'op': 'call', 'function': 'nothing', 'args': []},
            {'op': 'has', 'name': 'Sample'},
            {'op': 'has', 'name': 'Absent'},
        ])
        self.assertIn('has no constructor for these 2 arguments (it has: Sample(int[][]))',
                      steps[0]['error']['message'])
        self.assertEqual(steps[1]['error']['type'], 'NoSuchMethodError')
        self.assertTrue(steps[2]['value']['defined'])
        self.assertFalse(steps[3]['value']['defined'])

    def test_a_class_in_a_package_is_found_by_its_simple_name_with_a_note(self):
        imported, steps = self.run_steps([{'op': 'call', 'function': 'hello', 'args': []}],
                                         module='Helper')
        self.assertTrue(imported['ok'])
        self.assertIn('declared in package lib', imported['notes'][0])
        self.assertEqual(steps[0]['value'], 'hi')

    def test_a_missing_class_fails_the_load(self):
        imported, steps = self.run_steps([], module='Board')
        self.assertFalse(imported['ok'])
        self.assertEqual(imported['error']['type'], 'ClassNotFoundException')
        self.assertEqual(steps, [])


if __name__ == '__main__':
    unittest.main()
