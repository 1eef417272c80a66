"""Tests for python_driver.py, run the way the runner runs it.

Each test writes a small student module into a fresh temporary directory,
starts `/usr/bin/python3 -I -B <driver>` there with a JSON request on stdin,
and checks the protocol stream (docs/driver-protocol.md) that comes back.

    cd grader/drivers && /usr/bin/python3 -m unittest -v test_python_driver
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'python_driver.py')
# SG_DRIVER_PYTHON runs the same tests under another interpreter (the driver
# supports Python 3.8 and later).
PYTHON = os.environ.get('SG_DRIVER_PYTHON') or (
    '/usr/bin/python3' if os.path.exists('/usr/bin/python3') else sys.executable)


class DriverRun(object):
    """The parsed outcome of one driver process."""

    def __init__(self, proc):
        self.returncode = proc.returncode
        self.raw = proc.stdout.decode('utf-8')
        self.stderr = proc.stderr.decode('utf-8', 'replace')
        self.records = []
        for line in self.raw.splitlines():
            record = json.loads(line)   # every stream line must be protocol JSON
            assert isinstance(record, dict) and 'sg' in record, line
            self.records.append(record)

    def kinds(self):
        return [r['sg'] for r in self.records]

    @property
    def hello(self):
        return self.records[0]

    @property
    def import_record(self):
        return [r for r in self.records if r['sg'] == 'import'][0]

    def step(self, index):
        return [r for r in self.records if r['sg'] == 'step' and r['index'] == index][0]

    def steps(self):
        return [r for r in self.records if r['sg'] == 'step']


class DriverTestCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix='sg-driver-test-')

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, source):
        with open(os.path.join(self.dir, name), 'w') as f:
            f.write(textwrap.dedent(source))

    def run_driver(self, steps, module='student', limit=1048576, request=None):
        if request is None:
            request = {'protocol': 1, 'module': module,
                       'capture_limit_bytes': limit, 'steps': steps}
        data = request if isinstance(request, bytes) else json.dumps(request).encode()
        proc = subprocess.run([PYTHON, '-I', '-B', DRIVER], input=data, cwd=self.dir,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        return DriverRun(proc)

    def assertComplete(self, run, nsteps):
        expected = ['hello', 'import'] + ['begin', 'step'] * nsteps + ['done']
        # 'partial' records report a running phase's output; each comes inside its phase
        kinds = run.kinds()
        for i, kind in enumerate(kinds):
            if kind == 'partial':
                self.assertIn(kinds[i - 1], ('begin', 'partial', 'hello'), run.raw)
        self.assertEqual([k for k in kinds if k != 'partial'], expected, run.raw + run.stderr)
        self.assertEqual(run.returncode, 0, run.stderr)
        for i, record in enumerate(run.steps()):
            self.assertEqual(record['index'], i)


def call(function, *args, **extra):
    step = {'op': 'call', 'function': function, 'args': list(args), 'kwargs': {}}
    step.update(extra)
    return step


class StreamAndCaptureTest(DriverTestCase):
    def test_hello_and_import_record(self):
        self.write('student.py', 'X = 1\n')
        run = self.run_driver([])
        self.assertComplete(run, 0)
        self.assertEqual(run.hello['protocol'], 1)
        self.assertRegex(run.hello['python'], r'^3\.\d+\.\d+$')
        imp = run.import_record
        self.assertTrue(imp['ok'])
        for key in ('seconds', 'stdout', 'stderr', 'stdout_bytes', 'stdout_truncated',
                    'stderr_bytes', 'stderr_truncated'):
            self.assertIn(key, imp)

    def test_import_prints_kept_apart_from_steps(self):
        self.write('student.py', '''
            import sys
            print("loading the module")
            sys.stderr.write("import warning\\n")

            def f():
                print("inside f")

            if __name__ == "__main__":
                print("MAIN BLOCK RAN")
        ''')
        run = self.run_driver([call('f'), call('f')])
        self.assertComplete(run, 2)
        self.assertEqual(run.import_record['stdout'], 'loading the module\n')
        self.assertEqual(run.import_record['stderr'], 'import warning\n')
        self.assertEqual(run.step(0)['stdout'], 'inside f\n')
        self.assertEqual(run.step(1)['stdout'], 'inside f\n')
        self.assertNotIn('MAIN BLOCK RAN', run.raw)

    def test_print_succ_output_captured_per_step(self):
        self.write('student.py', '''
            def succ(state):
                b = state.index(0)
                out = []
                for n in ((b - 3) % 9, (b + 3) % 9):
                    s = list(state)
                    s[b], s[n] = s[n], s[b]
                    out.append(s)
                return sorted(out)

            def print_succ(state):
                for s in succ(state):
                    print(s, "h=0")
        ''')
        run = self.run_driver([call('print_succ', [1, 2, 3, 4, 5, 0, 6, 7, 8]),
                               call('print_succ', [0, 1, 2, 3, 4, 5, 6, 7, 8])])
        self.assertComplete(run, 2)
        self.assertEqual(run.step(0)['stdout'],
                         '[1, 2, 0, 4, 5, 3, 6, 7, 8] h=0\n[1, 2, 3, 4, 5, 8, 6, 7, 0] h=0\n')
        self.assertEqual(run.step(1)['stdout'],
                         '[3, 1, 2, 0, 4, 5, 6, 7, 8] h=0\n[6, 1, 2, 3, 4, 5, 0, 7, 8] h=0\n')
        self.assertIsNone(run.step(0)['value'])
        self.assertEqual(run.step(0)['stdout_bytes'], len(run.step(0)['stdout']))
        self.assertFalse(run.step(0)['stdout_truncated'])
        self.assertIsInstance(run.step(0)['seconds'], float)

    def test_map_calls_one_function_over_many_argument_lists(self):
        self.write('student.py', '''
            def h(state, goal):
                if state == [9]:
                    raise ValueError("no nines")
                return sum(1 for a, b in zip(state, goal) if a != b)
        ''')
        goal = [1, 2, 3]
        run = self.run_driver([
            {'op': 'let', 'bind': 'goal', 'value': goal},
            {'op': 'map', 'function': 'h',
             'args_list': [[[1, 2, 3], {'$ref': 'goal'}], [[3, 2, 1], {'$ref': 'goal'}]]},
            {'op': 'map', 'function': 'h', 'args_list': [[[1], [1]], [[9], [1]], [[2], [1]]]}])
        self.assertComplete(run, 3)
        self.assertEqual(run.step(1)['value'], [0, 2])
        self.assertFalse(run.step(2)['ok'])
        self.assertEqual(run.step(2)['error']['index'], 1)
        self.assertEqual(run.step(2)['error']['type'], 'ValueError')

    def test_patch_answers_from_the_table_and_calls_the_students_own_elsewhere(self):
        self.write('student.py', '''
            def helper(state, k):
                return [x + 100 for x in state]
            def climb(state):
                first = helper(state, 1)
                first.append(-1)  # mutating an answer must not change the table
                return [first, helper(state, 1), helper([7], 1)]
        ''')
        run = self.run_driver([
            {'op': 'patch', 'function': 'helper', 'table': [[[[1, 2], 1], [1, 3]]]},
            call('climb', [1, 2])])
        self.assertComplete(run, 2)
        self.assertEqual(run.step(1)['value'], [[1, 3, -1], [1, 3], [107]])

    def test_a_running_step_reports_what_it_printed_before_it_ends(self):
        self.write('student.py', '''
            import time
            def slow():
                print("climbing", flush=True)
                print("[0, 1, 2] - f=3")
                end = time.process_time() + 1.5
                while time.process_time() < end:
                    pass
                print("done")
                return 1
        ''')
        run = self.run_driver([call('slow')])
        self.assertComplete(run, 1)
        partial = [r for r in run.records if r.get('sg') == 'partial']
        self.assertTrue(partial, run.records)
        self.assertEqual(partial[0]['index'], 0)
        self.assertEqual(''.join(r['stdout'] for r in partial), 'climbing\n[0, 1, 2] - f=3\n')
        # the step's own record still has all of it
        self.assertEqual(run.step(0)['stdout'], 'climbing\n[0, 1, 2] - f=3\ndone\n')

    def test_seed_seeds_the_random_module_the_student_draws_from(self):
        self.write('student.py', '''
            from random import choice
            def draw(items):
                return [choice(items) for _ in range(5)]
        ''')
        run = self.run_driver([{'op': 'seed', 'value': 7}, call('draw', list(range(100))),
                               {'op': 'seed', 'value': 7}, call('draw', list(range(100)))])
        self.assertComplete(run, 4)
        import random
        random.seed(7)
        expected = [random.choice(range(100)) for _ in range(5)]
        self.assertEqual(run.step(1)['value'], expected)
        self.assertEqual(run.step(3)['value'], expected)

    def test_game_state_records_every_successor_generated(self):
        self.write('student.py', '''
            def best(game):
                moves = game.getLegalActions(0)
                values = [min(game.generateSuccessor(0, m).generateSuccessor(1, r).getScore()
                              for r in game.generateSuccessor(0, m).getLegalActions(1))
                          for m in moves[:1]]
                return moves[0], values[0], game.getNumAgents(), str(game)

            def past_the_end(game):
                won = game.generateSuccessor(0, 'win')
                return won.isWin(), won.getLegalActions(1), won.generateSuccessor(1, 'x')
        ''')
        game = {'$fn': 'game_state', 'agents': 2, 'root': 'A',
                'moves': {'A': [['a1', 'B'], ['win', 'W']], 'B': [['b1', 'B1'], ['b2', 'B2']]},
                'scores': {'B1': 3, 'B2': 1, 'W': 9}, 'wins': ['W'], 'losses': []}
        run = self.run_driver([
            {'op': 'let', 'bind': 'game', 'value': game},
            call('best', {'$ref': 'game'}),
            {'op': 'getattr', 'target': 'game', 'attr': 'sg_generated'},
            call('past_the_end', {'$ref': 'game'})])
        self.assertComplete(run, 4)
        self.assertEqual(run.step(1)['value'], {'$tuple': ['a1', 1, 2, 'A']})
        # Every call counts: B for its legal actions, then B again before each of its successors.
        self.assertEqual(run.step(2)['value'], ['B', 'B', 'B1', 'B', 'B2'])
        self.assertFalse(run.step(3)['ok'])
        self.assertIn("Can't generate a successor of a terminal state",
                      run.step(3)['error']['message'])

    def test_game_state_per_agent_lists_each_agents_moves(self):
        self.write('student.py', '''
            def both(game):
                return game.getLegalActions(0), game.getLegalActions(1), \\
                    str(game.generateSuccessor(1, 'West'))

            def unprepared(game):
                return game.generateSuccessor(0, 'East').getLegalActions(0)
        ''')
        game = {'$fn': 'game_state', 'agents': 2, 'root': 'S', 'per_agent': True,
                'moves': {'S': {'0': [['East', 'E'], ['Stop', 'S0']], '1': [['West', 'W']]}},
                'scores': {'E': 9, 'S0': -1, 'W': 0}, 'wins': [], 'losses': []}
        run = self.run_driver([
            {'op': 'let', 'bind': 'game', 'value': game},
            call('both', {'$ref': 'game'}),
            call('unprepared', {'$ref': 'game'})])
        self.assertComplete(run, 3)
        self.assertEqual(run.step(1)['value'],
                         {'$tuple': [['East', 'Stop'], ['West'], 'W']})
        self.assertFalse(run.step(2)['ok'])
        self.assertIn('did not prepare the moves of agent 0 in state E',
                      run.step(2)['error']['message'])

    def test_explore_walks_a_problem_object_breadth_first(self):
        self.write('student.py', '''
            class Line:
                """0 - 1 - 2 on a line; 2 is the goal; a state is (position, visited)."""
                def getStartState(self):
                    return (0, frozenset())
                def isGoalState(self, state):
                    return state[0] == 2
                def getSuccessors(self, state):
                    pos, seen = state
                    out = []
                    for action, step in (('East', 1), ('West', -1)):
                        if 0 <= pos + step <= 2:
                            out.append(((pos + step, seen | {pos}), action, 1))
                    return out

            def h(state, problem):
                return 2 - state[0]

            class Broken(Line):
                def getSuccessors(self, state):
                    if state[0] == 1:
                        raise ValueError('no')
                    return Line.getSuccessors(self, state)
        ''')
        run = self.run_driver([
            {'op': 'new', 'class': 'Line', 'bind': 'p'},
            {'op': 'explore', 'target': 'p', 'limit': 3, 'heuristic': 'h'},
            {'op': 'new', 'class': 'Broken', 'bind': 'b'},
            {'op': 'explore', 'target': 'b', 'limit': 10}])
        self.assertComplete(run, 4)
        graph = run.step(1)['value']
        self.assertEqual(graph['states'][:4],
                         ['(0, {})', '(1, {0})', '(2, {0, 1})', '(0, {0, 1})'])
        self.assertEqual(graph['successors'][0], [['East', 1, 1]])
        self.assertEqual(graph['successors'][1], [['East', 2, 1], ['West', 3, 1]])
        self.assertEqual(graph['parent'][:4], [-1, 0, 1, 1])
        self.assertEqual(graph['action'][3], 'West')
        self.assertEqual(graph['goal'], [False, False, True])
        self.assertEqual(graph['h'], [2, 1, 0])
        self.assertFalse(graph['complete'])   # (0, {0, 1}) and more found, not expanded
        self.assertFalse(run.step(3)['ok'])
        self.assertEqual(run.step(3)['error']['path'], ['East'])
        self.assertEqual(run.step(3)['error']['state'], '(1, {0})')

    def test_explore_reads_a_world_with_aimas_names_and_gives_each_states_value(self):
        # A course's rules file: AIMA's initial, actions, result, is_goal, action_cost, h.
        self.write('student.py', """
            class Ferry:
                def __init__(self, far):
                    self.initial = ('a', 0)
                    self.far = far
                def actions(self, state):
                    return [(1, 0), 'back'] if state[1] < self.far else ['back']
                def result(self, state, action):
                    return ('a', state[1] - 1) if action == 'back' else ('a', state[1] + 1)
                def is_goal(self, state):
                    return state[1] == self.far
                def action_cost(self, state, action, next_state):
                    return 2 if action == 'back' else 1
                def h(self, state):
                    return self.far - state[1]
        """)
        run = self.run_driver([
            {'op': 'new', 'class': 'Ferry', 'args': [2], 'bind': 'w'},
            {'op': 'explore', 'target': 'w', 'api': 'aima', 'values': True, 'limit': 100}])
        self.assertComplete(run, 2)
        world = run.step(1)['value']
        self.assertEqual(world['states'][:4], ["('a', 0)", "('a', 1)", "('a', -1)", "('a', 2)"])
        self.assertEqual(world['values'][1], {'$tuple': ['a', 1]})
        self.assertEqual(world['successors'][0], [[{'$tuple': [1, 0]}, 1, 1], ['back', 2, 2]])
        self.assertEqual(world['h'][:2], [2, 1])
        self.assertEqual(world['goal'][:4], [False, False, False, True])
        self.assertFalse(world['complete'])   # 'back' forever: an endless world

    def test_explore_from_a_state_the_world_does_not_reach_stops_at_max_depth(self):
        # A line of cells 0..9: a step right costs 1; the goal is 9. Explored from (5,) (a list
        # in the request, a tuple in the rules) one step deep: (6,) is listed, not expanded.
        self.write('student.py', """
            class Line:
                initial = (0,)
                def actions(self, state):
                    return ['right'] if state[0] < 9 else []
                def result(self, state, action):
                    return (state[0] + 1,)
                def is_goal(self, state):
                    return state == (9,)
                def h(self, state):
                    return 9 - state[0]
        """)
        run = self.run_driver([
            {'op': 'new', 'class': 'Line', 'bind': 'w'},
            {'op': 'explore', 'target': 'w', 'api': 'aima', 'values': True, 'limit': 100,
             'start': [5], 'max_depth': 1}])
        self.assertComplete(run, 2)
        world = run.step(1)['value']
        self.assertEqual(world['states'], ['(5,)', '(6,)'])
        self.assertEqual(world['successors'], [[['right', 1, 1]], []])
        self.assertEqual(world['cut'], [1])
        self.assertEqual(world['h'], [4, 3])
        self.assertEqual(world['goal'], [False, False])
        self.assertTrue(world['complete'])

    def test_explore_game_reads_a_game_with_aimas_names(self):
        # Nim with 3 sticks: take 1 or 2; whoever takes the last stick wins.
        self.write('student.py', """
            class Nim:
                def __init__(self, sticks):
                    self.initial = (sticks, 'A')
                def to_move(self, state):
                    return state[1]
                def actions(self, state):
                    return [n for n in (1, 2) if n <= state[0]]
                def result(self, state, take):
                    return (state[0] - take, 'B' if state[1] == 'A' else 'A')
                def is_terminal(self, state):
                    return state[0] == 0
                def utility(self, state, player):
                    # The player to move at the end did not take the last stick.
                    return -1 if state[1] == player else 1
        """)
        run = self.run_driver([
            {'op': 'new', 'class': 'Nim', 'args': [3], 'bind': 'g'},
            {'op': 'explore', 'target': 'g', 'api': 'aima_game', 'values': True, 'limit': 100}])
        self.assertComplete(run, 2)
        game = run.step(1)['value']
        self.assertEqual(game['states'][:3], ["(3, 'A')", "(2, 'B')", "(1, 'B')"])
        self.assertEqual(game['players'], ["'A'", "'B'"])
        self.assertEqual(game['mover'][:3], [0, 1, 1])
        self.assertEqual(game['moves'][0], [[1, 1], [2, 2]])
        over = game['states'].index("(0, 'B')")     # A took the last stick
        self.assertTrue(game['terminal'][over])
        self.assertEqual(game['score'][over], 1)
        self.assertIsNone(game['score'][0])         # no evaluate, and not over
        self.assertEqual(game['values'][0], {'$tuple': [3, 'A']})
        self.assertTrue(game['complete'])

    def test_explore_game_from_a_position_stops_at_max_depth(self):
        self.write('student.py', """
            class Nim:
                def __init__(self):
                    self.initial = (9, 'A')
                def to_move(self, state):
                    return state[1]
                def actions(self, state):
                    return [n for n in (1, 2) if n <= state[0]]
                def result(self, state, take):
                    return (state[0] - take, 'B' if state[1] == 'A' else 'A')
                def is_terminal(self, state):
                    return state[0] == 0
                def utility(self, state, player):
                    return -1 if state[1] == player else 1
                def evaluate(self, state, player):
                    return 0
        """)
        # The position is written as JSON lists; the rules' states are tuples.
        run = self.run_driver([
            {'op': 'new', 'class': 'Nim', 'bind': 'g'},
            {'op': 'explore', 'target': 'g', 'api': 'aima_game', 'values': True, 'limit': 100,
             'start': [4, 'B'], 'max_depth': 2}])
        self.assertComplete(run, 2)
        game = run.step(1)['value']
        self.assertEqual(game['states'], ["(4, 'B')", "(3, 'A')", "(2, 'A')", "(2, 'B')",
                                          "(1, 'B')", "(0, 'B')"])
        self.assertEqual(game['players'], ["'B'", "'A'"])   # agent 0 moves at the start
        self.assertEqual(game['moves'][3], [])               # depth 2: listed, not expanded
        self.assertEqual(game['cut'], [3, 4])                # (0, 'B') is over, not cut
        self.assertTrue(game['terminal'][5])
        self.assertEqual(game['score'][5], -1)               # A took the last stick: B lost
        self.assertEqual(game['score'][3], 0)                # evaluate's

    def test_explore_game_lists_a_chance_moves_probability(self):
        # A coin decides who takes the one stick: heads (0.3) A takes it, tails (0.7) B does.
        self.write('student.py', """
            class Coin:
                initial = 'toss'
                def to_move(self, state):
                    return 'chance' if state == 'toss' else 'A'
                def actions(self, state):
                    return ['heads', 'tails']
                def result(self, state, side):
                    return side
                def is_terminal(self, state):
                    return state != 'toss'
                def utility(self, state, player):
                    return 1 if state == 'heads' else -1
                def probability(self, state, side):
                    return {'heads': 0.3, 'tails': 0.7}[side] if state == 'toss' else None
        """)
        run = self.run_driver([
            {'op': 'new', 'class': 'Coin', 'bind': 'g'},
            {'op': 'explore', 'target': 'g', 'api': 'aima_game', 'limit': 100}])
        self.assertComplete(run, 2)
        game = run.step(1)['value']
        self.assertEqual(game['moves'][0], [['heads', 1, 0.3], ['tails', 2, 0.7]])

    def test_map_asks_a_bound_objects_method_and_setattr_sets_an_attribute(self):
        self.write('student.py', """
            class Player:
                def __init__(self):
                    self.piece = 'b'
                def owns(self, board, row):
                    return board[row].count(self.piece)
                def move(self):
                    return [(1, 2)]
        """)
        run = self.run_driver([
            {'op': 'new', 'class': 'Player', 'bind': 'p'},
            {'op': 'setattr', 'target': 'p', 'attr': 'piece', 'value': 'r'},
            {'op': 'map', 'target': 'p', 'function': 'owns',
             'args_list': [[['rr', 'br'], 0], [['rr', 'br'], 1]]},
            {'op': 'method', 'target': 'p', 'method': 'move', 'type_shape': True},
            {'op': 'method', 'target': 'p', 'method': 'move'}])
        self.assertComplete(run, 5)
        self.assertEqual(run.step(2)['value'], [2, 1])
        self.assertEqual(run.step(3)['value'], [{'$tuple': [1, 2]}])
        self.assertEqual(run.step(3)['type_shape'], 'list[tuple[int, int]]')
        self.assertNotIn('type_shape', run.step(4))

    def test_type_shape_names_numpy_integers(self):
        try:
            import numpy  # noqa: F401
        except ImportError:
            self.skipTest('numpy is not installed')
        self.write('student.py', """
            import numpy as np
            def move():
                a = np.array([[3, 4]])
                return [tuple(a[0])]
        """)
        run = self.run_driver([call('move', type_shape=True)])
        self.assertComplete(run, 1)
        self.assertEqual(run.step(0)['value'], [{'$tuple': [3, 4]}])
        self.assertEqual(run.step(0)['type_shape'], 'list[tuple[int64, int64]]')

    def test_a_table_problem_answers_to_aimas_names_and_records_actions_calls(self):
        table = {"('a', 0)": [[{'$tuple': ['a', 1]}, {'$tuple': [1, 0]}, 1]],
                 "('a', 1)": []}
        problem = {'$fn': 'search_problem', 'start': {'$tuple': ['a', 0]},
                   'goals': [{'$tuple': ['a', 1]}], 'successors': table,
                   'heuristic': {"('a', 0)": 3}, 'key': 'state_text', 'api': 'aima'}
        self.write('student.py', """
            def walk(problem):
                s = problem.initial
                (a,) = problem.actions(s)
                t = problem.result(s, a)
                class Node:
                    state = s
                return [a, t, problem.is_goal(t), problem.action_cost(s, a, t),
                        problem.h(Node()), problem.actions(t)]
        """)
        run = self.run_driver([
            {'op': 'let', 'bind': 'problem', 'value': problem},
            {'op': 'call', 'function': 'walk', 'args': [{'$ref': 'problem'}]},
            {'op': 'getattr', 'target': 'problem', 'attr': '_visitedlist'}])
        self.assertComplete(run, 3)
        self.assertEqual(run.step(1)['value'],
                         [{'$tuple': [1, 0]}, {'$tuple': ['a', 1]}, True, 1, 3, []])
        self.assertEqual(run.step(2)['value'], [{'$tuple': ['a', 0]}, {'$tuple': ['a', 1]}])

    def test_an_aima_csp_has_the_books_api_and_records_every_assign(self):
        csp = {'$fn': 'aima_csp', 'variables': [0, 1, 2, 3],
               'domains': [[v, [0, 1, 2, 3]] for v in range(4)],
               'neighbors': [[v, [u for u in range(4) if u != v]] for v in range(4)],
               'constraint': 'queens'}
        self.write('student.py', """
            def probe(csp):
                a = {}
                csp.assign(0, 1, a)
                conflicts = [csp.nconflicts(1, row, a) for row in range(4)]
                removals = csp.suppose(0, 1)
                csp.prune(1, 0, removals)
                left = list(csp.choices(1))
                csp.restore(removals)
                csp.assign(1, 3, a)
                csp.unassign(1, a)
                return [conflicts, left, csp.choices(0), csp.choices(1), csp.nassigns,
                        csp.conflicted_vars({0: 0, 1: 1, 2: 3, 3: 2}), csp.goal_test(a),
                        csp.infer_assignment()]
        """)
        run = self.run_driver([
            {'op': 'let', 'bind': 'csp', 'value': csp},
            {'op': 'call', 'function': 'probe', 'args': [{'$ref': 'csp'}]},
            {'op': 'getattr', 'target': 'csp', 'attr': '_assigned'}])
        self.assertComplete(run, 3)
        # Q0 on row 1 attacks rows 0, 1, 2 of column 1; restore puts 0 back at the end.
        self.assertEqual(run.step(1)['value'],
                         [[1, 1, 1, 0], [1, 2, 3], [1, 0, 2, 3], [1, 2, 3, 0], 2, [0, 1, 2, 3],
                          False, {}])
        self.assertEqual(run.step(2)['value'], [[0, 1], [1, 3]])

    def test_explore_compares_states_python_cannot_hash_by_equality(self):
        # A corners state as students write it: (position, set of corners visited), and a
        # list-of-lists board; neither can be hashed, both are compared by ==.
        self.write('student.py', '''
            class Corners:
                """0 - 1 - 2 on a line; visit both ends; a state is (position, set visited)."""
                def getStartState(self):
                    return (1, set())
                def isGoalState(self, state):
                    return state[1] == {0, 2}
                def getSuccessors(self, state):
                    pos, seen = state
                    out = []
                    for action, step in (('East', 1), ('West', -1)):
                        nxt = pos + step
                        if 0 <= nxt <= 2:
                            visited = set(seen)
                            if nxt in (0, 2):
                                visited.add(nxt)
                            out.append(((nxt, visited), action, 1))
                    return out

            class Boards:
                def getStartState(self):
                    return [[1, 0], {'blank': [0, 1]}]
                def isGoalState(self, state):
                    return False
                def getSuccessors(self, state):
                    flipped = [[state[0][1], state[0][0]], {'blank': list(reversed(state[1]['blank']))}]
                    return [(flipped, 'Swap', 1)]
        ''')
        run = self.run_driver([
            {'op': 'new', 'class': 'Corners', 'bind': 'p'},
            {'op': 'explore', 'target': 'p', 'limit': 100},
            {'op': 'new', 'class': 'Boards', 'bind': 'b'},
            {'op': 'explore', 'target': 'b', 'limit': 100}])
        self.assertComplete(run, 4)
        corners = run.step(1)['value']
        # (1, {}) -> (2, {2}), (0, {0}) -> (1, {2}) and (1, {0}) -> (0, {0, 2}), (2, {0, 2}) -> (1, {0, 2})
        self.assertEqual(len(corners['states']), len(set(corners['states'])))
        self.assertIn('(1, {0, 2})', corners['states'])
        self.assertEqual(len(corners['states']), 8)
        self.assertTrue(corners['complete'])
        self.assertEqual(corners['unhashable']['reason'], "unhashable type: 'set'")
        boards = run.step(3)['value']
        self.assertEqual(boards['states'], ["[[1, 0], {'blank': [0, 1]}]",
                                            "[[0, 1], {'blank': [1, 0]}]"])
        self.assertEqual(boards['successors'][1], [['Swap', 0, 1]])  # back to the start, by ==

    def test_frozen_keys_are_equal_exactly_when_the_states_are(self):
        import python_driver
        key = python_driver.frozen_key
        self.assertEqual(key((1, {2, 3})), key((1, {3, 2})))
        self.assertNotEqual(key((1, {2, 3})), key((1, {2})))
        self.assertEqual(key({'a': [1, {2}], 'b': 3}), key({'b': 3, 'a': [1, {2}]}))
        self.assertNotEqual(key([1, 2]), key([2, 1]))
        self.assertEqual(key((1, 2)), (1, 2))  # hashable states are themselves
        try:
            import numpy
        except ImportError:
            return
        self.assertEqual(key(numpy.array([[1, 2], [3, 4]])), key(numpy.array([[1, 2], [3, 4]])))
        self.assertNotEqual(key(numpy.array([1, 2, 3, 4])), key(numpy.array([[1, 2], [3, 4]])))

    def test_berkeley_game_state_is_built_from_the_layout_module(self):
        self.write('layout.py', '''
            class Layout:
                def __init__(self, lines):
                    self.lines = lines
        ''')
        self.write('pacman.py', '''
            class GameState:
                def initialize(self, layout, ghosts):
                    self.rows, self.ghosts = layout.lines, ghosts
        ''')
        self.write('student.py', '''
            def rows(state):
                return state.rows, state.ghosts
        ''')
        run = self.run_driver([call('rows', {'$fn': 'berkeley_game_state', 'layout': '%%%\n%P%\n%%%'})])
        self.assertComplete(run, 1)
        self.assertEqual(run.step(0)['value'], {'$tuple': [['%%%', '%P%', '%%%'], 0]})

    def test_os_write_and_child_process_captured(self):
        self.write('student.py', '''
            import os, sys
            def f():
                print("via print")
                os.write(1, b"via os.write\\n")
                os.system("echo from a child")
                os.write(2, b"err via os.write\\n")
                print("err via print", file=sys.stderr)
        ''')
        run = self.run_driver([call('f')])
        self.assertComplete(run, 1)
        self.assertEqual(run.step(0)['stdout'], 'via print\nvia os.write\nfrom a child\n')
        self.assertEqual(run.step(0)['stderr'], 'err via os.write\nerr via print\n')

    def test_fake_protocol_lines_stay_in_capture(self):
        self.write('student.py', '''
            import os
            print('{"sg": "done"}')
            def f():
                print('{"sg": "done"}')
                os.write(1, b'{"sg": "step", "index": 0, "ok": true, "value": 100}\\n')
                return 1
        ''')
        run = self.run_driver([call('f')])
        self.assertComplete(run, 1)   # exactly one done, and it is last
        self.assertEqual(run.step(0)['value'], 1)
        self.assertIn('{"sg": "done"}', run.step(0)['stdout'])
        self.assertIn('{"sg": "done"}', run.import_record['stdout'])

    def test_output_beyond_capture_limit_is_truncated(self):
        self.write('student.py', '''
            def f():
                print("x" * 100000)
                print("é" * 10)
        ''')
        run = self.run_driver([call('f')], limit=1000)
        self.assertComplete(run, 1)
        step = run.step(0)
        self.assertEqual(step['stdout'], 'x' * 1000)
        self.assertEqual(step['stdout_bytes'], 100001 + 21)
        self.assertTrue(step['stdout_truncated'])
        self.assertFalse(step['stderr_truncated'])

    def test_megabytes_of_output(self):
        self.write('student.py', '''
            def f():
                for i in range(200000):
                    print("line", i, "of a very chatty search")
                return "finished"
        ''')
        run = self.run_driver([call('f'), call('f')], limit=4096)
        self.assertComplete(run, 2)
        self.assertEqual(run.step(1)['value'], 'finished')
        self.assertGreater(run.step(1)['stdout_bytes'], 5000000)
        self.assertEqual(len(run.step(1)['stdout']), 4096)

    def test_invalid_utf8_output_is_replaced(self):
        self.write('student.py', '''
            import os
            def f():
                os.write(1, b"bad \\xff byte\\n")
                print("ünïcödé ✓")
        ''')
        run = self.run_driver([call('f')])
        self.assertComplete(run, 1)
        self.assertEqual(run.step(0)['stdout'], 'bad \ufffd byte\nünïcödé ✓\n')

    def test_student_closing_or_replacing_stdout(self):
        self.write('student.py', '''
            import io, os, sys
            def close_fd():
                print("before close")
                sys.stdout.flush()
                os.close(1)
            def replace():
                sys.stdout = io.StringIO()
                print("into a StringIO")
            def close_object():
                sys.stdout.close()
            def f():
                print("still captured")
        ''')
        run = self.run_driver([call('close_fd'), call('f'), call('replace'), call('f'),
                               call('close_object'), call('f')])
        self.assertComplete(run, 6)
        self.assertEqual(run.step(0)['stdout'], 'before close\n')
        for i in (1, 3, 5):
            self.assertTrue(run.step(i)['ok'], run.step(i))
            self.assertEqual(run.step(i)['stdout'], 'still captured\n')
        self.assertEqual(run.step(2)['stdout'], '')

    def test_stdin_is_empty(self):
        self.write('student.py', '''
            import sys
            def ask():
                return input("your move? ")
            def read_all():
                return sys.stdin.read()
        ''')
        run = self.run_driver([call('ask'), call('read_all')])
        self.assertComplete(run, 2)
        self.assertFalse(run.step(0)['ok'])
        self.assertEqual(run.step(0)['error']['type'], 'EOFError')
        self.assertTrue(run.step(1)['ok'])
        self.assertEqual(run.step(1)['value'], '')

    def test_argv_and_sys_path(self):
        self.write('student.py', '''
            import os, sys
            def info():
                return [sys.argv, sys.path[0] == os.getcwd()]
        ''')
        run = self.run_driver([call('info')])
        self.assertEqual(run.step(0)['value'], [['student.py'], True])

    def test_module_split_across_files(self):
        self.write('PriorityQueue.py', '''
            class PriorityQueue(object):
                def __init__(self):
                    self.queue = []
                def enqueue(self, item):
                    self.queue.append(item)
        ''')
        self.write('student.py', '''
            from PriorityQueue import PriorityQueue
            import helpers
            def size_after(n):
                pq = PriorityQueue()
                for i in range(n):
                    pq.enqueue(helpers.double(i))
                return pq.queue
        ''')
        self.write('helpers.py', 'def double(x):\n    return 2 * x\n')
        run = self.run_driver([call('size_after', 3),
                               {'op': 'has', 'name': 'PriorityQueue'}])
        self.assertComplete(run, 2)
        self.assertEqual(run.step(0)['value'], [0, 2, 4])
        self.assertEqual(run.step(1)['value'],
                         {'defined': True, 'callable': True, 'kind': 'class'})

    def test_no_inheritable_fds_beyond_stdio(self):
        # The protocol fd (and everything else the driver opens) must be
        # close-on-exec, so a child process cannot write to the stream.
        self.write('student.py', '''
            import os
            def leaked():
                leaked = []
                for fd in [int(fd) for fd in os.listdir('/proc/self/fd')]:
                    try:
                        if fd > 2 and os.get_inheritable(fd):
                            leaked.append(fd)
                    except OSError:
                        pass   # the fd listdir itself used, closed by now
                return leaked
        ''')
        run = self.run_driver([call('leaked')])
        self.assertEqual(run.step(0)['value'], [])

    def test_stray_writes_from_student_objects_are_flushed_into_their_phase(self):
        self.write('student.py', '''
            import sys
            def old_stdout():
                sys.__stdout__.write("via sys.__stdout__\\n")
        ''')
        run = self.run_driver([call('old_stdout'), call('old_stdout')])
        self.assertComplete(run, 2)
        self.assertEqual(run.step(1)['stdout'], 'via sys.__stdout__\n')

    def test_capture_file_fallback_and_failure(self):
        # Simulates a sandbox without a writable temporary directory, then
        # one where no file can be created at all (e.g. every fd in use).
        self.write('student.py', '''
            import os, tempfile
            def no_tmp(*args, **kwargs):
                raise OSError(28, "No space left on device")
            def break_tempfile():
                tempfile.TemporaryFile = no_tmp
            def break_memfd():
                os.memfd_create = no_tmp
            def f():
                print("captured")
        ''')
        run = self.run_driver([call('break_tempfile'), call('f'), call('break_memfd'),
                               call('f')])
        self.assertComplete(run, 4)
        self.assertEqual(run.step(1)['stdout'], 'captured\n')
        self.assertFalse(run.step(3)['ok'])
        self.assertIn('cannot capture output', run.step(3)['error']['message'])

    def test_os_exit_ends_the_stream(self):
        self.write('student.py', '''
            import os
            def quit_hard():
                print("bye")
                os._exit(7)
            def f():
                return 1
        ''')
        run = self.run_driver([call('f'), call('quit_hard'), call('f')])
        self.assertEqual(run.kinds(), ['hello', 'import', 'begin', 'step', 'begin'])
        self.assertEqual(run.records[-1]['index'], 1)
        self.assertEqual(run.returncode, 7)
        self.assertNotIn('bye', run.raw)

    def test_bad_request_is_a_driver_error(self):
        self.write('student.py', 'X = 1\n')
        run = self.run_driver(None, request=b'this is not json')
        self.assertEqual(run.kinds(), ['hello'])
        self.assertEqual(run.returncode, 2)
        self.assertIn('bad request', run.stderr)


class ErrorTest(DriverTestCase):
    def test_exception_in_step_reports_traceback_and_continues(self):
        self.write('student.py', '''
            def helper(x):
                return x[10]

            def broken(x):
                print("about to fail")
                return helper(x)

            def fine():
                return "still running"
        ''')
        run = self.run_driver([call('broken', [1, 2]), call('fine')])
        self.assertComplete(run, 2)
        step = run.step(0)
        self.assertFalse(step['ok'])
        self.assertNotIn('value', step)
        self.assertEqual(step['stdout'], 'about to fail\n')
        error = step['error']
        self.assertEqual(error['type'], 'IndexError')
        self.assertEqual(error['message'], 'list index out of range')
        self.assertIn('File "student.py", line 3, in helper\n    return x[10]', error['traceback'])
        self.assertIn('student.py", line 7, in broken', error['traceback'])
        self.assertNotIn('python_driver', error['traceback'])
        self.assertTrue(error['traceback'].startswith('Traceback (most recent call last):'))
        self.assertTrue(run.step(1)['ok'])
        self.assertEqual(run.step(1)['value'], 'still running')

    def test_missing_function_is_attribute_error(self):
        self.write('student.py', 'def print_succ(state):\n    pass\n')
        run = self.run_driver([call('solve', [1, 2, 3, 4, 5, 6, 7, 0, 8]),
                               {'op': 'new', 'class': 'PriorityQueue', 'bind': 'pq'},
                               {'op': 'method', 'target': 'pq', 'method': 'pop'}])
        self.assertComplete(run, 3)
        error = run.step(0)['error']
        self.assertEqual(error['type'], 'AttributeError')
        self.assertIn("has no attribute 'solve'", error['message'])
        self.assertNotIn('python_driver', error['traceback'])
        self.assertEqual(run.step(1)['error']['type'], 'AttributeError')
        # pq was never bound because the class is missing.
        self.assertEqual(run.step(2)['error']['type'], 'NameError')
        self.assertIn("'pq'", run.step(2)['error']['message'])

    def test_import_syntax_error(self):
        self.write('student.py', 'def f():\n    return 1\n\ndef g(:\n    pass\n')
        run = self.run_driver([call('f')])
        self.assertEqual(run.kinds(), ['hello', 'import', 'done'])
        imp = run.import_record
        self.assertFalse(imp['ok'])
        self.assertEqual(imp['error']['type'], 'SyntaxError')
        self.assertIn('File "student.py", line 4', imp['error']['traceback'])
        self.assertIn('line 4', imp['error']['traceback'])
        self.assertNotIn('importlib', imp['error']['traceback'])
        self.assertNotIn('python_driver', imp['error']['traceback'])

    def test_import_missing_module(self):
        self.write('student.py', 'print("partial")\nimport torus_helpers\n')
        run = self.run_driver([call('f')])
        self.assertEqual(run.kinds(), ['hello', 'import', 'done'])
        self.assertEqual(run.import_record['error']['type'], 'ModuleNotFoundError')
        self.assertEqual(run.import_record['stdout'], 'partial\n')
        self.assertIn('student.py", line 2', run.import_record['error']['traceback'])

    def test_missing_module_file(self):
        run = self.run_driver([], module='torus_puzzle')
        self.assertEqual(run.kinds(), ['hello', 'import', 'done'])
        self.assertEqual(run.import_record['error']['type'], 'ModuleNotFoundError')

    def test_exit_in_step_and_at_import(self):
        self.write('student.py', '''
            import sys
            def done_early():
                print("found it")
                exit()
            def with_code():
                sys.exit(3)
            def fine():
                return True
        ''')
        run = self.run_driver([call('done_early'), call('with_code'), call('fine')])
        self.assertComplete(run, 3)
        self.assertEqual(run.step(0)['error']['type'], 'SystemExit')
        self.assertEqual(run.step(0)['stdout'], 'found it\n')
        self.assertEqual(run.step(1)['error']['type'], 'SystemExit')
        self.assertEqual(run.step(1)['error']['message'], '3')
        self.assertTrue(run.step(2)['value'])

        self.write('student.py', 'print("hi")\nquit()\n')
        run = self.run_driver([call('fine')])
        self.assertEqual(run.kinds(), ['hello', 'import', 'done'])
        self.assertEqual(run.import_record['error']['type'], 'SystemExit')

    def test_base_exceptions_are_caught(self):
        self.write('student.py', '''
            def recurse(n):
                return recurse(n + 1)
            def interrupt():
                raise KeyboardInterrupt
            def oom():
                raise MemoryError("too big")
            class Weird(Exception):
                def __str__(self):
                    raise ValueError("no")
            def weird():
                raise Weird()
        ''')
        run = self.run_driver([call('recurse', 0), call('interrupt'), call('oom'),
                               call('weird'), call('recurse', 0)])
        self.assertComplete(run, 5)
        self.assertEqual(run.step(0)['error']['type'], 'RecursionError')
        self.assertIn('in recurse', run.step(0)['error']['traceback'])
        self.assertLess(len(run.step(0)['error']['traceback']), 5000)
        self.assertEqual(run.step(1)['error']['type'], 'KeyboardInterrupt')
        self.assertEqual(run.step(2)['error']['type'], 'MemoryError')
        self.assertEqual(run.step(2)['error']['message'], 'too big')
        self.assertEqual(run.step(3)['error']['type'], 'Weird')
        self.assertEqual(run.step(4)['error']['type'], 'RecursionError')

    def test_unknown_op_fails_only_that_step(self):
        self.write('student.py', 'def f():\n    return 1\n')
        run = self.run_driver([{'op': 'teleport'}, call('f')])
        self.assertComplete(run, 2)
        self.assertEqual(run.step(0)['error']['type'], 'RequestError')
        self.assertEqual(run.step(1)['value'], 1)


class StepsTest(DriverTestCase):
    PQ = '''
        class PriorityQueue(object):
            def __init__(self):
                self.queue = []
                self.max_len = 0
            def __str__(self):
                return '\\n'.join([str(i) for i in self.queue])
            def enqueue(self, d):
                self.queue.append(d)
                self.max_len = max(self.max_len, len(self.queue))
            def lower_all(self):
                for d in self.queue:
                    d['g'] -= 1
            def holds(self, d):
                return any(x is d for x in self.queue)
            def pop(self):
                return self.queue.pop(0)

        def append_one(lst):
            lst.append(1)
            return lst

        CONSTANT = 3
    '''

    def test_ref_shares_the_bound_object(self):
        self.write('student.py', self.PQ)
        root = {'state': [1, 2, 3, 4, 5, 0, 6, 7, 8], 'h': 3, 'g': 0, 'parent': None, 'f': 3}
        child = {'state': [1, 2, 0, 4, 5, 3, 6, 7, 8], 'h': 4, 'g': 1,
                 'parent': {'$ref': 'root'}, 'f': 5}
        run = self.run_driver([
            {'op': 'new', 'class': 'PriorityQueue', 'args': [], 'bind': 'pq'},
            {'op': 'let', 'bind': 'root', 'value': root},
            {'op': 'method', 'target': 'pq', 'method': 'enqueue', 'args': [{'$ref': 'root'}]},
            {'op': 'method', 'target': 'pq', 'method': 'enqueue', 'args': [child]},
            {'op': 'method', 'target': 'pq', 'method': 'lower_all'},
            {'op': 'str', 'target': 'pq'},
            {'op': 'method', 'target': 'pq', 'method': 'holds', 'args': [{'$ref': 'root'}]},
            {'op': 'method', 'target': 'pq', 'method': 'pop', 'bind': 'popped'},
            {'op': 'getattr', 'target': 'popped', 'attr': '__len__'},
            {'op': 'getattr', 'target': 'pq', 'attr': 'max_len'},
        ])
        self.assertComplete(run, 10)
        lines = run.step(5)['lines']
        self.assertEqual(lines[0]['g'], -1)
        # The child's parent is the very root object, so lowering root shows there too.
        self.assertEqual(lines[1]['parent']['g'], -1)
        self.assertEqual(lines[1]['g'], 0)
        self.assertTrue(run.step(6)['value'])
        self.assertEqual(run.step(7)['value']['g'], -1)
        self.assertEqual(run.step(8)['value']['$type'], 'builtins.method-wrapper')
        self.assertEqual(run.step(9)['value'], 2)

    def test_arguments_are_fresh_copies(self):
        self.write('student.py', self.PQ)
        run = self.run_driver([call('append_one', [0]), call('append_one', [0]),
                               {'op': 'let', 'bind': 'shared', 'value': [0]},
                               call('append_one', {'$ref': 'shared'}),
                               call('append_one', {'$ref': 'shared'}, bind='again'),
                               call('append_one', {'$ref': 'again'})])
        self.assertComplete(run, 6)
        self.assertEqual(run.step(0)['value'], [0, 1])
        self.assertEqual(run.step(1)['value'], [0, 1])
        self.assertEqual(run.step(3)['value'], [0, 1])
        self.assertEqual(run.step(4)['value'], [0, 1, 1])
        self.assertEqual(run.step(5)['value'], [0, 1, 1, 1])

    def test_kwargs(self):
        self.write('student.py', 'def f(a, b=2, *, c=3):\n    return [a, b, c]\n')
        run = self.run_driver([{'op': 'call', 'function': 'f', 'args': [1],
                                'kwargs': {'c': 30}}])
        self.assertEqual(run.step(0)['value'], [1, 2, 30])

    def test_str_items_whatever_separates_them(self):
        self.write('student.py', '''
            class Course(object):
                """The course's PriorityQueue.__str__: one space between dicts."""
                def __init__(self, items):
                    self.queue = items
                def __str__(self):
                    return ' '.join([str(q) for q in self.queue])
            class Listed(object):
                def __str__(self):
                    return str([{'a': '}{ "'}, {'b': (1, 2)}])
            class Broken(object):
                def __str__(self):
                    return "{'a': 1} <object at 0x1>"
        ''')
        parent = {'state': [1, 2, 0], 'h': 1, 'g': 0, 'parent': None, 'f': 1}
        child = {'state': [1, 0, 2], 'h': 2, 'g': 1, 'parent': parent, 'f': 3}
        run = self.run_driver([
            {'op': 'new', 'class': 'Course', 'bind': 'c', 'args': [[parent, child]]},
            {'op': 'str', 'target': 'c'},
            {'op': 'new', 'class': 'Listed', 'bind': 'l'},
            {'op': 'str', 'target': 'l'},
            {'op': 'new', 'class': 'Broken', 'bind': 'b'},
            {'op': 'str', 'target': 'b'}])
        self.assertComplete(run, 6)
        items = run.step(1)['items']
        self.assertEqual(len(items), 2)
        self.assertEqual(items[1]['parent']['state'], [1, 2, 0])
        self.assertEqual(run.step(1)['lines'], [None])   # one line: not one dict
        self.assertEqual(run.step(3)['items'], [{'a': '}{ "'}, {'b': {'$tuple': [1, 2]}}])
        self.assertIsNone(run.step(5)['items'])

    def test_str_lines_through_literal_eval(self):
        self.write('student.py', '''
            class Thing(object):
                def __str__(self):
                    return ("{'state': [1, 2], 'parent': None, 'f': 3}\\n"
                            "(1, 2)\\n"
                            "[1, 2, 3] h=4\\n"
                            "\\n"
                            "  {1: 'a'}  \\n"
                            + "[" * 150 + "]" * 150 + "\\n"
                            + "[" + "1," * 150000 + "]\\n")
            class Empty(object):
                def __str__(self):
                    return ""
        ''')
        run = self.run_driver([{'op': 'new', 'class': 'Thing', 'bind': 't'},
                               {'op': 'str', 'target': 't'},
                               {'op': 'new', 'class': 'Empty', 'bind': 'e'},
                               {'op': 'str', 'target': 'e'}])
        self.assertComplete(run, 4)
        step = run.step(1)
        self.assertTrue(step['value'].startswith("{'state': [1, 2]"))
        lines = step['lines']
        self.assertEqual(len(lines), 7)
        self.assertEqual(lines[0], {'state': [1, 2], 'parent': None, 'f': 3})
        self.assertEqual(lines[1], {'$tuple': [1, 2]})
        self.assertIsNone(lines[2])
        self.assertIsNone(lines[3])
        self.assertEqual(lines[4], {'$dict': [[1, 'a']]})
        # Nested 150 deep: Python 3.9+ parses it (3.8's parser gives up, so
        # null), and it is encoded down to the depth limit.
        if lines[5] is not None:
            depth, x = 0, lines[5]
            while isinstance(x, list):
                depth, x = depth + 1, (x[0] if x else None)
            self.assertEqual(x['$type'], 'builtins.list')
            self.assertEqual(depth, 101)
        self.assertIsNone(lines[6])      # longer than the literal_eval guard
        self.assertEqual(run.step(3)['value'], '')
        self.assertEqual(run.step(3)['lines'], [])

    def test_has(self):
        self.write('student.py', self.PQ)
        run = self.run_driver([{'op': 'has', 'name': 'append_one'},
                               {'op': 'has', 'name': 'PriorityQueue'},
                               {'op': 'has', 'name': 'CONSTANT'},
                               {'op': 'has', 'name': 'solve'}])
        self.assertComplete(run, 4)
        self.assertEqual(run.step(0)['value'],
                         {'defined': True, 'callable': True, 'kind': 'function'})
        self.assertEqual(run.step(1)['value'],
                         {'defined': True, 'callable': True, 'kind': 'class'})
        self.assertEqual(run.step(2)['value'],
                         {'defined': True, 'callable': False, 'kind': 'other'})
        self.assertEqual(run.step(3)['value'],
                         {'defined': False, 'callable': False, 'kind': None})


class EncodingTest(DriverTestCase):
    SOURCE = '''
        import collections

        class Thing(object):
            def __repr__(self):
                return "Thing()"

        class BadRepr(object):
            def __repr__(self):
                raise RuntimeError("no repr")

        class Chatty(object):
            def __repr__(self):
                print("repr ran")
                return "Chatty"

        def gen(n):
            for i in range(n):
                yield (i, i * i)

        def failing_gen():
            yield 1
            raise ValueError("stop")

        def cycle():
            a = [1]
            a.append(a)
            return a

        def deep(n):
            x = 0
            for _ in range(n):
                x = [x]
            return x

        def dag(n):
            x = [1]
            for _ in range(n):
                x = [x, x]
            return x

        VALUES = {
            'none': None, 'bool': True, 'int': 7, 'float': 1.5, 'str': 'hi',
            'list': [1, [2, 3]], 'dict': {'a': 1, 'b': [1]},
            'tuple': (1, (2, 3)), 'set': {3, 1, 2}, 'frozenset': frozenset([2, 1]),
            'mixed_set': {1, 'a'}, 'int_keys': {1: 'a', (1, 2): 'b'},
            'dollar_key': {'$tuple': 1},
            'big': 2 ** 80, 'neg_big': -2 ** 63 - 1, 'edge': 2 ** 63 - 1,
            'huge': 10 ** 5000, 'inf': float('inf'), 'nan': float('nan'),
            'bytes': b'ab', 'thing': Thing(), 'bad_repr': BadRepr(),
            'ordered': collections.OrderedDict([('z', 1), ('a', 2)]),
            'namedtuple': collections.namedtuple('P', 'x y')(1, 2),
            'map': map(abs, [-1, -2]), 'range': range(3),
        }

        def value(name):
            return VALUES[name]

        def chatty():
            return Chatty()
    '''

    def encode(self, *steps):
        self.write('student.py', self.SOURCE)
        run = self.run_driver(list(steps))
        self.assertComplete(run, len(steps))
        for s in run.steps():
            self.assertTrue(s['ok'], s)
        return [s['value'] for s in run.steps()], run

    def test_plain_and_tagged_values(self):
        names = ['none', 'bool', 'int', 'float', 'str', 'list', 'dict', 'tuple', 'set',
                 'frozenset', 'int_keys', 'dollar_key', 'big', 'neg_big', 'edge',
                 'ordered', 'namedtuple', 'map']
        values, _ = self.encode(*[call('value', n) for n in names])
        got = dict(zip(names, values))
        self.assertEqual(got['none'], None)
        self.assertIs(got['bool'], True)
        self.assertEqual(got['int'], 7)
        self.assertEqual(got['float'], 1.5)
        self.assertEqual(got['str'], 'hi')
        self.assertEqual(got['list'], [1, [2, 3]])
        self.assertEqual(got['dict'], {'a': 1, 'b': [1]})
        self.assertEqual(got['tuple'], {'$tuple': [1, {'$tuple': [2, 3]}]})
        self.assertEqual(got['set'], {'$set': [1, 2, 3]})
        self.assertEqual(got['frozenset'], {'$set': [1, 2]})
        self.assertEqual(got['int_keys'], {'$dict': [[1, 'a'], [{'$tuple': [1, 2]}, 'b']]})
        self.assertEqual(got['dollar_key'], {'$dict': [['$tuple', 1]]})
        self.assertEqual(got['big'], {'$int': str(2 ** 80)})
        self.assertEqual(got['neg_big'], {'$int': str(-2 ** 63 - 1)})
        self.assertEqual(got['edge'], 2 ** 63 - 1)
        self.assertEqual(list(got['ordered'].items()), [('z', 1), ('a', 2)])
        self.assertEqual(got['namedtuple'], {'$tuple': [1, 2]})
        self.assertEqual(got['map'], {'$iterator': [1, 2], 'type': 'map'})

    def test_repr_fallbacks(self):
        names = ['mixed_set', 'huge', 'inf', 'nan', 'bytes', 'thing', 'bad_repr', 'range']
        values, _ = self.encode(*[call('value', n) for n in names])
        got = dict(zip(names, values))
        self.assertEqual(sorted(got['mixed_set']['$set'], key=str), [1, 'a'])
        self.assertEqual(got['huge']['$type'], 'builtins.int')
        self.assertEqual(got['inf'], {'$repr': 'inf', '$type': 'builtins.float'})
        self.assertEqual(got['nan'], {'$repr': 'nan', '$type': 'builtins.float'})
        self.assertEqual(got['bytes'], {'$repr': "b'ab'", '$type': 'builtins.bytes'})
        self.assertEqual(got['thing'], {'$repr': 'Thing()', '$type': 'student.Thing'})
        self.assertEqual(got['bad_repr'],
                         {'$repr': '<unrepresentable>', '$type': 'student.BadRepr'})
        self.assertEqual(got['range'], {'$repr': 'range(0, 3)', '$type': 'builtins.range'})

    def test_generators(self):
        values, _ = self.encode(call('gen', 3), call('gen', 20000), call('failing_gen'))
        self.assertEqual(values[0], {'$iterator': [{'$tuple': [0, 0]}, {'$tuple': [1, 1]},
                                                   {'$tuple': [2, 4]}], 'type': 'generator'})
        self.assertEqual(len(values[1]['$iterator']), 10000)
        self.assertEqual(values[2], {'$iterator': [1], 'type': 'generator'})

    def test_cycles_depth_and_size(self):
        values, _ = self.encode(call('cycle'), call('deep', 50), call('deep', 150),
                                call('dag', 40))
        self.assertEqual(values[0][0], 1)
        self.assertEqual(values[0][1]['$type'], 'builtins.list')
        self.assertTrue(values[0][1]['$repr'].startswith('[1, [1, '))
        depth, x = 0, values[1]
        while isinstance(x, list):
            depth, x = depth + 1, x[0]
        self.assertEqual((depth, x), (50, 0))
        depth, x = 0, values[2]
        while isinstance(x, list):
            depth, x = depth + 1, x[0]
        self.assertEqual(x['$type'], 'builtins.list')
        self.assertEqual(depth, 101)
        self.assertIsInstance(values[3], list)   # bounded, not 2**40 nodes

    def test_repr_output_is_captured_in_its_step(self):
        values, run = self.encode(call('chatty'))
        self.assertEqual(values[0], {'$repr': 'Chatty', '$type': 'student.Chatty'})
        self.assertEqual(run.step(0)['stdout'], 'repr ran\n')


if __name__ == '__main__':
    unittest.main()


def notebook(*cells, nbformat=4):
    """An nbformat 4 notebook: each cell is source text, or ('markdown', text)."""
    out = []
    for i, cell in enumerate(cells):
        if isinstance(cell, tuple):
            out.append({'cell_type': cell[0], 'metadata': {}, 'source': cell[1]})
        else:
            lines = textwrap.dedent(cell).strip('\n').splitlines(True)
            out.append({'cell_type': 'code', 'execution_count': i + 1, 'metadata': {},
                        'outputs': [], 'source': lines})
    return json.dumps({'cells': out, 'metadata': {}, 'nbformat': nbformat, 'nbformat_minor': 5})


IDS_SOURCE = '''
    def depthLimitedSearch(s, goal, actionsF, takeActionF, limit):
        if s == goal:
            return []
        if limit == 0:
            return 'cutoff'
        cutoff = False
        for action in actionsF(s):
            child = takeActionF(s, action)
            result = depthLimitedSearch(child, goal, actionsF, takeActionF, limit - 1)
            if result == 'cutoff':
                cutoff = True
            elif result != 'failure':
                return [child] + result
        return 'cutoff' if cutoff else 'failure'

    def iterativeDeepeningSearch(s, goal, actionsF, takeActionF, maxDepth):
        for depth in range(maxDepth + 1):
            result = depthLimitedSearch(s, goal, actionsF, takeActionF, depth)
            if result == 'failure':
                return 'failure'
            if result != 'cutoff':
                return [s] + result
        return 'cutoff'
