"""Tests of the Java driver (JavaDriver.java) speaking the driver protocol: compiled once with
javac beside a sample class, as the grader compiles a submission, then one JVM per request, or
one JVM serving several (--serve, as runner/fork_server.h's in-process tests drive it)."""

import json
import os
import shutil
import socket
import subprocess
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
GSON = os.environ.get('SEARCHGRADER_GSON', '/usr/share/java/gson.jar')
ASM = os.environ.get('SEARCHGRADER_ASM', '/usr/share/java/asm.jar')
CLASS_PATH = '.:' + GSON + ':' + ASM

SAMPLE = r'''
import java.util.ArrayList;
import java.util.List;

public class Sample {
    private final int[][] cells;
    public int calls = 0;
    private static int made = 0;

    public Sample(int[][] cells) {
        if (cells == null) throw new IllegalArgumentException("cells is null");
        made++;
        this.cells = cells;   // keeps the caller's array: a test can see it change
    }

    public int corner() { calls++; return cells[0][0]; }
    public int rows() { return cells.length; }
    public Iterable<String> words() { List<String> w = new ArrayList<>(); w.add("a"); w.add("b"); return w; }
    public Iterable<Integer> counting() { return () -> java.util.stream.IntStream.range(0, 3).iterator(); }
    public Sample self() { return this; }
    public boolean same(Object other) { return other == this; }
    public int deep(int n) { return deep(n + 1) + 1; }
    public void leave() { System.out.println("bye"); System.exit(3); }
    public static int made() { return made; }
    public void linger() { new Thread(() -> { try { Thread.sleep(60000); } catch (InterruptedException e) { } }).start(); }
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
        for source in ('JavaDriver.java', 'MeasuringAgent.java', 'CallCounter.java',
                       'TestClassLoader.java'):
            shutil.copy(os.path.join(HERE, source), os.path.join(cls.dir, '.searchgrader'))
        # As the grader writes it (languages/manifest_jar.h): a jar holding only the manifest.
        with zipfile.ZipFile(os.path.join(cls.dir, '.searchgrader', 'agent.jar'), 'w') as jar:
            jar.writestr('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n'
                         'Premain-Class: searchgrader.MeasuringAgent\n'
                         'Can-Retransform-Classes: true\n')
        os.mkdir(os.path.join(cls.dir, 'src'))
        with open(os.path.join(cls.dir, 'Sample.java'), 'w') as f:
            f.write(SAMPLE)
        with open(os.path.join(cls.dir, 'src', 'Helper.java'), 'w') as f:
            f.write(PACKAGED)
        subprocess.run(['javac', '-nowarn', '-d', '.', '-cp', CLASS_PATH, 'Sample.java',
                        'src/Helper.java', '.searchgrader/JavaDriver.java',
                        '.searchgrader/MeasuringAgent.java', '.searchgrader/CallCounter.java',
                        '.searchgrader/TestClassLoader.java'],
                       cwd=cls.dir, check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def run_steps(self, steps, module='Sample', agent=False):
        request = {'protocol': 1, 'module': module, 'capture_limit_bytes': 1000, 'steps': steps}
        options = ['-javaagent:.searchgrader/agent.jar'] if agent else []
        done = subprocess.run(['java', '-Xshare:auto', '-XX:+UseSerialGC', '-Xss512k',
                               '-Djava.security.manager=allow'] + options +
                              ['-cp', CLASS_PATH, 'searchgrader.JavaDriver'],
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

    def test_the_agent_measures_deep_sizes_and_tells_computing_calls_from_cached_ones(self):
        agent = 'searchgrader.MeasuringAgent.'
        _, steps = self.run_steps([
            {'op': 'new', 'class': 'Sample', 'args': [[[5, 1], [2, 0]]], 'bind': 's'},
            {'op': 'call', 'function': agent + 'deepSize', 'args': [{'$ref': 's'}]},
            {'op': 'call', 'function': agent + 'countCalls', 'args': ['Sample', 'corner,rows']},
            {'op': 'method', 'target': 's', 'method': 'corner', 'args': []},
            {'op': 'method', 'target': 's', 'method': 'corner', 'args': []},
            {'op': 'method', 'target': 's', 'method': 'rows', 'args': []},
            {'op': 'call', 'function': agent + 'callCounts', 'args': []},
            {'op': 'call', 'function': agent + 'countCalls', 'args': ['Nowhere', 'x']},
        ], agent=True)
        self.assertTrue(all(step['ok'] for step in steps[:7]), steps)
        size = dict(steps[1]['value']['$dict'])
        by_class = dict(size['by_class']['$dict'])
        # The Sample, its int[][] and the two rows, each once, as this JVM lays them out.
        self.assertEqual(size['objects'], 4)
        self.assertEqual(sorted(by_class), ['Sample', 'int[]', 'int[][]'])
        self.assertEqual(size['bytes'], sum(by_class.values()))
        self.assertGreaterEqual(by_class['int[]'], 2 * (16 + 2 * 4))
        # corner() reads the array: computing; rows() reads only a field and its length.
        counts = {name: dict(value['$dict']) for name, value in steps[6]['value']['$dict']}
        self.assertEqual(counts, {'corner': {'calls': 2, 'computed': 2},
                                  'rows': {'calls': 1, 'computed': 0}})
        self.assertEqual(steps[7]['error']['type'], 'IllegalArgumentException')
        # Without the agent a measuring step fails plainly (the grader reports it as its own).
        _, steps = self.run_steps([{'op': 'call', 'function': agent + 'callCounts', 'args': []}])
        self.assertIn("without the grader's agent", steps[0]['error']['message'])

    def serve(self, tests):
        """Runs each request's `steps` of `tests` in one JVM started with --serve, as the
        supervisor does: the start request, then per test a request file and two FIFOs named in
        a message on the control socket. Returns the start's records and, per test served, its
        records and the server's report."""
        supervisor, server = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        jvm = subprocess.Popen(['java', '-Xshare:auto', '-XX:+UseSerialGC',
                                '-Djava.security.manager=allow',
                                '-javaagent:.searchgrader/agent.jar', '-cp', CLASS_PATH,
                                'searchgrader.JavaDriver', '--serve'],
                               cwd=self.dir, stdin=server, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
        server.close()
        supervisor.settimeout(60)
        served = []
        try:
            supervisor.send(json.dumps({'protocol': 1, 'module': 'Sample'}).encode())
            self.assertEqual(json.loads(supervisor.recv(1 << 16)), {'ready': True})
            for steps in tests:
                with open(os.path.join(self.dir, 'request.json'), 'w') as f:
                    json.dump({'protocol': 1, 'module': 'Sample', 'capture_limit_bytes': 1000,
                               'steps': steps}, f)
                streams = []
                for name in ('out.fifo', 'err.fifo'):
                    path = os.path.join(self.dir, name)
                    if os.path.exists(path):
                        os.unlink(path)
                    os.mkfifo(path)
                    streams.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
                supervisor.send(json.dumps({'rlimit_cpu': 10, 'stdin': 'request.json',
                                            'stdout': 'out.fifo',
                                            'stderr': 'err.fifo'}).encode())
                report = json.loads(supervisor.recv(1 << 16))
                output = b''
                try:
                    while chunk := os.read(streams[0], 1 << 16):
                        output += chunk
                except BlockingIOError:
                    pass
                for fd in streams:
                    os.close(fd)
                records = [json.loads(line) for line in output.decode().splitlines()]
                served.append((records, report))
                if report.get('last'):
                    break
        finally:
            supervisor.close()
            start_output = jvm.communicate(timeout=60)[0].decode()
        start = [json.loads(line) for line in start_output.splitlines() if line.startswith('{')]
        return start, served

    def test_a_served_jvm_gives_each_test_fresh_classes(self):
        agent = 'searchgrader.MeasuringAgent.'
        making = [{'op': 'new', 'class': 'Sample', 'args': [[[5]]], 'bind': 's'},
                  {'op': 'call', 'function': 'made', 'args': []}]
        start, served = self.serve([
            making, making,
            [{'op': 'call', 'function': agent + 'countCalls', 'args': ['Sample', 'corner']}] +
            making + [{'op': 'method', 'target': 's', 'method': 'corner', 'args': []},
                      {'op': 'call', 'function': agent + 'callCounts', 'args': []}],
        ])
        self.assertEqual([r['sg'] for r in start], ['hello', 'import', 'done'])
        self.assertEqual(len(served), 3)
        for records, report in served:
            self.assertEqual(report, {'ended': True, 'status': 0, 'last': False})
            self.assertEqual(records[-1], {'sg': 'done'})
        steps = [[r for r in records if r['sg'] == 'step'] for records, _ in served]
        # A static counter starts again in every test, as in a JVM of its own.
        self.assertEqual([test[1]['value'] for test in steps[:2]], [1, 1])
        # The agent counts the calls of the running test's class, not an earlier test's.
        counts = {name: dict(value['$dict']) for name, value in steps[2][4]['value']['$dict']}
        self.assertEqual(counts, {'corner': {'calls': 1, 'computed': 1}})

    def test_a_served_test_that_leaves_a_thread_running_is_the_last(self):
        _, served = self.serve([
            [{'op': 'new', 'class': 'Sample', 'args': [[[5]]], 'bind': 's'},
             {'op': 'method', 'target': 's', 'method': 'linger', 'args': []}],
            [{'op': 'call', 'function': 'made', 'args': []}],
        ])
        self.assertEqual(len(served), 1)
        self.assertEqual(served[0][1], {'ended': True, 'status': 0, 'last': True})

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