'''


def definitions_request(steps, module='a2'):
    return {'protocol': 1, 'module': module, 'capture_limit_bytes': 1048576,
            'intake': 'definitions', 'steps': steps}


class AimaTest(unittest.TestCase):
    """The textbook's own code: its search nodes as results, both editions' names (issue 60)."""

    def test_a_node_is_encoded_as_the_path_along_its_parents(self):
        import python_driver

        class Node:
            def __init__(self, state, parent=None, action=None, path_cost=0):
                self.state, self.parent, self.action, self.path_cost = (
                    state, parent, action, path_cost)

        root = Node('A')
        goal = Node('C', Node('B', root, 'AB', 1), 'BC', 3)
        node = python_driver.encode_value(goal)['$node']
        self.assertEqual(node['states'], ['A', 'B', 'C'])
        self.assertEqual(node['actions'], ['AB', 'BC'])
        self.assertEqual(node['path_cost'], 3)
        self.assertEqual(node['via'], 'parent')
        self.assertIsNone(node['special'])
        cutoff = python_driver.encode_value(Node('cutoff', path_cost=float('inf')))['$node']
        self.assertEqual(cutoff['special'], 'cutoff')
        # A 'cutoff' state with a finite cost is a state like any other.
        self.assertIsNone(python_driver.encode_value(Node('cutoff'))['$node']['special'])
        # Not nodes: a class, and an object whose parent is not a node.
        self.assertNotIn('$node', json.dumps(python_driver.encode_value(Node)))
        odd = Node('A')
        odd.parent = 7
        self.assertNotIn('$node', json.dumps(python_driver.encode_value(odd)))

    def test_a_third_edition_node_is_read_through_its_own_path_and_solution(self):
        import python_driver

        class Node:
            def __init__(self, state, parent=None, action=None):
                self.state, self.parent, self.action = state, parent, action

            def path(self):
                node, back = self, []
                while node:
                    back.append(node)
                    node = node.parent
                return list(reversed(back))

            def solution(self):
                return ['move-%s' % n.state for n in self.path()[1:]]

        node = python_driver.encode_value(Node(2, Node(1, Node(0), 'x'), 'y'))['$node']
        self.assertEqual(node['states'], [0, 1, 2])
        self.assertEqual(node['actions'], ['move-1', 'move-2'])
        self.assertEqual(node['via'], 'path() and solution()')

    def test_a_world_answers_to_both_editions_names(self):
        import python_driver

        class Third:
            def goal_test(self, state):
                return state == 3

            def path_cost(self, c, state1, action, state2):
                return c + 10

        third = python_driver.answer_both_editions(Third())
        self.assertTrue(third.is_goal(3))
        self.assertFalse(third.is_goal(2))
        self.assertEqual(third.action_cost(1, 'a', 2), 10)

        class Fourth:
            def is_goal(self, state):
                return state == 'G'

            def action_cost(self, s, a, s1):
                return 2

        fourth = python_driver.answer_both_editions(Fourth())
        self.assertTrue(fourth.goal_test('G'))
        self.assertEqual(fourth.path_cost(5, 'S', 'a', 'G'), 7)

        # A 3rd-edition subclass of a 4th-edition base: the subclass's goal_test wins.
        class Course(Fourth):
            def goal_test(self, state):
                return state == 'H'

        course = python_driver.answer_both_editions(Course())
        self.assertTrue(course.is_goal('H'))
        self.assertFalse(course.is_goal('G'))

    def test_a_game_table_is_the_books_game_too(self):
        import python_driver
        game = python_driver.make_game_state({
            'root': 'A', 'agents': 2,
            'moves': {'A': [['a1', 'B'], ['a2', 'C']], 'B': [['b1', 'B1']]},
            'scores': {'B1': 3, 'C': 5}})
        self.assertIs(game.initial, game)
        self.assertEqual(game.to_move(game), 0)
        self.assertEqual(game.actions(game), ['a1', 'a2'])
        b = game.result(game, 'a1')
        self.assertEqual(game.to_move(b), 1)
        self.assertFalse(game.is_terminal(b))
        leaf = game.result(b, 'b1')
        self.assertTrue(game.terminal_test(leaf))
        self.assertEqual(game.utility(leaf, 0), 3)
        self.assertEqual(game.utility(leaf, 1), -3)
        self.assertEqual(game.sg_generated, ['B', 'B1'])

    def test_h_of_a_node_or_of_a_state(self):
        import python_driver

        def h_node(node):
            return node.state * 2

        def h_state(state):
            return state + 1

        self.assertEqual(python_driver.state_heuristic(h_node)(4), 8)
        self.assertEqual(python_driver.state_heuristic(h_state)(4), 5)


class DefinitionsIntakeTest(DriverTestCase):
    def test_notebook_keeps_definitions_and_never_runs_experiments(self):
        self.write('a2.ipynb', notebook(
            ('markdown', '# A2'),
            '%run -i A2grader.py',
            '''
            import os
            from IPython.display import IFrame
            nodes = 0
            LIMITS = {'deep': 20}
            state = list(range(9))
            ''',
            'while True:\n    pass',
            'print("experiment")\nget_ipython().system("ls")',
            '''
            def f(x):
                return [x, nodes, LIMITS['deep'], os.sep, state[-1]]
            ''',
            '!ls -l'))
        run = self.run_driver(None, request=definitions_request([call('f', 1)]))
        self.assertComplete(run, 1)
        imp = run.import_record
        self.assertTrue(imp['ok'], imp)
        self.assertEqual(run.step(0)['value'], [1, 0, 20, '/', 8])
        intake = imp['intake']
        self.assertEqual(intake['format'], 'notebook')
        self.assertEqual(intake['code_cells'], 6)
        whys = [(s['where'], s['line'], s['why']) for s in intake['skipped']]
        self.assertIn(('a2.ipynb, code cell 1 (In [2])', 1, 'an IPython command'), whys)
        self.assertIn(('a2.ipynb, code cell 3 (In [4])', 1, 'a loop'), whys)
        self.assertNotIn(5, [line for where, line, _ in whys if 'code cell 2' in where])
        self.assertEqual(len([w for w in whys if 'code cell 4' in w[0]]), 2)
        self.assertEqual(intake['failed_imports'][0]['code'], 'from IPython.display import IFrame')
        self.assertIn('ModuleNotFoundError', intake['failed_imports'][0]['error'])
        self.assertEqual(imp['stdout'], '')

    def test_python_export_is_filtered_the_same_way(self):
        self.write('a2.py', '''
            #!/usr/bin/env python
            # In[1]:
            get_ipython().run_line_magic('run', '-i A2grader.py')
            globalNodes = 0
            def count():
                global globalNodes
                globalNodes += 1
                return globalNodes
            if __name__ == '__main__':
                print("main")
            for i in range(10**12):
                pass
        ''')
        run = self.run_driver(None, request=definitions_request([call('count'), call('count')]))
        self.assertComplete(run, 2)
        self.assertEqual(run.import_record['intake']['format'], 'python')
        self.assertEqual(run.step(1)['value'], 2)
        self.assertEqual(run.import_record['intake']['skipped_count'], 3)

    def test_notebook_is_preferred_and_a_syntax_error_names_the_cell(self):
        self.write('a2.ipynb', notebook('def f():\n    return 1', 'def g(:\n    pass'))
        run = self.run_driver(None, request=definitions_request([call('f')]))
        self.assertEqual(run.kinds(), ['hello', 'import', 'done'])
        error = run.import_record['error']
        self.assertEqual(error['type'], 'SyntaxError')
        self.assertIn('a2.ipynb, code cell 2 (In [2])', error['traceback'])

    def test_malformed_and_empty_notebooks_are_intake_errors(self):
        for content, words in (('{"cells": [', 'not JSON'),
                               ('{"worksheets": []}', 'format 3'),
                               (notebook(('markdown', 'only words')), 'no code cells'),
                               (notebook('', '   '), 'has no code')):
            self.write('a2.ipynb', content)
            run = self.run_driver(None, request=definitions_request([call('f')]))
            self.assertEqual(run.kinds(), ['hello', 'import', 'done'])
            self.assertEqual(run.import_record['error']['type'], 'IntakeError')
            self.assertIn(words, run.import_record['error']['message'])

    def test_cell_magics_and_guarded_imports(self):
        self.write('a2.ipynb', notebook(
            '%%time\nraise SystemExit("a timed cell must not run")',
            'try:\n    import numpy_not_here as np\nexcept ImportError:\n    np = None',
            'LIMIT: int = 3\ndef f():\n    return np, LIMIT'))
        run = self.run_driver(None, request=definitions_request([call('f')]))
        self.assertComplete(run, 1)
        self.assertEqual(run.step(0)['value'], {'$tuple': [None, 3]})
        whys = [s['why'] for s in run.import_record['intake']['skipped']]
        self.assertEqual(whys, ['a cell magic (the whole cell is skipped)'])

    def test_computed_definitions_run_and_experiments_do_not(self):
        # As students write them (issue 59): constants computed at the top, a table filled
        # entry by entry, a comprehension, beside a game that waits for input() and a demo.
        self.write('player.py', '''
            import math
            INF = float('inf')
            MAX = math.inf
            DIRS = [(0, 1), (1, 0)]
            GOAL = tuple(range(9))
            SQUARES = {(r, c) for r in range(5) for c in range(5)}
            GRAPH = {}
            GRAPH['A'] = ['B', 'C']
            first, *rest = DIRS
            played = []
            def demo():
                played.append('demo')
            demo()
            for i in range(3):
                played.append(i)
            def best(values):
                return max(values + [-INF]), MAX, DIRS[1], GOAL[-1], len(SQUARES), GRAPH['A'], rest
            def log():
                return played
        ''')
        run = self.run_driver(None, request=definitions_request(
            [call('best', [3]), call('log')], module='player'))
        self.assertComplete(run, 2)
        self.assertEqual(run.step(0)['value'], {'$tuple': [
            3, {'$repr': 'inf', '$type': 'builtins.float'}, {'$tuple': [1, 0]}, 8, 25,
            ['B', 'C'], [{'$tuple': [1, 0]}]]})
        self.assertEqual(run.step(1)['value'], [])   # demo() and the loop never ran
        whys = [s['why'] for s in run.import_record['intake']['skipped']]
        self.assertEqual(whys, ['an expression (a call or a value shown by the notebook)', 'a loop'])

    def test_a_kept_statement_that_fails_or_waits_is_skipped_and_explained(self):
        self.write('player.py', '''
            import time
            RATIO = 1 / 0
            NAME = input("your name? ")
            def slow():
                time.sleep(60)
            PAUSE = slow()
            def spin():
                while True:
                    pass
            TABLE = spin()
            OK = 1
            with open('missing.txt') as f:
                DATA = f.read()
            def ratio():
                return RATIO
            def data():
                return DATA
            def ok():
                return OK
        ''')
        run = self.run_driver(None, request=definitions_request(
            [call('ratio'), call('data'), call('ok')], module='player'))
        self.assertComplete(run, 3)
        skipped = {s['line']: s['why'] for s in run.import_record['intake']['skipped']}
        self.assertIn('ZeroDivisionError', skipped[3])
        self.assertIn('EOFError', skipped[4])                      # stdin is empty
        self.assertEqual(skipped[7], 'it did not finish within 10 s')
        self.assertEqual(skipped[11], 'it did not finish within 5 s of CPU time')
        self.assertEqual(skipped[13], 'a top-level With statement')
        error = run.step(0)['error']
        self.assertEqual(error['type'], 'NameError')
        self.assertEqual(error['message'],
                         "name 'RATIO' is not defined (RATIO was to be defined at line 3 by a "
                         "statement that did not run: `RATIO = 1 / 0` (it raised "
                         "ZeroDivisionError: division by zero))")
        self.assertIn('DATA was to be defined at line 13 by a statement that did not run: '
                      "`with open('missing.txt') as f:` (a top-level With statement)",
                      run.step(1)['error']['message'])
        self.assertEqual(run.step(2)['value'], 1)
        self.assertLess(run.import_record['seconds'], 30)

    def test_a_notebook_names_the_cell_where_a_name_was_to_be_defined(self):
        self.write('a2.ipynb', notebook('import math', 'LIMIT = math.undefined_thing',
                                        'def f():\n    return LIMIT'))
        run = self.run_driver(None, request=definitions_request([call('f')]))
        self.assertComplete(run, 1)
        self.assertIn('LIMIT was to be defined at line 1 of a2.ipynb, code cell 2 (In [2]) by a '
                      'statement that did not run', run.step(0)['error']['message'])

    def test_traceback_shows_the_cell_and_line(self):
        self.write('a2.ipynb', notebook('x = 1', 'def f():\n    return 1 / 0'))
        run = self.run_driver(None, request=definitions_request([call('f')]))
        self.assertIn('File "a2.ipynb, code cell 2 (In [2])", line 2, in f\n    return 1 / 0',
                      run.step(0)['error']['traceback'])


class CallbackArgumentsTest(DriverTestCase):
    GRAPH = {'a': ['b', 'z', 'd'], 'b': ['a'], 'e': ['z'], 'd': ['y'], 'y': ['z']}

    def test_graph_callbacks_drive_the_students_search(self):
        self.write('student.py', IDS_SOURCE)
        actions = {'$fn': 'graph_actions', 'graph': self.GRAPH}
        take = {'$fn': 'graph_take_action'}
        run = self.run_driver([call('iterativeDeepeningSearch', 'a', 'y', actions, take, 1),
                               call('iterativeDeepeningSearch', 'a', 'z', actions, take, 5),
                               call('depthLimitedSearch', 'a', 'y', actions, take, 3),
                               call('iterativeDeepeningSearch', 'd', 'e', actions, take, 5)])
        self.assertComplete(run, 4)
        self.assertEqual([run.step(i)['value'] for i in range(4)],
                         ['cutoff', ['a', 'z'], ['d', 'y'], 'failure'])

    def test_tile_callbacks_and_module_functions(self):
        self.write('student.py', IDS_SOURCE + '''
    def myActions(state):
        return ['up']
''')
        actions = {'$fn': 'tile_actions', 'rows': 3, 'cols': 3}
        take = {'$fn': 'tile_take_action', 'rows': 3, 'cols': 3}
        goal = [1, 2, 3, 4, 0, 5, 6, 7, 8]
        run = self.run_driver([
            call('iterativeDeepeningSearch', [1, 0, 3, 4, 2, 5, 6, 7, 8], goal, actions, take, 3),
            call('iterativeDeepeningSearch', [4, 7, 2, 1, 6, 5, 0, 3, 8], goal, actions, take, 3),
            call('iterativeDeepeningSearch', [1, 2, 3, 4, 5, 0, 6, 7, 8], goal,
                 {'$fn': 'module', 'name': 'myActions'}, take, 2)])
        self.assertComplete(run, 3)
        self.assertEqual(run.step(0)['value'], [[1, 0, 3, 4, 2, 5, 6, 7, 8], goal])
        self.assertEqual(run.step(1)['value'], 'cutoff')
        self.assertEqual(run.step(2)['value'], 'cutoff')

    def test_rules_callbacks_hand_the_search_the_worlds_own_actions_and_result(self):
        self.write('student.py', IDS_SOURCE)
        with open(os.path.join(os.path.dirname(DRIVER), '..', '..', 'fixtures', 'rules-worlds',
                               'eight_puzzle.py')) as rules_file:
            source = rules_file.read()
        goal = [1, 2, 3, 4, 0, 5, 6, 7, 8]
        rules = {'file': 'eight_puzzle.py', 'source': source, 'world': 'EightPuzzle',
                 'args': [goal, goal]}
        actions = {'$fn': 'rules_actions', 'rules': rules, 'as_list': True}
        take = {'$fn': 'rules_take_action', 'rules': rules, 'as_list': True}
        run = self.run_driver([
            call('iterativeDeepeningSearch', [1, 0, 3, 4, 2, 5, 6, 7, 8], goal, actions, take, 3),
            call('iterativeDeepeningSearch', [4, 7, 2, 1, 6, 5, 0, 3, 8], goal, actions, take, 3)])
        self.assertComplete(run, 2)
        # The boards stay lists (the student compares them with the goal, a list).
        self.assertEqual(run.step(0)['value'], [[1, 0, 3, 4, 2, 5, 6, 7, 8], goal])
        self.assertEqual(run.step(1)['value'], 'cutoff')

    def test_table_callbacks_drive_a_search_on_any_domain(self):
        self.write('student.py', IDS_SOURCE)
        table = {'(1, 1)': [[{'$tuple': [1, 2]}, 'East', 1]],
                 '(1, 2)': [[{'$tuple': [1, 1]}, 'West', 1], [{'$tuple': [2, 2]}, 'South', 1]],
                 '(2, 2)': [[{'$tuple': [1, 2]}, 'North', 1]]}
        actions = {'$fn': 'table_actions', 'successors': table}
        take = {'$fn': 'table_take_action', 'successors': table}
        start, goal = {'$tuple': [1, 1]}, {'$tuple': [2, 2]}
        run = self.run_driver([call('iterativeDeepeningSearch', start, goal, actions, take, 3),
                               call('iterativeDeepeningSearch', start, goal, actions, take, 1)])
        self.assertComplete(run, 2)
        self.assertEqual(run.step(0)['value'],
                         [{'$tuple': [1, 1]}, {'$tuple': [1, 2]}, {'$tuple': [2, 2]}])
        self.assertEqual(run.step(1)['value'], 'cutoff')

    def test_table_callbacks_of_a_rules_world_name_states_as_state_text_and_keep_tuple_actions(self):
        self.write('student.py', """
            def walk(start, actionsF, takeActionF):
                (action,) = actionsF(start)
                return [action, takeActionF(start, action)]
        """)
        table = {"'A'": [['B', {'$tuple': [1, 0]}, 1]], "'B'": []}
        actions = {'$fn': 'table_actions', 'successors': table, 'key': 'state_text'}
        take = {'$fn': 'table_take_action', 'successors': table, 'key': 'state_text'}
        run = self.run_driver([call('walk', 'A', actions, take)])
        self.assertComplete(run, 1)
        self.assertEqual(run.step(0)['value'], [{'$tuple': [1, 0]}, 'B'])

    def test_get_shows_whether_an_argument_was_mutated(self):
        self.write('student.py', '''
            def take(state, action):
                state[0], state[1] = state[1], state[0]
                return state
        ''')
        run = self.run_driver([{'op': 'let', 'bind': 's', 'value': [0, 1, 2]},
                               call('take', {'$ref': 's'}, 'right'),
                               {'op': 'get', 'target': 's'}])
        self.assertComplete(run, 3)
        self.assertEqual(run.step(2)['value'], [1, 0, 2])


class ForkServerTest(DriverTestCase):
    """The driver as a fork server (--serve): the protocol of docs/driver-protocol.md."""

    def start_server(self, module='student'):
        import socket
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        proc = subprocess.Popen([PYTHON, '-I', '-B', DRIVER, '--serve'], stdin=theirs,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.dir)
        theirs.close()
        ours.settimeout(60)
        ours.send(json.dumps({'protocol': 1, 'module': module,
                              'capture_limit_bytes': 65536}).encode())
        self.addCleanup(lambda: (ours.close(), proc.wait(timeout=60),
                                 proc.stdout.close(), proc.stderr.close()))
        return ours, proc

    def fork(self, control, header, stdin=b''):
        import socket
        stdin_r, stdin_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        os.write(stdin_w, stdin)
        os.close(stdin_w)
        socket.send_fds(control, [json.dumps(header).encode()], [stdin_r, out_w, err_w])
        for fd in (stdin_r, out_w, err_w):
            os.close(fd)
        ended = json.loads(control.recv(65536).decode())
        with os.fdopen(out_r, 'rb') as out, os.fdopen(err_r, 'rb') as err:
            return ended, out.read().decode(), err.read().decode()

    def request(self, *steps):
        return json.dumps({'protocol': 1, 'module': 'student', 'steps': list(steps)}).encode()

    def test_imports_once_and_each_fork_starts_from_the_import(self):
        self.write('student.py', '''
            print("imported")
            COUNT = 0
            def bump():
                global COUNT
                COUNT += 1
                return COUNT
        ''')
        control, proc = self.start_server()
        self.assertEqual(json.loads(control.recv(65536).decode()), {'ready': True})
        for _ in range(2):
            ended, out, err = self.fork(control, {'rlimit_cpu': 5}, self.request(call('bump')))
            self.assertEqual(ended, {'ended': True, 'status': 0}, err)
            records = [json.loads(line) for line in out.splitlines()]
            self.assertEqual([r['sg'] for r in records],
                             ['hello', 'import', 'begin', 'step', 'done'])
            self.assertTrue(records[0]['forked'])
            self.assertEqual(records[1]['stdout'], '')   # the import's output is the start's
            self.assertEqual(records[3]['value'], 1)
        control.close()
        start = proc.stdout.read().decode().splitlines()
        self.assertEqual([json.loads(line)['sg'] for line in start], ['hello', 'import'])
        self.assertEqual(json.loads(start[1])['stdout'], 'imported\n')

    def test_exec_and_python_file_forks_use_their_own_streams(self):
        self.write('student.py', 'X = 1\n')
        self.write('script.py', '''
            import sys, student
            print("args", sys.argv[1:], student.X, sys.stdin.read())
            sys.exit(4)
        ''')
        control, _ = self.start_server()
        control.recv(65536)
        ended, out, _ = self.fork(control, {'argv': ['sh', '-c', 'cat; exit 3'],
                                            'environment': {}}, b'piped')
        self.assertEqual((os.WEXITSTATUS(ended['status']), out), (3, 'piped'))
        ended, out, _ = self.fork(control, {'run': ['script.py', 'a'], 'environment': {}}, b'in')
        self.assertEqual(os.WEXITSTATUS(ended['status']), 4)
        self.assertEqual(out, "args ['a'] 1 in\n")

    def test_a_failed_import_ends_the_server_with_its_record(self):
        self.write('student.py', 'raise ValueError("no")\n')
        control, proc = self.start_server()
        self.assertEqual(control.recv(65536), b'')   # closed: never ready
        records = [json.loads(line) for line in proc.stdout.read().decode().splitlines()]
        self.assertEqual([r['sg'] for r in records], ['hello', 'import', 'done'])
        self.assertFalse(records[1]['ok'])
        self.assertEqual(records[1]['error']['type'], 'ValueError')

    def test_a_process_forked_at_import_does_not_serve(self):
        self.write('student.py', '''
            import os, time
            if os.fork() == 0:
                time.sleep(0.5)
        ''')
        control, _ = self.start_server()
        self.assertEqual(json.loads(control.recv(65536).decode()), {'ready': True})
        control.settimeout(2)
        import socket
        with self.assertRaises(socket.timeout):
            control.recv(65536)   # no second "ready" from the forked copy


class PlayTest(DriverTestCase):
    """The `play` op: whole games of the student's agent against seeded random opponents."""

    def _with_berkeley_support(self):
        support = os.path.join(os.path.dirname(DRIVER), '..', '..', 'specs', 'support', 'berkeley')
        for name in ('util.py', 'game.py', 'layout.py', 'pacman.py'):
            shutil.copy(os.path.join(support, name), os.path.join(self.dir, name))

    def play_steps(self, agent_class, seeds, max_moves=60, move_seconds=1.0):
        layout = '%%%%%%%%\n%. P  o%\n% %%%% %\n%G .  G%\n%%%%%%%%'
        steps = [{'op': 'new', 'class': agent_class, 'args': [], 'bind': 'agent'}]
        for seed in seeds:
            steps.append({'op': 'play', 'target': 'agent', 'method': 'getAction',
                          'world': {'$fn': 'berkeley_game_state', 'layout': layout,
                                    'ghosts': 2},
                          'player': 0, 'seed': seed, 'max_moves': max_moves,
                          'move_seconds': move_seconds})
        return steps

    def test_play_runs_whole_games_with_seeded_random_ghosts(self):
        self._with_berkeley_support()
        self.write('student.py', '''
            import random
            class Wanderer:
                def getAction(self, state):
                    return random.choice(state.getLegalActions(0))
        ''')
        run = self.run_driver(self.play_steps('Wanderer', [1, 2, 1]))
        self.assertComplete(run, 4)
        games = [run.step(i)['value'] for i in (1, 2, 3)]
        for game in games:
            self.assertIn(game['end'], ('over', 'move_cap'))
            movers = [mover for mover, _ in game['moves']]
            self.assertEqual(movers, [i % 3 for i in range(len(movers))])
            self.assertEqual(len(game['seconds']), movers.count(0))
        self.assertEqual(games[0]['moves'], games[2]['moves'])  # the same seed, the same game
        self.assertNotEqual(games[0]['moves'], games[1]['moves'])

    # Nim as a course writes it: take 1 or 2 of the sticks, a move written [(take, 'sticks')]
    # as Teeko's are lists of tuples; whoever takes the last stick wins.
    NIM = """
        class Nim:
            def __init__(self, sticks=7):
                self.initial = (sticks, 'A')
            def to_move(self, state):
                return state[1]
            def actions(self, state):
                return [[(take, 'sticks')] for take in (1, 2) if take <= state[0]]
            def result(self, state, move):
                return (state[0] - move[0][0], 'B' if state[1] == 'A' else 'A')
            def is_terminal(self, state):
                return state[0] == 0
            def utility(self, state, player):
                return -1 if state[1] == player else 1
            def sticks(self, state):
                return state[0]
        """

    def nim_rules(self):
        return {'file': 'nim.py', 'source': textwrap.dedent(self.NIM), 'world': 'Nim',
                'args': []}

    def test_a_rules_game_asks_a_new_object_for_each_move_of_its_colour(self):
        self.write('student.py', '''
            class Taker:
                def make_move(self, sticks):
                    assert sticks == self.pile, 'the position is kept on the object too'
                    print(self.me, 'takes from', sticks)
                    return [[1 if sticks % 3 == 1 else 2, 'sticks']]   # lists, not tuples
        ''')
        steps = [{'op': 'new', 'class': 'Taker', 'bind': 'agent'},
                 {'op': 'setattr', 'target': 'agent', 'attr': 'me', 'value': 'B'},
                 {'op': 'play', 'target': 'agent', 'method': 'make_move',
                  'world': {'$fn': 'rules_game_state', 'rules': self.nim_rules()},
                  'player': 1, 'seed': 5, 'max_moves': 50, 'move_seconds': 1.0,
                  'argument': 'sticks', 'position': 'pile'}]
        run = self.run_driver(steps)
        self.assertComplete(run, 3)
        game = run.step(2)['value']
        self.assertEqual(game['end'], 'over')
        movers = [mover for mover, _ in game['moves']]
        self.assertEqual(movers, [i % 2 for i in range(len(movers))])
        self.assertEqual(len(game['seconds']), movers.count(1))
        for _, move in game['moves']:  # the rules' own move, tuples and all
            self.assertEqual(move[0], {'$tuple': [move[0]['$tuple'][0], 'sticks']})
        self.assertEqual(game['score'], -1)   # B, moving second, took the last stick
        random_again = self.run_driver(steps)
        self.assertEqual(random_again.step(2)['value']['moves'], game['moves'])

    def test_a_rules_game_is_explored_along_the_line_a_game_played(self):
        self.write('student.py', self.NIM)
        line = [[{'$tuple': [2, 'sticks']}], [{'$tuple': [1, 'sticks']}]]
        run = self.run_driver([
            {'op': 'new', 'class': 'Nim', 'args': [4], 'bind': 'g'},
            {'op': 'explore', 'target': 'g', 'api': 'aima_game', 'limit': 100, 'line': line},
            {'op': 'explore', 'target': 'g', 'api': 'aima_game', 'limit': 100,
             'line': {'player': 0, 'agent': 'first', 'seed': 3, 'max_moves': 10}},
            {'op': 'explore', 'target': 'g', 'api': 'aima_game', 'limit': 100,
             'line': {'lines': [line, [[{'$tuple': [1, 'sticks']}]]]}}])
        self.assertComplete(run, 4)
        game = run.step(1)['value']
        # (4, A) -take 2-> (2, B) -take 1-> (1, A): those three expanded, (3, B) cut.
        self.assertEqual(game['states'][:3], ["(4, 'A')", "(3, 'B')", "(2, 'B')"])
        self.assertEqual(game['cut'], [1])
        self.assertEqual(len(game['moves'][2]), 2)
        self.assertEqual([s for s, m in zip(game['states'], game['moves']) if m],
                         ["(4, 'A')", "(2, 'B')", "(1, 'A')"])
        played = run.step(2)['value']   # agent 0 always takes 1; its opponent draws
        self.assertIn("(3, 'B')", [s for s, m in zip(played['states'], played['moves']) if m])
        both = run.step(3)['value']   # two games' lines at once: the states of either expanded
        self.assertEqual(sorted(s for s, m in zip(both['states'], both['moves']) if m),
                         sorted(["(4, 'A')", "(2, 'B')", "(1, 'A')", "(3, 'B')"]))

    def test_a_minimax_opponent_plays_its_policy_and_a_game_with_no_move_left_is_over(self):
        # A two-move game from the grader's table: the student (agent 0) picks l or r, the
        # opponent answers as its policy says, not by a draw; a leaf has no move left.
        self.write('student.py', '''
            class Left:
                def getAction(self, state):
                    return state.getLegalActions(0)[0]
        ''')
        table = {'$fn': 'game_state', 'agents': 2, 'root': 'A',
                 'moves': {'A': [['l', 'B'], ['r', 'C']], 'B': [['x', 'D'], ['y', 'E']],
                           'C': [['z', 'F']]},
                 'scores': {'A': 0, 'B': 0, 'C': 0, 'D': 0, 'E': -1, 'F': 1},
                 'wins': ['F'], 'losses': ['E']}
        run = self.run_driver([
            {'op': 'new', 'class': 'Left', 'args': [], 'bind': 'agent'},
            {'op': 'play', 'target': 'agent', 'method': 'getAction', 'world': table,
             'player': 0, 'seed': 1, 'max_moves': 10, 'move_seconds': 1.0,
             'opponent': 'minimax', 'policy': {'B': 'y', 'C': 'z'}}])
        self.assertComplete(run, 2)
        game = run.step(1)['value']
        # y, the policy's (seed 1's random draw would be x)
        self.assertEqual(game['moves'], [[0, 'l'], [1, 'y']])
        self.assertEqual(game['end'], 'over')
        self.assertEqual(game['score'], -1)
        run = self.run_driver([
            {'op': 'new', 'class': 'Left', 'args': [], 'bind': 'agent'},
            {'op': 'play', 'target': 'agent', 'method': 'getAction', 'world': table,
             'player': 0, 'seed': 1, 'max_moves': 10, 'move_seconds': 1.0,
             'opponent': 'expectimax', 'policy': {'B': 'x', 'C': 'z'}}])
        drawn = run.step(1)['value']   # any searching opponent plays its policy; D: no move left
        self.assertEqual((drawn['end'], drawn['moves'][-1]), ('over', [1, 'x']))

    def test_a_game_whose_moves_run_past_the_games_cpu_time_ends_there(self):
        self._with_berkeley_support()
        self.write('student.py', '''
            class Ponderer:
                moves = 0
                def getAction(self, state):
                    self.moves += 1
                    while self.moves == 3:   # its third move never ends
                        pass
                    return state.getLegalActions(0)[-1]
        ''')
        steps = self.play_steps('Ponderer', [1], move_seconds=5.0)
        steps[1]['game_seconds'] = 0.5
        run = self.run_driver(steps)
        self.assertComplete(run, 2)
        game = run.step(1)['value']
        self.assertEqual(game['end'], 'game_timeout')
        self.assertEqual(len([move for move in game['moves'] if move[0] == 0]), 2)
        self.assertEqual(len(game['seconds']), 3)
        self.assertGreater(sum(game['seconds']), 0.5)
        self.assertLess(game['seconds'][2], 2.0)   # stopped at the game's 0.5 s, not the move's 5

    def test_directional_ghosts_draw_from_the_seed_and_hunt_pacman(self):
        self._with_berkeley_support()
        self.write('student.py', '''
            class Still:
                def getAction(self, state):
                    return 'Stop'
        ''')
        steps = self.play_steps('Still', [1, 2, 1])
        for step in steps[1:]:
            step['opponent'] = 'directional'
        run = self.run_driver(steps)
        self.assertComplete(run, 4)
        games = [run.step(i)['value'] for i in (1, 2, 3)]
        self.assertEqual(games[0]['moves'], games[2]['moves'])  # the same seed, the same game
        for game in games:  # a Pacman that never moves is caught by ghosts that hunt it
            self.assertEqual(game['end'], 'over')
            self.assertLess(game['score'], -400)

    def test_a_move_that_raises_is_illegal_or_too_slow_ends_only_its_game(self):
        self._with_berkeley_support()
        self.write('student.py', '''
            class Raises:
                def getAction(self, state):
                    return {}['no such key']
            class Illegal:
                def getAction(self, state):
                    return 'Up'
            class Slow:
                def getAction(self, state):
                    while True:
                        pass
            import util
            class Unwritten:
                def getAction(self, state):
                    util.raiseNotDefined()
        ''')
        steps = self.play_steps('Raises', [1])
        steps += self.play_steps('Illegal', [1])
        steps += self.play_steps('Slow', [1, 2], move_seconds=0.2)
        steps += self.play_steps('Unwritten', [1, 2])
        run = self.run_driver(steps)
        self.assertComplete(run, 10)
        for index in (8, 9):  # exit() in a move (the handout's placeholder) ends only its game
            unwritten = run.step(index)['value']
            self.assertEqual(unwritten['end'], 'raised')
            self.assertEqual(unwritten['detail']['type'], 'SystemExit')
            self.assertIn('raiseNotDefined', unwritten['detail']['traceback'])
        raised = run.step(1)['value']
        self.assertEqual(raised['end'], 'raised')
        self.assertEqual(raised['detail']['type'], 'KeyError')
        self.assertIn('student.py', raised['detail']['traceback'])
        illegal = run.step(3)['value']
        self.assertEqual(illegal['end'], 'illegal')
        self.assertEqual(illegal['detail']['repr'], "'Up'")
        self.assertEqual(illegal['detail']['legal'], ['West', 'Stop', 'East'])  # Berkeley's order
        for index in (5, 6):  # both games stop at the move's limit; the second still runs
            slow = run.step(index)['value']
            self.assertEqual(slow['end'], 'timeout')
            self.assertEqual(slow['moves'], [])
            self.assertGreaterEqual(slow['seconds'][0], 0.2)
