"""SearchGrader's in-sandbox Python driver (driver protocol version 1).

A function-call assignment (a module with print_succ, solve, a PriorityQueue
class, ...) cannot be graded by feeding stdin to a script: the grader has to
call the student's functions.  This driver is the small adapter that runs
inside the sandboxed process, next to the submission, and does exactly that.
The contract it implements is docs/driver-protocol.md; in short:

    python3 -I -B .searchgrader/python_driver.py   (cwd = the submission's copy)

  * stdin holds one JSON request: the module to import and a list of steps
    (call, new, method, getattr, str, let, has).  It is read whole, then fd 0
    is pointed at /dev/null so the student's code sees an empty stdin.
  * stdout carries the protocol stream: one JSON object per line, each with an
    "sg" key (hello, import, then begin/step per step, then done).  The
    driver writes it to a private duplicate of the original fd 1.
  * While student code runs (the import and each step), fds 1 and 2 point at
    fresh temporary capture files, so everything the student prints -- via
    print, sys.stdout, os.write(1, ...) or a child process -- is captured per
    phase and can never be mistaken for protocol lines.  Between phases fd 1
    points at /dev/null (a stray student thread cannot reach the stream) and
    fd 2 at the original stderr, which carries only the driver's own crash
    output.

Values returned by the student are encoded into JSON with tagged objects
($tuple, $set, $dict, $ndarray, $iterator, $int, $repr) so the grader sees
the Python type, not just a JSON look-alike.  Encoding never raises.

With "intake": "definitions" the submission is a Jupyter notebook
(<module>.ipynb) or a .py file (<module>.py) whose experiments must never
run: only function and class definitions, imports and statements that define
names (assignments, whatever their right side computes) are executed, each
assignment within a few seconds (see load_definitions); the import record
lists what was skipped and what failed, and a NameError for a name that a
statement which did not run was to define says so.  Arguments may hold {"$fn": ...} callbacks that the driver builds
(e.g. actionsF/takeActionF for an explicit graph given in the request).

One request = one process: a step that hangs or kills the interpreter only
ends this stream early; the last "begin" line says which step it was.
"""

import ast
import codecs
import collections.abc
import importlib
import io
import itertools
import json
import linecache
import re
import math
import os
import random
import reprlib
import signal
import sys
import tempfile
import time
import traceback
import types

PROTOCOL = 1
MAX_DEPTH = 100            # deeper nesting is reported as $repr
MAX_ITER_ITEMS = 10000     # items consumed from a returned generator/iterator
MAX_REPR_CHARS = 1000
MAX_NODES = 2000000        # guards against exponential blow-up of shared sub-objects
MAX_LITERAL_LINE = 200000  # longer str() lines are not passed to literal_eval
MAX_LITERAL_TEXT = 4000000  # longer str() texts are not read as a sequence of literals
DEFAULT_CAPTURE_LIMIT = 1048576

# Bound now, so a submission that monkeypatches json or os cannot disturb us.
_json_dumps = json.dumps
_os_write = os.write
_os_dup2 = os.dup2
_perf_counter = time.perf_counter
_os_pread = getattr(os, 'pread', None)
_setitimer = getattr(signal, 'setitimer', None)
_signal_signal = signal.signal

# CPU seconds between progress reports of what a running phase has printed, and how
# much of it they report (evidence for a phase stopped at its limit, not a second copy).
PROGRESS_CPU_SECONDS = 0.5
PROGRESS_LIMIT = 1 << 16

# The filenames that mark a traceback frame as the driver's (or importlib's)
# rather than the student's: only the student's frames help the student.
_DRIVER_FILES = set()
_HIDDEN_FILE_PREFIXES = ('<frozen importlib',)


def _note_driver_files():
    name = _note_driver_files.__code__.co_filename
    _DRIVER_FILES.add(name)
    # importlib.import_module's own frame sits above every import error.
    for path in (name, globals().get('__file__'), importlib.__file__):
        if path:
            _DRIVER_FILES.add(os.path.abspath(path))
            _DRIVER_FILES.add(os.path.realpath(path))


def _is_hidden_frame(filename):
    if filename in _DRIVER_FILES or filename.startswith(_HIDDEN_FILE_PREFIXES):
        return True
    try:
        return os.path.abspath(filename) in _DRIVER_FILES
    except Exception:
        return False


class ProtocolStream(object):
    """Writes protocol lines to a private fd, one complete line per write."""

    def __init__(self, fd):
        self.fd = fd

    def emit(self, record):
        try:
            text = _json_dumps(record, ensure_ascii=False, allow_nan=False)
        except Exception:
            # Only a bug in the encoder can get here; keep the stream valid.
            text = _json_dumps({'sg': record.get('sg'), 'index': record.get('index'),
                                'ok': False, 'error': {'type': 'DriverError',
                                'message': 'unencodable record', 'traceback': ''}})
        # 'replace' turns lone surrogates into '?', keeping the line valid UTF-8.
        data = (text + '\n').encode('utf-8', 'replace')
        view = memoryview(data)
        try:
            while view:
                written = _os_write(self.fd, view)
                view = view[written:]
        except OSError:
            # The reader is gone (or the student closed our fd): nothing left
            # to report to, so stop without running any more student code.
            os._exit(3)


class StdStreams(object):
    """Owns fds 0-2 and the sys.std* objects around each student phase."""

    def __init__(self):
        self.devnull = os.open(os.devnull, os.O_RDWR)
        self.saved_err = os.dup(2)    # dup() fds are close-on-exec already
        self.stdout = None
        self.stderr = None

    def detach_stdin(self):
        _os_dup2(self.devnull, 0)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, 'r', closefd=False), encoding='utf-8')

    def install(self):
        # Our own text objects over fds 1 and 2: UTF-8 whatever the locale,
        # line-buffered like an interactive session so print() and
        # os.write(1, ...) output keep their order.  Recreated if a student
        # closed them.
        if self.stdout is None or self.stdout.closed:
            self.stdout = io.TextIOWrapper(io.FileIO(1, 'w', closefd=False),
                                           encoding='utf-8', errors='strict',
                                           line_buffering=True)
        if self.stderr is None or self.stderr.closed:
            self.stderr = io.TextIOWrapper(io.FileIO(2, 'w', closefd=False),
                                           encoding='utf-8', errors='backslashreplace',
                                           line_buffering=True)
        sys.stdout = self.stdout
        sys.stderr = self.stderr

    def flush_all(self):
        for stream in (sys.stdout, sys.stderr, self.stdout, self.stderr,
                       sys.__stdout__, sys.__stderr__):
            try:
                if stream is not None:
                    stream.flush()
            except BaseException:
                pass

    @staticmethod
    def _capture_file():
        try:
            return tempfile.TemporaryFile()
        except OSError:
            # No writable temporary directory in this sandbox: fall back to
            # an anonymous in-memory file (Linux).
            return open(os.memfd_create('sg-capture'), 'w+b')

    def begin_capture(self):
        self.flush_all()
        out = self._capture_file()
        try:
            err = self._capture_file()
        except OSError:
            out.close()
            raise
        _os_dup2(out.fileno(), 1)
        _os_dup2(err.fileno(), 2)
        self.install()
        return out, err

    def end_capture(self, files, limit):
        self.flush_all()
        # fd 1 goes to /dev/null, not back to the stream: see the docstring.
        _os_dup2(self.devnull, 1)
        _os_dup2(self.saved_err, 2)
        self.install()
        result = {}
        for name, f in zip(('stdout', 'stderr'), files):
            try:
                total = os.fstat(f.fileno()).st_size
                f.seek(0)
                data = f.read(limit)
            except Exception:
                total, data = 0, b''
            finally:
                try:
                    f.close()
                except Exception:
                    pass
            result[name] = data.decode('utf-8', 'replace')
            result[name + '_bytes'] = total
            result[name + '_truncated'] = total > len(data)
        return result


# ---------------------------------------------------------------- values

def _type_name(obj):
    try:
        cls = type(obj)
        return '%s.%s' % (cls.__module__, cls.__qualname__)
    except BaseException:
        return '<unknown>'


# Bounded repr for containers that were cut off (too deep, cyclic, too big):
# the builtin repr of a shared sub-structure can take exponential time.
_short_repr = reprlib.Repr()
_short_repr.maxlevel = 4
_short_repr.maxdict = 10
_short_repr.maxlist = _short_repr.maxtuple = _short_repr.maxset = 10
_short_repr.maxfrozenset = _short_repr.maxdeque = _short_repr.maxarray = 10
_short_repr.maxstring = 200
_short_repr.maxlong = 100
_short_repr.maxother = MAX_REPR_CHARS

_CONTAINERS = (list, tuple, set, frozenset, dict)


def _repr(obj):
    try:
        text = _short_repr.repr(obj) if isinstance(obj, _CONTAINERS) else repr(obj)
        if not isinstance(text, str):
            raise TypeError
        text = text[:MAX_REPR_CHARS]
    except BaseException:
        text = '<unrepresentable>'
    return {'$repr': text, '$type': _type_name(obj)}


class Encoder(object):
    """Python value -> JSON value, per the protocol's encoding table."""

    def __init__(self):
        self.nodes = 0
        self.active = set()   # ids of the containers on the current path

    def encode(self, obj, depth=0):
        try:
            return self._encode(obj, depth)
        except BaseException:
            return _repr(obj)

    def _encode(self, obj, depth):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            return _repr(obj)
        if obj is None or type(obj) in (bool, str):
            return obj
        if isinstance(obj, str):
            return str.__str__(obj)   # a plain copy; never calls a subclass's __str__
        numpy = sys.modules.get('numpy')
        if numpy is not None:
            encoded = self._encode_numpy(numpy, obj, depth)
            if encoded is not None:
                return encoded
        if isinstance(obj, int):
            return self._encode_int(obj)
        if isinstance(obj, float):
            value = float(obj)
            # NaN and infinities are not JSON.
            return value if math.isfinite(value) else _repr(value)
        if depth > MAX_DEPTH or id(obj) in self.active:
            return _repr(obj)
        if isinstance(obj, _CONTAINERS):
            self.active.add(id(obj))
            try:
                return self._encode_container(obj, depth + 1)
            finally:
                self.active.discard(id(obj))
        if isinstance(obj, collections.abc.Iterator):
            return self._encode_iterator(obj, depth + 1)
        if _is_search_node(obj):
            return self._encode_node(obj, depth + 1)
        return _repr(obj)

    def _encode_node(self, node, depth):
        """A search node (AIMA's Node: state, parent, action, path_cost) as the path along its
        parents, or as its own solution() / path() give it: {"$node": {states, actions,
        path_cost, via, special}}. The books' failure and cutoff nodes (a state 'failure' or
        'cutoff', an infinite cost) are `special`."""
        chain, at = [], node
        while at is not None and len(chain) < MAX_NODE_CHAIN and _is_search_node(at):
            chain.append(at)
            at = getattr(at, 'parent', None)
        chain.reverse()
        states = [n.state for n in chain]
        actions = [getattr(n, 'action', None) for n in chain[1:]]
        via = 'parent'
        path = getattr(node, 'path', None)
        if callable(path):   # the 3rd edition's Node.path(): the nodes from the root
            nodes = list(path())
            if nodes and all(_is_search_node(n) for n in nodes):
                states = [n.state for n in nodes]
                actions = [getattr(n, 'action', None) for n in nodes[1:]]
                via = 'path()'
        solution = getattr(node, 'solution', None)
        if callable(solution):   # the 3rd edition's Node.solution(): the actions
            actions = list(solution())
            via = 'solution()' if via == 'parent' else 'path() and solution()'
        cost = getattr(node, 'path_cost', None)
        special = None
        if isinstance(node.state, str) and node.state in ('failure', 'cutoff') and (
                isinstance(cost, (int, float)) and math.isinf(cost)):
            special = node.state
        return {'$node': {'states': [self.encode(x, depth) for x in states],
                          'actions': [self.encode(a, depth) for a in actions],
                          'path_cost': self.encode(cost, depth), 'via': via,
                          'special': special, 'repr': _repr(node)['$repr']}}

    def _encode_int(self, obj):
        value = int(obj)
        if -2 ** 63 <= value < 2 ** 63:
            return value
        try:
            return {'$int': str(value)}
        except ValueError:
            # Beyond Python's int-to-str digit limit.
            return {'$repr': '<int of %d bits>' % value.bit_length(), '$type': _type_name(obj)}

    def _encode_container(self, obj, depth):
        if isinstance(obj, list):
            return [self.encode(item, depth) for item in obj]
        if isinstance(obj, tuple):
            return {'$tuple': [self.encode(item, depth) for item in obj]}
        if isinstance(obj, (set, frozenset)):
            items = list(obj)
            try:
                items = sorted(items)
            except BaseException:
                pass
            return {'$set': [self.encode(item, depth) for item in items]}
        items = list(obj.items())
        # "$"-keys are tagged too, so a student's {"$tuple": ...} is never
        # mistaken for one of our tags.
        if all(isinstance(k, str) and not k.startswith('$') for k, _ in items):
            return dict((k, self.encode(v, depth)) for k, v in items)
        return {'$dict': [[self.encode(k, depth), self.encode(v, depth)] for k, v in items]}

    def _encode_iterator(self, obj, depth):
        items = []
        try:
            for item in itertools.islice(obj, MAX_ITER_ITEMS):
                items.append(item)
        except Exception:
            pass  # report what the iterator produced before it failed
        return {'$iterator': [self.encode(item, depth) for item in items],
                'type': type(obj).__name__}

    def _encode_numpy(self, numpy, obj, depth):
        try:
            if isinstance(obj, numpy.ndarray):
                return {'$ndarray': self.encode(obj.tolist(), depth), 'dtype': str(obj.dtype)}
            if isinstance(obj, numpy.generic):
                return self.encode(obj.item(), depth)
        except BaseException:
            return _repr(obj)
        return None


def encode_value(obj):
    return Encoder().encode(obj)


MAX_NODE_CHAIN = 100000   # parents followed from a returned search node


def _is_search_node(obj):
    """A search node as AIMA writes one: an object with `state` and `parent` (None or a node)."""
    try:
        if isinstance(obj, (type, types.ModuleType)) or not hasattr(obj, 'state'):
            return False
        parent = getattr(obj, 'parent')
        return parent is None or hasattr(parent, 'state')
    except BaseException:
        return False


# ---------------------------------------------------------------- errors

def _relative(filename):
    # Paths inside the submission read as the student knows them
    # ("torus_puzzle.py"), not as the sandbox happens to lay them out.
    try:
        root = os.getcwd() + os.sep
        if filename and filename.startswith(root):
            return filename[len(root):]
    except Exception:
        pass
    return filename


def _filter_stack(te, seen):
    if te is None or id(te) in seen:
        return
    seen.add(id(te))
    kept = []
    for frame in te.stack:
        if _is_hidden_frame(frame.filename):
            continue
        frame.line                      # read the source line before renaming
        frame.filename = _relative(frame.filename)
        kept.append(frame)
    te.stack = traceback.StackSummary.from_list(kept)
    if getattr(te, 'filename', None):   # SyntaxError location
        te.filename = _relative(te.filename)
    _filter_stack(te.__cause__, seen)
    _filter_stack(te.__context__, seen)


def _safe_str(exc):
    try:
        return str(exc)
    except BaseException:
        return '<unprintable %s object>' % type(exc).__name__


def describe_error(exc):
    """{type, message, traceback} for an exception, without driver frames."""
    try:
        te = traceback.TracebackException(type(exc), exc, exc.__traceback__)
        _filter_stack(te, set())
        text = ''.join(te.format())
    except BaseException:
        try:
            frames = [f for f in traceback.extract_tb(exc.__traceback__)
                      if not _is_hidden_frame(f.filename)]
            text = ''.join(traceback.format_list(frames))
            text += ''.join(traceback.format_exception_only(type(exc), exc))
        except BaseException:
            text = ''
    message = _safe_str(exc)
    if isinstance(exc, NameError):
        why = explain_name_error(exc)
        if why:
            message += ' (%s)' % why
    return {'type': type(exc).__name__, 'message': message, 'traceback': text}



# ---------------------------------------------------------------- intake

class IntakeError(Exception):
    """The submission cannot be read as a notebook or Python source."""


# Kinds of top-level statement that run at intake: they define things and
# (apart from a decorator or a default value) run no student logic.
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_IMPORTS = (ast.Import, ast.ImportFrom)
_MAGIC_LINE = re.compile(r'^(\s*)(?:[%!]|[\w.]+\s*=\s*[%!])')
_HELP_LINE = re.compile(r'^(\s*)[\w.]+\?{1,2}\s*$')
MAX_SKIPPED_REPORTED = 200


def _cell_source(cell):
    source = cell.get('source', '')
    if isinstance(source, list):
        if not all(isinstance(part, str) for part in source):
            raise IntakeError('a cell\'s "source" must be text or a list of text')
        return ''.join(source)
    if not isinstance(source, str):
        raise IntakeError('a cell\'s "source" must be text or a list of text')
    return source


def read_notebook(path):
    """[(label, source)] of the code cells of an nbformat 4 notebook."""
    try:
        with open(path, 'rb') as f:
            raw = f.read()
        notebook = json.loads(raw.decode('utf-8-sig'))
    except UnicodeDecodeError as exc:
        raise IntakeError('%s is not UTF-8 text: %s' % (os.path.basename(path), exc))
    except ValueError as exc:
        raise IntakeError('%s is not a valid Jupyter notebook (not JSON: %s)'
                          % (os.path.basename(path), exc))
    if not isinstance(notebook, dict) or not isinstance(notebook.get('cells'), list):
        if isinstance(notebook, dict) and 'worksheets' in notebook:
            raise IntakeError('%s uses the old notebook format 3: save it again with a current '
                              'Jupyter (format 4)' % os.path.basename(path))
        raise IntakeError('%s is not a valid Jupyter notebook: it has no list of "cells"'
                          % os.path.basename(path))
    cells = []
    number = 0
    for cell in notebook['cells']:
        if not isinstance(cell, dict):
            raise IntakeError('%s is not a valid Jupyter notebook: a cell is not an object'
                              % os.path.basename(path))
        if cell.get('cell_type') != 'code':
            continue
        number += 1
        label = 'code cell %d' % number
        count = cell.get('execution_count')
        if isinstance(count, int) and not isinstance(count, bool):
            label += ' (In [%d])' % count
        cells.append((label, _cell_source(cell)))
    return cells


def strip_magics(source, skipped, label):
    """IPython-only lines (%magic, !shell, x = !cmd, name?) become `pass`."""
    lines = source.split('\n')
    first = next((line for line in lines if line.strip()), '')
    if first.lstrip().startswith('%%'):
        skipped.append({'where': label, 'line': 1, 'code': first.strip()[:80],
                        'why': 'a cell magic (the whole cell is skipped)'})
        return ''
    for index, line in enumerate(lines):
        match = _MAGIC_LINE.match(line) or _HELP_LINE.match(line)
        if match:
            skipped.append({'where': label, 'line': index + 1, 'code': line.strip()[:80],
                            'why': 'an IPython command'})
            lines[index] = match.group(1) + 'pass'
    return '\n'.join(lines)


def _simple_targets(targets):
    for target in targets:
        if isinstance(target, ast.Name):
            continue
        if isinstance(target, (ast.Tuple, ast.List)) and all(
                isinstance(e, ast.Name) or
                (isinstance(e, ast.Starred) and isinstance(e.value, ast.Name))
                for e in target.elts):
            continue
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            continue   # an entry of a table the module defines: GRAPH['A'] = [...]
        return False
    return True


def keep_statement(node):
    """None if a top-level statement runs at intake, else why it is skipped.
    Kept: definitions, imports, and assignments to names (or to a named table's
    entries) whatever their right side computes (INF = float('inf'), GOAL =
    tuple(range(9)), goal = np.array(...)); skipped: calls, loops and the rest,
    the module's experiments."""
    if isinstance(node, _DEFINITIONS + _IMPORTS):
        return None
    if isinstance(node, ast.Assign):
        if _simple_targets(node.targets):
            return None
        return 'an assignment to an attribute'
    if isinstance(node, ast.AnnAssign):
        if node.value is None or _simple_targets([node.target]):
            return None
        return 'an assignment to an attribute'
    if isinstance(node, ast.Try):
        inner = node.body + node.orelse + node.finalbody
        for handler in node.handlers:
            inner = inner + handler.body
        if all(isinstance(s, ast.Pass) or keep_statement(s) is None for s in inner):
            return None
        return 'a try statement that runs code'
    if isinstance(node, ast.Expr):
        return 'an expression (a call or a value shown by the notebook)'
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        return 'a loop'
    if isinstance(node, ast.If):
        return 'an if statement'
    if isinstance(node, ast.Pass):
        return 'pass'
    return 'a top-level %s statement' % type(node).__name__


# A kept assignment that runs longer than this (CPU, or wall clock for one that waits) is
# stopped and skipped with a note: it is an experiment, not a definition.
KEPT_STATEMENT_CPU_SECONDS = 5.0
KEPT_STATEMENT_WALL_SECONDS = 10.0


class StatementTimeout(BaseException):
    """A kept top-level statement ran past its time at intake (a BaseException, so the
    statement's own `except Exception` cannot keep it)."""


class _StatementDeadline(object):
    """While a kept top-level statement runs: StatementTimeout after `cpu` seconds of CPU
    (ITIMER_VIRTUAL) or `wall` seconds of wall clock (ITIMER_REAL: input() on a pipe, sleep)."""

    def __init__(self, cpu, wall):
        self.cpu = cpu
        self.wall = wall
        self.previous = {}

    def _expire(self, signum, frame):
        if signum == signal.SIGVTALRM:
            raise StatementTimeout('it did not finish within %g s of CPU time' % self.cpu)
        raise StatementTimeout('it did not finish within %g s' % self.wall)

    def __enter__(self):
        if _setitimer is not None:
            for signum, timer, seconds in ((signal.SIGVTALRM, signal.ITIMER_VIRTUAL, self.cpu),
                                           (signal.SIGALRM, signal.ITIMER_REAL, self.wall)):
                self.previous[signum] = _signal_signal(signum, self._expire)
                _setitimer(timer, seconds)
        return self

    def __exit__(self, *exc):
        if _setitimer is not None:
            _setitimer(signal.ITIMER_VIRTUAL, 0)
            _setitimer(signal.ITIMER_REAL, 0)
            for signum, previous in self.previous.items():
                _signal_signal(signum, previous if previous is not None else signal.SIG_DFL)
        return False


# Names a top-level statement that did not run at intake was to define: name -> why, so that a
# later NameError says where the name was to come from (explain_name_error).
_UNDEFINED_AT_INTAKE = {}


def _bound_names(node):
    """The names a statement binds at the top level (assignment and for-loop targets, with
    and import-as names, definitions), in order."""
    names = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            names.append(sub.id)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                and sub is not node:
            names.append(sub.name)
    return [name for i, name in enumerate(names) if name not in names[:i]]


def _note_undefined(node, where, path, code, why):
    place = 'line %d' % node.lineno if where == path else 'line %d of %s' % (node.lineno, where)
    for name in _bound_names(node):
        _UNDEFINED_AT_INTAKE.setdefault(
            name, '%s was to be defined at %s by a statement that did not run: `%s` (%s)'
            % (name, place, code, why))


_NAME_ERROR = re.compile(r"name '([A-Za-z_][A-Za-z0-9_]*)' is not defined")


def explain_name_error(exc):
    """Where a NameError's name was to be defined at intake, or None."""
    name = getattr(exc, 'name', None)
    if not isinstance(name, str):
        match = _NAME_ERROR.search(_safe_str(exc))
        name = match.group(1) if match else None
    return _UNDEFINED_AT_INTAKE.get(name) if name else None


def _register_source(filename, source):
    # So tracebacks show the student's lines, also for notebook cells.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)


def load_definitions(module_name):
    """Builds module `module_name` from <module>.ipynb or <module>.py, running
    only definitions, imports and assignments (keep_statement), each
    assignment under _StatementDeadline; one that fails or runs too long is
    skipped with a note.  Returns (module, intake record).  Raises IntakeError
    or SyntaxError."""
    notebook = module_name + '.ipynb'
    script = module_name + '.py'
    if os.path.isfile(notebook):
        path, fmt = notebook, 'notebook'
        cells = read_notebook(path)
        if not cells:
            raise IntakeError('%s has no code cells' % notebook)
    elif os.path.isfile(script):
        path, fmt = script, 'python'
        try:
            with open(script, 'rb') as f:
                cells = [(None, f.read().decode('utf-8-sig'))]
        except UnicodeDecodeError as exc:
            raise IntakeError('%s is not UTF-8 text: %s' % (script, exc))
    else:
        raise IntakeError('neither %s nor %s is in the submission' % (notebook, script))
    if not any(source.strip() for _, source in cells):
        raise IntakeError('%s has no code' % path)

    record = {'file': path, 'format': fmt, 'code_cells': len(cells), 'kept': 0,
              'skipped': [], 'skipped_count': 0, 'failed_imports': []}
    skipped = []
    skipped_nodes = []   # (where, node, why) of skipped statements that bind names
    plan = []
    sources = {}
    for label, source in cells:
        where = path if label is None else '%s, %s' % (path, label)
        source = strip_magics(source, skipped, where)
        sources[where] = source
        _register_source(where, source)
        tree = ast.parse(source, filename=where)   # SyntaxError names the cell
        for node in tree.body:
            why = keep_statement(node)
            if why is None:
                plan.append((where, node))
            elif why != 'pass':
                code = ast.get_source_segment(source, node) or ''
                skipped.append({'where': where, 'line': node.lineno,
                                'code': code.strip().split('\n')[0][:80], 'why': why})
                if not isinstance(node, ast.Expr):
                    skipped_nodes.append((where, node, why))

    module = types.ModuleType(module_name)
    module.__file__ = os.path.abspath(path)
    sys.modules[module_name] = module
    namespace = module.__dict__
    _UNDEFINED_AT_INTAKE.clear()
    for where, node, why in skipped_nodes:
        code = (ast.get_source_segment(sources[where], node) or '').strip().split('\n')[0][:80]
        _note_undefined(node, where, path, code, why)
    for where, node in plan:
        code = compile(ast.Module(body=[node], type_ignores=[]), where, 'exec')
        text = (ast.get_source_segment(sources[where], node) or '').strip().split('\n')[0][:80]
        if isinstance(node, _IMPORTS):
            try:
                exec(code, namespace)
            except Exception as exc:
                # E.g. IPython.display outside Jupyter: the names stay undefined.
                record['failed_imports'].append({
                    'where': where, 'line': node.lineno, 'code': text,
                    'error': '%s: %s' % (type(exc).__name__, _safe_str(exc))})
                continue
        elif isinstance(node, _DEFINITIONS):
            exec(code, namespace)
        else:
            # An assignment computes: it may fail, wait or run an experiment. Whatever it does
            # stays its own: skipped with a note, the names it defines explained if asked for.
            try:
                with _StatementDeadline(KEPT_STATEMENT_CPU_SECONDS, KEPT_STATEMENT_WALL_SECONDS):
                    exec(code, namespace)
            except BaseException as exc:
                if isinstance(exc, StatementTimeout):
                    why = _safe_str(exc)
                else:
                    why = 'it raised %s: %s' % (type(exc).__name__, _safe_str(exc)[:200])
                skipped.append({'where': where, 'line': node.lineno, 'code': text, 'why': why})
                _note_undefined(node, where, path, text, why)
                continue
        record['kept'] += 1
    record['skipped_count'] = len(skipped)
    record['skipped'] = skipped[:MAX_SKIPPED_REPORTED]
    return module, record


# ---------------------------------------------------------------- callbacks

_TILE_MOVES = {'left': (0, -1), 'right': (0, 1), 'up': (-1, 0), 'down': (1, 0)}


def make_callback(spec, module):
    """The function a {"$fn": ...} argument stands for."""
    kind = spec.get('$fn')
    if kind == 'graph_actions':
        graph = spec.get('graph')
        if not isinstance(graph, dict):
            raise RequestError('graph_actions needs a "graph" object')

        def actionsF(state):
            return list(graph.get(state, []))
        return actionsF
    if kind == 'graph_take_action':
        def takeActionF(state, action):
            return action
        return takeActionF
    if kind in ('tile_actions', 'tile_take_action'):
        rows, cols = spec.get('rows', 3), spec.get('cols', 3)
        order = spec.get('order', ['left', 'right', 'up', 'down'])

        def blank(state):
            cells = list(state)
            index = cells.index(0)
            return cells, index // cols, index % cols

        if kind == 'tile_actions':
            def actionsF(state):
                _, row, col = blank(state)
                return [a for a in order
                        if 0 <= row + _TILE_MOVES[a][0] < rows and 0 <= col + _TILE_MOVES[a][1] < cols]
            return actionsF

        def takeActionF(state, action):
            cells, row, col = blank(state)
            d_row, d_col = _TILE_MOVES[action]
            here, there = row * cols + col, (row + d_row) * cols + col + d_col
            cells[here], cells[there] = cells[there], cells[here]
            return cells
        return takeActionF
    if kind in ('table_actions', 'table_take_action'):
        # Any domain's actions and results, from the grader's table of its states (keyed by
        # str(state), as Python writes the state: 'A', '(1, 2)'; a rules world's by state_text).
        table = spec.get('successors')
        if not isinstance(table, dict):
            raise RequestError('%s needs a "successors" object' % kind)
        key = table_key(spec)
        steps = dict((k, [(decode_value(s), decode_value(a)) for s, a, _ in triples])
                     for k, triples in table.items())
        if kind == 'table_actions':
            def actionsF(state):
                return [a for _, a in steps.get(key(state), [])]
            return actionsF

        def takeActionF(state, action):
            for after, name in steps.get(key(state), []):
                if name == action:
                    return after
            raise ValueError('%r is not an action of %r' % (action, state))
        return takeActionF
    if kind in ('rules_actions', 'rules_take_action'):
        # A rules world's own actions and result (the course's file, built as the grader's
        # oracle builds it): states reach it as the rules' values (lists made tuples), and a
        # board handed over as a list comes back as one.
        world = rules_world(spec.get('rules'))
        as_list = bool(spec.get('as_list'))
        if kind == 'rules_actions':
            def actionsF(state):
                return list(world.actions(frozen(state)))
            return actionsF

        def takeActionF(state, action):
            after = world.result(frozen(state), action)
            return list(after) if as_list else after
        return takeActionF
    if kind == 'rules_game_state':
        world = rules_world(spec.get('rules'))
        return RulesGameState(world, world.initial)
    if kind == 'module':
        return getattr(module, spec.get('name'))
    if kind == 'search_problem':
        return make_search_problem(spec)
    if kind == 'aima_csp':
        return make_aima_csp(spec)
    if kind == 'game_state':
        return make_game_state(spec)
    if kind == 'berkeley_game_state':
        # Built the way pacman.py builds one, from the modules beside the submission (the
        # course's layout.py and pacman.py, or the grader's): student code may test its type.
        layout_text = spec.get('layout')
        if not isinstance(layout_text, str):
            raise RequestError('berkeley_game_state needs a "layout" text')
        layout_module = importlib.import_module('layout')
        pacman_module = importlib.import_module('pacman')
        state = pacman_module.GameState()
        state.initialize(layout_module.Layout(layout_text.split('\n')), spec.get('ghosts', 0))
        return state
    if kind == 'table_heuristic':
        table = spec.get('table')
        if not isinstance(table, dict):
            raise RequestError('table_heuristic needs a "table" object')
        key = table_key(spec)

        def heuristic(state, problem=None):
            return table.get(key(state), 0)
        return heuristic
    if kind == 'null_heuristic':
        def nullHeuristic(state, problem=None):
            return 0
        return nullHeuristic
    raise RequestError('unknown $fn %r' % (kind,))


_RULES_WORLDS = {}


def _defined_at(obj, name):
    """How far down type(obj)'s MRO `name` is defined (0: the object's own class; -1: the
    instance itself), or None when it is not defined at all."""
    if name in getattr(obj, '__dict__', {}):
        return -1
    for depth, cls in enumerate(type(obj).__mro__):
        if name in vars(cls) and cls is not object:
            return depth
    return None


def answer_both_editions(world):
    """Makes a world (a problem or a game with AIMA's names) answer to both editions' names:
    is_goal and goal_test, action_cost(s, a, s1) and path_cost(c, s1, a, s2) (c plus the step's
    cost), is_terminal and terminal_test. Where a world defines both of a pair, the one its most
    derived class defines wins (a 3rd-edition subclass's goal_test over an inherited is_goal);
    defined in the same class, the 4th edition's name wins. Returns the world."""
    def route(ours, theirs, make):
        here, there = _defined_at(world, ours), _defined_at(world, theirs)
        if there is not None and (here is None or there < here):
            try:
                setattr(world, ours, make(getattr(world, theirs)))
            except (AttributeError, TypeError):
                pass
    same = lambda method: method
    route('is_goal', 'goal_test', same)
    route('goal_test', 'is_goal', same)
    route('is_terminal', 'terminal_test', same)
    route('terminal_test', 'is_terminal', same)
    route('action_cost', 'path_cost', lambda path_cost: (
        lambda state, action, result: path_cost(0, state, action, result)))
    route('path_cost', 'action_cost', lambda action_cost: (
        lambda c, state1, action, state2: c + action_cost(state1, action, state2)))
    return world


class _NodeView(object):
    """A state handed to an h(node) as AIMA's node: its state, no parent, no cost."""
    __slots__ = ('state', 'parent', 'action', 'path_cost', 'depth')

    def __init__(self, state):
        self.state, self.parent, self.action, self.path_cost, self.depth = state, None, None, 0, 0


def state_heuristic(h):
    """h of a state, from a world's h(state) or AIMA's h(node) (its first parameter named
    `node` or `n`: handed a node whose .state is the state)."""
    try:
        import inspect
        parameters = [p for p in inspect.signature(h).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        takes_node = bool(parameters) and parameters[0].name in ('node', 'n')
    except (TypeError, ValueError):
        takes_node = False
    if takes_node:
        return lambda state: h(_NodeView(state))
    return h


def rules_world(rules):
    """The world a rules file builds ({"file", "source", "world", "args"}: the class `world` of
    the file's text, given `args`), built once per process."""
    if not isinstance(rules, dict) or not isinstance(rules.get('source'), str):
        raise RequestError('a rules callback needs "rules": {file, source, world, args}')
    key = json.dumps(rules, sort_keys=True)
    if key not in _RULES_WORLDS:
        file_name = os.path.basename(rules.get('file') or 'rules.py')
        module = types.ModuleType(os.path.splitext(file_name)[0])
        module.__file__ = file_name
        exec(compile(rules['source'], file_name, 'exec'), module.__dict__)
        cls = getattr(module, rules.get('world'))
        _RULES_WORLDS[key] = answer_both_editions(
            cls(*[decode_value(arg) for arg in rules.get('args', [])]))
    return _RULES_WORLDS[key]


def decode_value(value):
    """A state from the request: {"$tuple": [...]} becomes a tuple (hashable, as Berkeley's
    positions are), {"$set": [...]} a frozenset, {"$int": "..."} an int; lists and everything
    else stay as JSON made them."""
    if isinstance(value, dict) and len(value) == 1 and '$tuple' in value:
        return tuple(decode_value(v) for v in value['$tuple'])
    if isinstance(value, dict) and len(value) == 1 and '$set' in value:
        return frozenset(decode_value(v) for v in value['$set'])
    if isinstance(value, dict) and len(value) == 1 and '$int' in value:
        return int(value['$int'])
    if isinstance(value, list):
        return [decode_value(v) for v in value]
    return value


def table_key(spec):
    """How the grader's tables name a state: str(state) (a graph's node, a cell, a board), or
    with "key": "state_text" as state_text writes it (a rules file's world, whose states may be
    strings or sets)."""
    return state_text if spec.get('key') == 'state_text' else str


def make_search_problem(spec):
    """A search problem object driven by the grader's table of the domain: start, goals, and
    for each state (keyed as table_key says) its successors as [state, action, cost] triples in
    the domain's order, h of each state when given. It has Berkeley's methods (getStartState,
    isGoalState, getSuccessors, getCostOfActions) and AIMA's, both editions' (initial, actions,
    result, is_goal and goal_test, action_cost and path_cost(c, s1, a, s2), h(node), value where
    the spec gives values). The states getSuccessors is called on are recorded in
    order, or with "api": "aima" those actions is called on: that is the expansion order."""
    table = spec.get('successors')
    if not isinstance(table, dict):
        raise RequestError('search_problem needs a "successors" object')
    names = spec.get('methods', {})
    key = table_key(spec)
    aima = spec.get('api') == 'aima'
    start = decode_value(spec.get('start'))
    goals = set(key(decode_value(g)) for g in spec.get('goals', []))
    successors = dict((k, [(decode_value(s), decode_value(a), c) for s, a, c in triples])
                      for k, triples in table.items())
    heuristic = spec.get('heuristic') or {}
    values = spec.get('values') or {}

    def step(state, action):
        """(successor, cost) of `action` in `state`, or None where it is no action there."""
        for succ, name, cost in successors.get(key(state), []):
            if name == action:
                return succ, cost
        return None

    def legal_step(state, action):
        found = step(state, action)
        if found is None:
            raise ValueError('%r is not an action in state %r' % (action, state))
        return found

    class SearchProblem(object):
        """The problem handed to the student's search function."""

        def __init__(self):
            self._expanded = 0
            self._visitedlist = []
            self.expanded_states = self._visitedlist
            self.initial = start

        def getStartState(self):
            return start

        def isGoalState(self, state):
            return key(state) in goals

        def getSuccessors(self, state):
            if not aima:
                self._expanded += 1
                self._visitedlist.append(state)
            return list(successors.get(key(state), []))

        def getCostOfActions(self, actions):
            if actions is None:
                return 999999
            state, total = start, 0
            for action in actions:
                found = step(state, action)
                if found is None:
                    return 999999
                state, total = found[0], total + found[1]
            return total

        def actions(self, state):
            if aima:
                self._expanded += 1
                self._visitedlist.append(state)
            return [name for _, name, _ in successors.get(key(state), [])]

        def result(self, state, action):
            return legal_step(state, action)[0]

        def is_goal(self, state):
            return key(state) in goals

        def goal_test(self, state):   # the 3rd edition's name
            return key(state) in goals

        def action_cost(self, state, action, result):
            return legal_step(state, action)[1]

        def path_cost(self, c, state1, action, state2):   # the 3rd edition's: c plus the step
            return c + legal_step(state1, action)[1]

        def value(self, state):   # the 3rd edition's local-search objective, where given
            if key(state) not in values:
                raise ValueError('this problem gives no value for %r' % (state,))
            return values[key(state)]

        def h(self, node):
            # AIMA's h takes a search node; a state works too.
            return heuristic.get(key(getattr(node, 'state', node)), 0)

        def __repr__(self):
            return '<search problem>'

    # The course may name the methods otherwise (spec: adapter.methods).
    for ours, theirs in names.items():
        if theirs and hasattr(SearchProblem, ours) and theirs != ours:
            setattr(SearchProblem, theirs, getattr(SearchProblem, ours))
    return SearchProblem()

def make_aima_csp(spec):
    """A CSP as AIMA's csp.py hands one to its searches (variables, domains, neighbors,
    constraints; assign, unassign, nconflicts, display, goal_test; support_pruning, suppose,
    prune, choices, infer_assignment, restore, conflicted_vars; curr_domains, nassigns), built
    from the grader's description: variables in order, each one's domain and neighbors in order,
    and the constraint between neighbors ("different", or "queens": not on one row or diagonal,
    the variables being columns). Every assign is recorded, in order, in `_assigned` as
    [variable, value]: what the search did, for the grader to judge."""
    variables = [decode_value(v) for v in spec.get('variables', [])]
    domains = dict((decode_value(v), [decode_value(x) for x in values])
                   for v, values in spec.get('domains', []))
    neighbors = dict((decode_value(v), [decode_value(x) for x in others])
                     for v, others in spec.get('neighbors', []))
    if spec.get('constraint') == 'queens':
        def constraints(A, a, B, b):
            return A == B or (a != b and A + a != B + b and A - a != B - b)
    elif spec.get('constraint') == 'different':
        def constraints(A, a, B, b):
            return a != b
    else:
        raise RequestError('aima_csp needs "constraint": "different" or "queens"')

    class CSP(object):
        """The CSP handed to the student's search (AIMA's API)."""

        def __init__(self):
            self.variables = list(variables)
            self.domains = dict((v, list(d)) for v, d in domains.items())
            self.neighbors = dict((v, list(n)) for v, n in neighbors.items())
            self.constraints = constraints
            self.initial = ()
            self.curr_domains = None
            self.nassigns = 0
            self._assigned = []

        def assign(self, var, val, assignment):
            assignment[var] = val
            self.nassigns += 1
            self._assigned.append([var, val])

        def unassign(self, var, assignment):
            if var in assignment:
                del assignment[var]

        def nconflicts(self, var, val, assignment):
            return sum(1 for other in self.neighbors[var]
                       if other in assignment and not self.constraints(var, val, other,
                                                                       assignment[other]))

        def display(self, assignment):
            print(assignment)

        def goal_test(self, state):
            assignment = dict(state)
            return (len(assignment) == len(self.variables) and
                    all(self.nconflicts(v, assignment[v], assignment) == 0
                        for v in self.variables))

        def support_pruning(self):
            if self.curr_domains is None:
                self.curr_domains = dict((v, list(self.domains[v])) for v in self.variables)

        def suppose(self, var, value):
            self.support_pruning()
            removals = [(var, a) for a in self.curr_domains[var] if a != value]
            self.curr_domains[var] = [value]
            return removals

        def prune(self, var, value, removals):
            self.curr_domains[var].remove(value)
            if removals is not None:
                removals.append((var, value))

        def choices(self, var):
            return (self.curr_domains or self.domains)[var]

        def infer_assignment(self):
            self.support_pruning()
            return dict((v, self.curr_domains[v][0])
                        for v in self.variables if len(self.curr_domains[v]) == 1)

        def restore(self, removals):
            for B, b in removals:
                self.curr_domains[B].append(b)

        def conflicted_vars(self, current):
            return [var for var in self.variables
                    if self.nconflicts(var, current[var], current) > 0]

        def __repr__(self):
            return '<CSP of %d variables>' % len(self.variables)

    return CSP()


def make_game_state(spec):
    """The root of a game in the Berkeley multi-agent style (a GameState's methods), driven by
    the grader's table: agents, root, each state's moves as [action, next state] pairs (keyed by
    the state's text; with per_agent, keyed again by the agent's index, for games such as Pacman
    where any agent may move in a state), each state's score, win and lose states. Every
    generateSuccessor call is recorded in order (the state's text) on the shared list
    `sg_generated` of every state."""
    moves = spec.get('moves')
    if not isinstance(moves, dict):
        raise RequestError('game_state needs a "moves" object')
    agents = spec.get('agents', 2)
    per_agent = bool(spec.get('per_agent', False))
    scores = spec.get('scores', {})
    wins = set(spec.get('wins', []))
    losses = set(spec.get('losses', []))
    generated = []

    def moves_of(name, agentIndex):
        if not per_agent:
            return moves.get(name, [])
        if not isinstance(agentIndex, int) or not 0 <= agentIndex < agents:
            raise Exception('agentIndex %r: the game has agents 0 to %d' % (agentIndex, agents - 1))
        listed = moves.get(name)
        if listed is None or str(agentIndex) not in listed:
            raise Exception('the grader did not prepare the moves of agent %d in state %s: a '
                            'search at this test\'s depth, with agents moving in turn, never '
                            'asks for them' % (agentIndex, name))
        return listed[str(agentIndex)]

    class GameState(object):
        """A state of the game handed to the student's agent. The root also serves as AIMA's
        Game (both editions): initial, actions(state), result(state, move) (recorded as
        generateSuccessor is), is_terminal / terminal_test, utility(state, player) (the score
        for agent 0, its negation for the others), to_move(state) (the agent whose move it is:
        agents move in turn from the root)."""

        def __init__(self, name, depth=0):
            self.name = name
            self.sg_depth = depth
            self.sg_generated = generated
            self.initial = self if depth == 0 else None

        def getNumAgents(self):
            return agents

        def isWin(self):
            return self.name in wins

        def isLose(self):
            return self.name in losses

        def getLegalActions(self, agentIndex=0):
            if self.isWin() or self.isLose():
                return []
            return [move[0] for move in moves_of(self.name, agentIndex)]

        def generateSuccessor(self, agentIndex, action):
            if self.isWin() or self.isLose():
                raise Exception("Can't generate a successor of a terminal state.")
            for move in moves_of(self.name, agentIndex):
                name, target = move[0], move[1]  # a chance move's probability may follow
                if name == action:
                    generated.append(target)
                    return GameState(target, self.sg_depth + 1)
            raise Exception('Illegal action %r in state %s' % (action, self.name))

        # AIMA's Game, called on the root with any state of the game.
        def to_move(self, state):
            return state.sg_depth % agents

        def actions(self, state):
            return state.getLegalActions(self.to_move(state))

        def result(self, state, move):
            return state.generateSuccessor(self.to_move(state), move)

        def is_terminal(self, state):
            return not self.actions(state)

        terminal_test = is_terminal

        def utility(self, state, player):
            score = state.getScore()
            return score if player == 0 else -score

        def getScore(self):
            if self.name not in scores:
                raise Exception('the game gives state %s no score: it is not evaluated by the '
                                'reference there' % (self.name,))
            return scores[self.name]

        def __eq__(self, other):
            return isinstance(other, GameState) and other.name == self.name

        def __hash__(self):
            return hash(self.name)

        def __str__(self):
            return self.name

        __repr__ = __str__

    return GameState(spec.get('root'))


# ---------------------------------------------------------------- steps

class RequestError(Exception):
    """The request itself is malformed (a grader fault, not the student's)."""


class Session(object):
    def __init__(self, module):
        self.module = module
        self.bound = {}

    @staticmethod
    def field(step, name):
        if name not in step:
            raise RequestError('a %r step needs %r' % (step.get('op'), name))
        return step[name]

    def lookup(self, name):
        if name not in self.bound:
            raise NameError('nothing is bound to %r (an earlier step failed or never bound it)'
                            % (name,))
        return self.bound[name]

    def resolve(self, value):
        # Building new objects from the parsed JSON is the "fresh deep copy";
        # a $ref is the bound object itself, shared on purpose.
        if isinstance(value, dict):
            if len(value) == 1 and '$ref' in value:
                return self.lookup(value['$ref'])
            if '$fn' in value:
                return make_callback(value, self.module)
            if len(value) == 1 and '$tuple' in value:
                return tuple(self.resolve(v) for v in value['$tuple'])
            if len(value) == 1 and '$dict' in value:
                # Ordered pairs: the dict keeps the order the grader gave.
                return dict((self.resolve(k), self.resolve(v)) for k, v in value['$dict'])
            return dict((k, self.resolve(v)) for k, v in value.items())
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        return value

    def arguments(self, step):
        args = self.resolve(step.get('args', []))
        kwargs = self.resolve(step.get('kwargs', {}))
        if not isinstance(args, list) or not isinstance(kwargs, dict):
            raise RequestError('args must be a list and kwargs an object')
        return args, kwargs

    def run(self, step):
        """Performs one step; returns the extra fields of its record."""
        op = step.get('op')
        if op == 'call':
            function = getattr(self.module, self.field(step, 'function'))
            args, kwargs = self.arguments(step)
            return self._bind_result(step, function(*args, **kwargs))
        if op == 'map':
            # One function over many argument lists in one round trip (a heuristic on every
            # state of a space). The first call that raises fails the step, saying which.
            # On the module's function, or (with `target`) a bound object's method.
            owner = self.lookup(step['target']) if 'target' in step else self.module
            function = getattr(owner, self.field(step, 'function'))
            values = []
            for args in self.field(step, 'args_list'):
                try:
                    values.append(encode_value(function(*self.resolve(args))))
                except BaseException as exc:
                    exc.sg_map_index = len(values)
                    raise
            return {'value': values}
        if op == 'new':
            cls = getattr(self.module, self.field(step, 'class'))
            args, kwargs = self.arguments(step)
            made = cls(*args, **kwargs)
            if step.get('aima_names'):   # a rules file's world: both editions' names
                made = answer_both_editions(made)
            self.bound[self.field(step, 'bind')] = made
            return {'value': None}
        if op == 'method':
            target = self.lookup(self.field(step, 'target'))
            method = getattr(target, self.field(step, 'method'))
            args, kwargs = self.arguments(step)
            return self._bind_result(step, method(*args, **kwargs))
        if op == 'setattr':
            target = self.lookup(self.field(step, 'target'))
            setattr(target, self.field(step, 'attr'), self.resolve(self.field(step, 'value')))
            return {'value': None}
        if op == 'getattr':
            target = self.lookup(self.field(step, 'target'))
            return {'value': encode_value(getattr(target, self.field(step, 'attr')))}
        if op == 'str':
            text = str(self.lookup(self.field(step, 'target')))
            return {'value': text, 'items': literal_items(text),
                    'lines': [literal_line(line) for line in split_lines(text)]}
        if op == 'get':
            return {'value': encode_value(self.lookup(self.field(step, 'target')))}
        if op == 'let':
            self.bound[self.field(step, 'bind')] = self.resolve(step.get('value'))
            return {'value': None}
        if op == 'has':
            return {'value': describe_name(self.module, self.field(step, 'name'))}
        if op == 'patch':
            # A module function answered from the grader's table (the reference's answers on
            # the states a test reaches) and by the student's own code elsewhere, so that a test
            # of one function is not graded again for a mistake in a helper it calls.
            name = self.field(step, 'function')
            own = getattr(self.module, name, None)
            table = dict((json.dumps(args, sort_keys=True), answer)
                         for args, answer in self.field(step, 'table'))

            def patched(*args, **kwargs):
                if not kwargs:
                    key = json.dumps(encode_value(list(args)), sort_keys=True)
                    if key in table:
                        return decode_value(table[key])  # a fresh copy for every call
                if own is None:
                    raise NameError('name %r is not defined' % (name,))
                return own(*args, **kwargs)
            patched.__name__ = name
            setattr(self.module, name, patched)
            return {'value': None}
        if op == 'seed':
            # Python's shared generator seeded as a test prescribes, so that a student who draws
            # as the handout says makes the draws the reference makes (simulated annealing).
            random.seed(self.field(step, 'value'))
            return {'value': None}
        if op == 'play':
            return {'value': play_game(
                self.lookup(self.field(step, 'target')), step.get('method', 'getAction'),
                self.resolve(self.field(step, 'world')), int(step.get('player', 0)),
                int(self.field(step, 'seed')), int(self.field(step, 'max_moves')),
                float(self.field(step, 'move_seconds')), step.get('opponent', 'random'),
                step.get('argument'), step.get('position'), step.get('policy'),
                step.get('game_seconds'))}
        if op == 'explore':
            heuristic = step.get('heuristic')
            target = self.lookup(self.field(step, 'target'))
            if step.get('api') == 'aima_game':
                start = step.get('start')
                depth = step.get('max_depth')
                return {'value': explore_game(
                    target, int(step.get('limit', 10000)), values=bool(step.get('values')),
                    start=None if start is None else frozen(decode_value(start)),
                    max_depth=None if depth is None else int(depth), line=step.get('line'))}
            if step.get('api') == 'aima':
                start = step.get('start')
                depth = step.get('max_depth')
                world = AimaAsBerkeley(
                    target, start=None if start is None else frozen(decode_value(start)))
                return {'value': explore(world, int(step.get('limit', 10000)),
                                         AimaAsBerkeley.heuristic(target),
                                         values=bool(step.get('values')),
                                         max_depth=None if depth is None else int(depth))}
            return {'value': explore(target, int(step.get('limit', 10000)),
                                     getattr(self.module, heuristic) if heuristic else None,
                                     values=bool(step.get('values')))}
        raise RequestError('unknown op %r' % (op,))

    def _bind_result(self, step, result):
        if step.get('bind'):
            self.bound[step['bind']] = result
        # Encoding runs inside the captured phase: a returned generator or a
        # custom __repr__ is student code too.
        if step.get('type_shape'):
            return {'value': encode_value(result), 'type_shape': type_shape(result)}
        return {'value': encode_value(result)}


_PLAIN = (int, bool, str, type(None))


def _flat(obj):
    """True for a tuple or list of ints, bools, strings and None only: its repr is its
    state_text, and its encoding the list of its items (the common state; fast)."""
    return type(obj) in (tuple, list) and all(type(item) in _PLAIN for item in obj)


def state_text(obj):
    """A student's search state as deterministic text for the report: tuples, lists and sets
    spelled out (sets sorted), a Berkeley Grid as the cells it holds, other objects by repr
    without their memory address."""
    if type(obj) in _PLAIN or _flat(obj):
        return repr(obj)
    if isinstance(obj, tuple):
        items = [state_text(item) for item in obj]
        return '(' + ', '.join(items) + (',)' if len(items) == 1 else ')')
    if isinstance(obj, list):
        return '[' + ', '.join(state_text(item) for item in obj) + ']'
    if isinstance(obj, (set, frozenset)):
        return '{' + ', '.join(sorted(state_text(item) for item in obj)) + '}'
    as_list = getattr(obj, 'asList', None)
    if callable(as_list) and hasattr(obj, 'width'):
        return 'Grid' + state_text(list(as_list()))
    return re.sub(r' at 0x[0-9a-fA-F]+', '', repr(obj))


def frozen_key(obj):
    """A hashable stand-in for a state Python cannot hash, equal exactly when the states are ==
    as their parts compare: lists as tuples, sets as frozensets, dicts as their items sorted,
    numpy arrays by shape and value, nested to any depth. Hashable parts stay themselves."""
    try:
        hash(obj)
        return obj
    except TypeError:
        pass
    if isinstance(obj, (list, tuple)):
        return tuple(frozen_key(item) for item in obj)
    if isinstance(obj, (set, frozenset)):
        return frozenset(frozen_key(item) for item in obj)
    if isinstance(obj, dict):
        items = [(frozen_key(k), frozen_key(v)) for k, v in obj.items()]
        return ('$dict', frozenset(items))
    tolist = getattr(obj, 'tolist', None)
    if callable(tolist) and hasattr(obj, 'shape'):
        return ('$array', tuple(obj.shape), frozen_key(tolist()))
    # An unhashable object of the student's own class: by its text (its __eq__ is unusable
    # without a hash, as it would be in the student's own visited set).
    return ('$text', type(obj).__name__, state_text(obj))


class StateIndex:
    """The index of each state found, by the student's own == and hash where the state has a
    hash, and through frozen_key where it has none (a tuple holding a set). `unhashable` keeps
    the first state without a hash, for the note that says a visited set could not hold it."""

    def __init__(self):
        self.index = {}
        self.unhashable = None

    def key(self, state):
        try:
            hash(state)
            return state
        except TypeError as exc:
            if self.unhashable is None:
                self.unhashable = (state, _safe_str(exc))
            return ('$unhashable', frozen_key(state))

    def get(self, state):
        return self.index.get(self.key(state))

    def add(self, state, i):
        self.index[self.key(state)] = i


class AimaAsBerkeley(object):
    """A problem with AIMA's names (initial, actions, result, is_goal or goal_test,
    action_cost(s, a, s1) or path_cost(c, s1, a, s2), h; a rules file's world, in either
    edition's names) seen through Berkeley's, for explore. Without a goal test the goal is its
    `goal` attribute (a list: any of them), as AIMA's default; without a cost each action costs
    1."""

    def __init__(self, problem, start=None):
        self.problem = problem
        self.start = start

    def getStartState(self):
        return self.problem.initial if self.start is None else self.start

    def isGoalState(self, state):
        is_goal = getattr(self.problem, 'is_goal', None) or getattr(self.problem, 'goal_test', None)
        if is_goal is None:
            goal = self.problem.goal
            return state in goal if isinstance(goal, list) else state == goal
        return is_goal(state)

    def getSuccessors(self, state):
        problem = self.problem
        cost = getattr(problem, 'action_cost', None)
        path_cost = getattr(problem, 'path_cost', None)
        listed = []
        for action in problem.actions(state):
            after = problem.result(state, action)
            step = (cost(state, action, after) if cost is not None else
                    path_cost(0, state, action, after) if path_cost is not None else 1)
            listed.append((after, action, step))
        return listed

    @staticmethod
    def heuristic(problem):
        """h(state) as explore asks for it, or None when the world defines no h. A 3rd- or
        4th-edition h(node) is handed a node of the state."""
        h = getattr(problem, 'h', None)
        if h is None:
            return None
        of_state = state_heuristic(h)
        return lambda state, _problem: of_state(state)


class ActionCodes(object):
    """An action's encoding, computed once per distinct plain action (a name, a tuple of
    ints): a world's actions repeat in every state."""

    def __init__(self):
        self.codes = {}

    def __call__(self, action):
        if type(action) in _PLAIN or _flat(action):
            key = (type(action), action) if type(action) in _PLAIN else (
                type(action), tuple((type(item), item) for item in action))
            found = self.codes.get(key)
            if found is None:
                found = self.codes[key] = encode_value(action)
            return found
        return encode_value(action)


def texts_and_values(states, values):
    """Each state's text (state_text's) and, with `values`, its encoding (else None); plain
    states (tuples and lists of ints, strings, bools, None) take a direct path to the same
    result."""
    flat = [_flat(state) for state in states]
    texts = [repr(state) if plain else state_text(state) for state, plain in zip(states, flat)]
    if not values:
        return texts, None
    return texts, [
        ({'$tuple': list(state)} if type(state) is tuple else list(state))
        if plain and all(type(item) is not int or -2 ** 63 <= item < 2 ** 63 for item in state)
        else encode_value(state) for state, plain in zip(states, flat)]


def _plain_number(value):
    return (type(value) is int and -2 ** 53 < value < 2 ** 53) or (
        type(value) is float and math.isfinite(value))


def _line_states(game, start, line):
    """The states along one line of play from `start`, as keys of a StateIndex: `line` is
    either the moves made (the driver's encoding; the walk stops at the first that is not among
    the rules' actions there) or a game to play here, {"player", "agent", "seed", "max_moves"}:
    agent `player` (0 moves first) plays "random" (random.Random(seed + 1).choice) or "first"
    (its first legal move) against a random player (random.Random(seed).choice), the two
    moving in turn, as the grader's reference plays its mutant agents; or several lines at
    once, {"lines": [line, ...]} (a test's games in one request): the states of any of them."""
    if isinstance(line, dict) and 'lines' in line:
        keys = set()
        for one in line['lines']:
            keys |= _line_states(game, start, one)
        return keys
    index = StateIndex()
    state, keys, made = start, set(), 0
    if isinstance(line, dict):
        player = int(line.get('player', 0))
        own = random.Random(int(line['seed']) + 1)
        others = random.Random(int(line['seed']))
        cap = int(line.get('max_moves', 1000))
    else:
        moves = [decode_value(move) for move in line]
    while True:
        keys.add(index.key(state))
        if game.is_terminal(state):
            break
        legal = list(game.actions(state))
        if isinstance(line, dict):
            if made >= cap or not legal:
                break
            if made % 2 != player:
                move = others.choice(legal)
            else:
                move = legal[0] if line.get('agent') == 'first' else own.choice(legal)
        else:
            if made >= len(moves) or moves[made] not in legal:
                break
            move = moves[made]
        state = game.result(state, move)
        made += 1
    return keys


def explore_game(game, limit, values=False, start=None, max_depth=None, line=None):
    """Breadth-first over a game with AIMA's names (a course's rules file: initial,
    to_move(state), actions(state), result(state, move), is_terminal(state),
    utility(state, player), optional evaluate(state, player) and probability(state, move), the
    chance of a move where chance moves, None where a player chooses), at most `limit` states, from
    `start` (default `initial`) and, with `max_depth`, at most that many moves deep: the states
    there are listed (mover, whether over, score) but not expanded, and `cut` lists them. The
    player to move at the start is agent 0, the one a search plays for; the others are numbered
    as they are first met. Per state, in the order found: its text, its mover, whether the game
    is over, agent 0's score there (the utility where the game is over, else evaluate's or
    null) and its moves [action, index]; `players` the players' texts by agent. With `line`
    (see _line_states), only the states along that line of play are expanded, every other
    listed as cut. A call that raises fails the op as explore's do."""
    game = answer_both_editions(game)
    if start is None:
        start = game.initial
    on_line = None if line is None else _line_states(game, start, line)
    action_code = ActionCodes()
    states, index = [start], StateIndex()
    index.add(start, 0)
    parent, action_in, depth = [-1], [None], [0]
    cut = []
    players, mover, terminal, score, moves = [], [], [], [], []
    evaluate = getattr(game, 'evaluate', None)
    probability = getattr(game, 'probability', None)

    def agent_of(player):
        for i, known in enumerate(players):
            if known == player:
                return i
        players.append(player)
        return len(players) - 1

    def path_to(i):
        actions = []
        while parent[i] >= 0:
            actions.append(action_in[i])
            i = parent[i]
        return list(reversed(actions))

    first = None
    expanded = 0
    while expanded < len(states) and expanded < limit:
        i = expanded
        state = states[i]
        try:
            player = game.to_move(state)
            agent = agent_of(player)
            if first is None:
                first = player
            over = bool(game.is_terminal(state))
            value = game.utility(state, first) if over else (
                evaluate(state, first) if evaluate is not None else None)
            listed = []
            if not over and ((max_depth is not None and depth[i] >= max_depth) or
                             (on_line is not None and index.key(state) not in on_line)):
                cut.append(i)
            elif not over:
                for action in game.actions(state):
                    after = game.result(state, action)
                    found = index.get(after)
                    if found is None:
                        found = len(states)
                        index.add(after, found)
                        states.append(after)
                        parent.append(i)
                        action_in.append(action)
                        depth.append(depth[i] + 1)
                    chance = None if probability is None else probability(state, action)
                    if chance is None:
                        listed.append([action_code(action), found])
                    else:
                        listed.append([action_code(action), found, float(chance)])
        except BaseException as exc:
            exc.sg_explore_path = path_to(i)
            exc.sg_explore_state = state_text(state)
            raise
        mover.append(agent)
        terminal.append(over)
        score.append(value if value is None or _plain_number(value) else encode_value(value))
        moves.append(listed)
        expanded += 1
    texts, encoded = texts_and_values(states, values)
    result = {'states': texts, 'mover': mover, 'terminal': terminal, 'score': score,
              'moves': moves, 'players': [state_text(p) for p in players],
              'complete': expanded == len(states)}
    if max_depth is not None or on_line is not None:
        result['cut'] = cut
    if values:
        result['values'] = encoded
    return result


class RulesGameState(object):
    """A state of a course's rules game (AIMA's Game) seen as play_game sees a Berkeley
    GameState: two players moving in turn, agent 0 the one to move at the start. `view` is what
    the student's function is handed (the rules' method `argument` of the state, e.g. the
    handout's board); `match` reads the student's move as the rules' own legal move, lists and
    tuples alike (the handout's game loop indexes either)."""

    def __init__(self, world, state, first=None):
        self.world = world
        self.state = state
        self.first = world.to_move(state) if first is None else first

    def getNumAgents(self):
        return 2

    def _over(self):
        return bool(self.world.is_terminal(self.state))

    def isWin(self):
        return self._over() and self.world.utility(self.state, self.first) > 0

    def isLose(self):
        return self._over() and self.world.utility(self.state, self.first) < 0

    def isOver(self):
        return self._over()

    def getLegalActions(self, agentIndex=0):
        return [] if self._over() else list(self.world.actions(self.state))

    def generateSuccessor(self, agentIndex, action):
        return RulesGameState(self.world, self.world.result(self.state, action), self.first)

    def getScore(self):
        if self._over():
            return self.world.utility(self.state, self.first)
        evaluate = getattr(self.world, 'evaluate', None)
        return evaluate(self.state, self.first) if evaluate is not None else 0

    def view(self, argument):
        return getattr(self.world, argument)(self.state)

    @staticmethod
    def match(action, legal):
        key = frozen_key(frozen(action))
        for move in legal:
            if frozen_key(frozen(move)) == key:
                return move
        return None

    def __str__(self):
        return state_text(self.state)


class MoveTimeout(BaseException):
    """A move ran past its CPU time (a BaseException, so `except Exception` cannot keep it)."""


class _MoveDeadline(object):
    """While a move runs: MoveTimeout once it has used `seconds` of CPU time (user time,
    ITIMER_VIRTUAL; the progress reports keep ITIMER_PROF)."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.previous = None

    def _expire(self, signum, frame):
        raise MoveTimeout()

    def __enter__(self):
        if _setitimer is not None and self.seconds > 0:
            self.previous = _signal_signal(signal.SIGVTALRM, self._expire)
            _setitimer(signal.ITIMER_VIRTUAL, self.seconds + 0.05)
        return self

    def __exit__(self, *exc):
        if _setitimer is not None and self.seconds > 0:
            _setitimer(signal.ITIMER_VIRTUAL, 0)
            _signal_signal(signal.SIGVTALRM,
                           self.previous if self.previous is not None else signal.SIG_DFL)
        return False


_VECTORS = {'North': (0, 1), 'South': (0, -1), 'East': (1, 0), 'West': (-1, 0), 'Stop': (0, 0)}


def directional_ghost_move(state, agent, legal, rng, attack=0.8, flee=0.8):
    """Berkeley's DirectionalGhost (ghostAgents.py): the moves whose next position (a square on,
    half a square when scared) is nearest Pacman (farthest when scared) share `attack` (`flee`),
    every move shares the rest; sampled as util.sample samples a Counter: the moves sorted by
    name, one rng.random() walked along their running total. The grader re-derives it with the
    same arithmetic in the same order (checkers/opponent_move.h), so written out here rather
    than through util's Counter and sum()."""
    ghost = state.getGhostState(agent)
    scared = ghost.scaredTimer > 0
    speed = 0.5 if scared else 1.0
    x, y = ghost.getPosition()
    px, py = state.getPacmanPosition()
    distance = [abs(x + _VECTORS[a][0] * speed - px) + abs(y + _VECTORS[a][1] * speed - py)
                for a in legal]
    best = max(distance) if scared else min(distance)
    share = flee if scared else attack
    best_count = float(sum(1 for d in distance if d == best))
    rest = (1 - share) / len(legal)
    weight = [(share / best_count if d == best else 0.0) + rest for d in distance]
    total = 0.0
    for best_first in (True, False):  # the order Berkeley's Counter holds them in
        for w, d in zip(weight, distance):
            if (d == best) == best_first:
                total += w
    weight = [w / total for w in weight]
    order = sorted(range(len(legal)), key=lambda i: legal[i])
    drawn = rng.random()
    k, running = 0, weight[order[0]]
    while drawn > running and k + 1 < len(order):
        k += 1
        running += weight[order[k]]
    return legal[order[k]]


def play_game(agent, method, state, player, seed, max_moves, move_seconds, opponent='random',
              argument=None, position=None, policy=None, game_seconds=None):
    """One game from `state` (a Berkeley GameState: getNumAgents, getLegalActions(agent),
    generateSuccessor(agent, action), isWin, isLose, getScore): agents move in turn from agent
    0; `player` is the student's agent, asked agent.method(state) for each of its moves; every
    other agent is a random opponent choosing uniformly among its legal moves
    (random.Random(seed).choice, as the grader re-derives it), or with `opponent`
    'directional' Berkeley's directional ghost drawn from the same generator. The shared `random` is seeded
    with `seed` first, so the student's own draws repeat on a rerun. The game ends when it is
    won or lost, after `max_moves` moves (all agents'), or at the student's first move that
    raises (or calls exit()), is not legal, or uses more than `move_seconds` of CPU time.
    Returns the moves [agent, action], the CPU seconds of each of the student's moves, how it
    ended (`over`, `move_cap`, `raised`, `illegal`, `timeout`), what the illegal move or error
    was, and the score (for information: the grader replays the moves by its own rules).
    On a rules game (RulesGameState) the student's function is handed the state's `argument`
    view (without one, the RulesGameState itself, as a Berkeley agent's getAction takes it; set
    on the agent's `position` attribute too, as the handout's game loop keeps it)
    and its move is read as the rules' own; a game also ends where no agent can move. With a
    searching opponent ('minimax', 'alpha_beta', 'expectimax') every other agent plays `policy`'s
    move for the state (the reference's choice, by str(state)). With `game_seconds`, the student's moves of one game may use
    that much CPU time in all: the move that runs past it ends the game as `game_timeout`."""
    random.seed(seed)
    opponents = random.Random(seed)
    agents = state.getNumAgents()
    choose = getattr(agent, method)
    moves, seconds = [], []
    end, detail = 'over', None
    rules = isinstance(state, RulesGameState)
    while not (state.isWin() or state.isLose() or (rules and state.isOver())):
        mover = len(moves) % agents
        legal = state.getLegalActions(mover)
        if not legal:  # a draw with no move left (a full tic-tac-toe board)
            break
        if len(moves) >= max_moves:
            end = 'move_cap'
            break
        if mover == player:
            started, timed_out, action = time.process_time(), False, None
            try:
                left = None if game_seconds is None else game_seconds - sum(seconds)
                with _MoveDeadline(move_seconds if left is None else
                                   min(move_seconds, max(left, 0.01))):
                    handed = state.view(argument) if rules and argument else state
                    if position:
                        setattr(agent, position, handed)
                    action = choose(handed)
            except MoveTimeout:
                timed_out = True
            except (Exception, SystemExit) as exc:  # exit() in a move ends that game only
                seconds.append(time.process_time() - started)
                end, detail = 'raised', describe_error(exc)
                break
            seconds.append(time.process_time() - started)
            if game_seconds is not None and sum(seconds) > game_seconds:
                end = 'game_timeout'
                break
            if timed_out or seconds[-1] > move_seconds:
                end = 'timeout'
                break
            try:
                if rules:
                    made = RulesGameState.match(action, legal)
                    is_legal, action = made is not None, (action if made is None else made)
                else:
                    is_legal = action in legal
            except Exception:
                is_legal = False
            if not is_legal:
                end = 'illegal'
                detail = {'action': encode_value(action), 'repr': _repr(action)['$repr'],
                          'legal': [encode_value(a) for a in legal]}
                break
        elif opponent == 'directional':
            action = directional_ghost_move(state, mover, legal, opponents)
        elif policy is not None:  # a searching opponent: the grader's move for every state
            action = policy[str(state)]
            if rules:  # the grader names a move by its text: the rules' own move of that name
                action = next(a for a in legal if (a if isinstance(a, str) else repr(a)) == action)
        else:
            action = opponents.choice(legal)
        moves.append([mover, encode_value(action)])
        state = state.generateSuccessor(mover, action)
    return {'moves': moves, 'seconds': seconds, 'end': end, 'detail': detail,
            'score': encode_value(state.getScore())}


def frozen(value):
    """A position written in a request (JSON: lists) as a rules world's state: every list a
    tuple, so that it hashes as the rules' own states do."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    return value


def type_shape(obj, depth=0):
    """The exact types of a returned value, as people read them: `list[tuple[int, int]]`,
    `list[tuple[int64, int64]]` for numpy's integers, `dict`, `NoneType`; for the criteria that
    judge a value's format where equal values of other types would pass."""
    if depth > 6:
        return type(obj).__name__
    if type(obj) in (list, tuple):
        return '%s[%s]' % (type(obj).__name__,
                           ', '.join(type_shape(item, depth + 1) for item in obj[:32]))
    return type(obj).__name__


def explore(problem, limit, heuristic=None, values=False, max_depth=None):
    """Breadth-first over a student's search problem object (getStartState, isGoalState,
    getSuccessors; states compared as the student's own search compares them: by == and hash,
    or, for a state Python cannot hash, by == through frozen_key), expanding at most `limit`
    states and, with `max_depth`, none that many actions from the start (those are listed with
    their goal test and h, without successors, and `cut` names them). Per state, in the order
    found: its text, whether it is a goal, its successors [action, index, cost], the state it
    was first found from and by which action, and h(state, problem) when a heuristic is given;
    `unhashable` names the type of the first state without a hash; with `values`, each state as
    the driver encodes a value (what a problem object built from the table hands a search). A
    call that raises fails the op with the actions that led to the state (the exception's
    sg_explore_path)."""
    start = problem.getStartState()
    action_code = ActionCodes()
    states, index = [start], StateIndex()
    index.add(start, 0)
    parent, action_in, depth = [-1], [None], [0]
    goal, successors, h, cut = [], [], [], []

    def path_to(i):
        actions = []
        while parent[i] >= 0:
            actions.append(action_in[i])
            i = parent[i]
        return list(reversed(actions))

    expanded = 0
    while expanded < len(states) and expanded < limit:
        i = expanded
        state = states[i]
        try:
            goal.append(bool(problem.isGoalState(state)))
            if heuristic is not None:
                value = heuristic(state, problem)
                h.append(value if _plain_number(value) else encode_value(value))
            listed = []
            if max_depth is not None and depth[i] >= max_depth:
                cut.append(i)
            else:
                for successor, action, cost in problem.getSuccessors(state):
                    found = index.get(successor)
                    if found is None:
                        found = len(states)
                        index.add(successor, found)
                        states.append(successor)
                        parent.append(i)
                        action_in.append(action)
                        depth.append(depth[i] + 1)
                    listed.append([action_code(action), found,
                                   cost if _plain_number(cost) else encode_value(cost)])
        except BaseException as exc:
            exc.sg_explore_path = path_to(i)
            exc.sg_explore_state = state_text(state)
            raise
        successors.append(listed)
        expanded += 1
    texts, encoded = texts_and_values(states, values)
    result = {'states': texts, 'goal': goal,
              'successors': successors, 'parent': parent,
              'action': [encode_value(a) for a in action_in], 'complete': expanded == len(states)}
    if heuristic is not None:
        result['h'] = h
    if values:
        result['values'] = encoded
    if max_depth is not None:
        result['cut'] = cut
    if index.unhashable is not None:
        state, reason = index.unhashable
        result['unhashable'] = {'state': state_text(state), 'reason': reason}
    return result


def split_lines(text):
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()   # a trailing newline does not start another line
    return lines


def literal_line(line):
    if len(line) > MAX_LITERAL_LINE:
        return None
    try:
        return encode_value(ast.literal_eval(line.strip()))
    except Exception:   # SyntaxError, ValueError, RecursionError, MemoryError, ...
        return None


def _literal_end(text, start):
    """End of the literal that starts at text[start]: a bracketed one
    ({...}, [...], (...), with quotes inside respected), a quoted string, or
    a bare token (a number, None, True, False).  None if brackets do not
    close."""
    opening = text[start]
    if opening in '{[(':
        depth, i, n = 0, start, len(text)
        while i < n:
            c = text[i]
            if c in '\'"':
                i = _string_end(text, i)
                if i is None:
                    return None
                continue
            if c in '{[(':
                depth += 1
            elif c in '}])':
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return None
    if opening in '\'"':
        return _string_end(text, start)
    i = start
    while i < len(text) and not text[i].isspace() and text[i] not in ',;':
        i += 1
    return i


def _string_end(text, start):
    quote, i, n = text[start], start + 1, len(text)
    while i < n:
        if text[i] == '\\':
            i += 2
            continue
        if text[i] == quote:
            return i + 1
        i += 1
    return None


def literal_items(text):
    """The Python literals in `text`, in order, whatever separates them:
    str(pq) as the course's __str__ writes it (its dicts joined by one
    space) reads the same as one dict per line.  A text that is one list or
    tuple of dicts gives its elements.  None when any part of the text is not
    a literal."""
    if len(text) > MAX_LITERAL_TEXT:
        return None
    items, i, n = [], 0, len(text)
    try:
        while i < n:
            if text[i].isspace() or text[i] in ',;':
                i += 1
                continue
            end = _literal_end(text, i)
            if end is None or end == i:
                return None
            items.append(ast.literal_eval(text[i:end]))
            i = end
    except Exception:   # SyntaxError, ValueError, RecursionError, MemoryError, ...
        return None
    if (len(items) == 1 and isinstance(items[0], (list, tuple)) and items[0]
            and all(isinstance(item, dict) for item in items[0])):
        items = list(items[0])
    return [encode_value(item) for item in items]


def describe_name(module, name):
    defined = hasattr(module, name)
    if not defined:
        return {'defined': False, 'callable': False, 'kind': None}
    obj = getattr(module, name)
    if isinstance(obj, type):
        kind = 'class'
    elif isinstance(obj, (types.FunctionType, types.BuiltinFunctionType,
                          types.MethodType, types.BuiltinMethodType)):
        kind = 'function'
    else:
        kind = 'other'
    return {'defined': True, 'callable': callable(obj), 'kind': kind}


# ---------------------------------------------------------------- main

class ProgressReporter(object):
    """While a phase runs, every PROGRESS_CPU_SECONDS of CPU time (SIGPROF), emits what
    it has printed to stdout since the last report, as a 'partial' record tagged with
    the phase, so that a phase killed at its time limit still shows what it printed.
    It reads the capture file with pread (the student's writes are not disturbed) and
    never flushes the student's streams (a flush inside a handler could interrupt a
    print in progress).  Where the timer cannot be set, nothing is reported."""

    def __init__(self, stream, tag, out_file, limit):
        self.stream = stream
        self.tag = tag
        self.fd = out_file.fileno()
        self.limit = min(limit, PROGRESS_LIMIT)
        self.sent = 0
        self.decoder = codecs.getincrementaldecoder('utf-8')('replace')
        self.previous = None
        self.active = False

    def start(self):
        if self.stream is None or _setitimer is None or _os_pread is None:
            return
        try:
            self.previous = _signal_signal(signal.SIGPROF, self._on_tick)
            _setitimer(signal.ITIMER_PROF, PROGRESS_CPU_SECONDS, PROGRESS_CPU_SECONDS)
            self.active = True
        except (ValueError, OSError):
            pass

    def stop(self):
        if not self.active:
            return
        self.active = False
        try:
            _setitimer(signal.ITIMER_PROF, 0, 0)
            _signal_signal(signal.SIGPROF, self.previous if self.previous is not None
                           else signal.SIG_DFL)
        except (ValueError, OSError, TypeError):
            pass

    def _on_tick(self, signum, frame):
        if not self.active or self.sent >= self.limit:
            return
        try:
            data = _os_pread(self.fd, min(1 << 16, self.limit - self.sent), self.sent)
        except OSError:
            return
        if not data:
            return
        self.sent += len(data)
        text = self.decoder.decode(data)
        if text:
            record = {'sg': 'partial', 'stdout': text}
            record.update(self.tag)
            self.stream.emit(record)


def run_phase(streams, limit, action, stream=None, tag=None):
    """Runs action() with fds 1/2 captured; returns (ok, fields).  With `stream`,
    what the phase prints is reported as it runs (ProgressReporter, tagged `tag`)."""
    try:
        files = streams.begin_capture()
    except OSError as exc:
        # Typically the student has used up every file descriptor.  Without
        # capture files the phase cannot be observed, so it is not run.
        error = describe_error(exc)
        error['message'] = 'cannot capture output, step not run: %s' % error['message']
        return False, {'error': error, 'stdout': '', 'stdout_bytes': 0,
                       'stdout_truncated': False, 'stderr': '', 'stderr_bytes': 0,
                       'stderr_truncated': False, 'seconds': 0.0}
    start = _perf_counter()
    progress = ProgressReporter(stream, tag or {}, files[0], limit)
    progress.start()
    try:
        fields = action()
        ok = True
    except BaseException as exc:   # SystemExit, KeyboardInterrupt, MemoryError too
        fields = {'error': describe_error(exc)}
        if isinstance(getattr(exc, 'sg_map_index', None), int):
            fields['error']['index'] = exc.sg_map_index
        if isinstance(getattr(exc, 'sg_explore_path', None), list):
            fields['error']['path'] = exc.sg_explore_path
            fields['error']['state'] = exc.sg_explore_state
        ok = False
    finally:
        progress.stop()
        seconds = _perf_counter() - start
        captured = streams.end_capture(files, limit)
    fields = dict(fields)
    fields.update(captured)
    fields['seconds'] = round(seconds, 6)
    return ok, fields


def read_request(raw):
    try:
        request = json.loads(raw.decode('utf-8'))
    except ValueError as exc:
        raise RequestError('request is not JSON: %s' % exc)
    if not isinstance(request, dict):
        raise RequestError('request must be a JSON object')
    if request.get('protocol') != PROTOCOL:
        raise RequestError('unsupported protocol %r' % (request.get('protocol'),))
    if not isinstance(request.get('module'), str) or not request['module']:
        raise RequestError('request needs a module name')
    steps = request.get('steps', [])
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise RequestError('steps must be a list of objects')
    limit = request.get('capture_limit_bytes', DEFAULT_CAPTURE_LIMIT)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise RequestError('capture_limit_bytes must be a non-negative integer')
    intake = request.get('intake', 'import')
    if intake not in ('import', 'definitions'):
        raise RequestError('intake must be "import" or "definitions"')
    return request['module'], steps, limit, intake


def import_submission(streams, stream, module_name, limit, intake):
    """The import phase: emits the import record; returns the module or None."""
    sys.path.insert(0, os.getcwd())
    sys.argv = [module_name + '.py']
    holder = {}

    def do_import():
        if intake == 'definitions':
            holder['module'], record = load_definitions(module_name)
            return {'intake': record}
        holder['module'] = importlib.import_module(module_name)
        return {}

    ok, fields = run_phase(streams, limit, do_import, stream, {'phase': 'import'})
    record = {'sg': 'import', 'ok': ok}
    record.update(fields)
    stream.emit(record)
    return holder.get('module') if ok else None


def run_steps(streams, stream, module, steps, limit):
    """Runs a test's steps against the imported module, then emits done."""
    session = Session(module)
    for index, step in enumerate(steps):
        stream.emit({'sg': 'begin', 'index': index})
        ok, fields = run_phase(streams, limit, lambda: session.run(step), stream,
                               {'index': index})
        record = {'sg': 'step', 'index': index, 'ok': ok}
        record.update(fields)
        stream.emit(record)
    stream.emit({'sg': 'done'})


def open_protocol(**hello):
    """Takes fds 0-2 over for a driver run: stdin detached, the protocol stream
    on a private copy of fd 1, fd 1 itself at /dev/null between phases.
    Emits hello (with `hello`'s extra keys); returns (streams, stream)."""
    streams = StdStreams()
    streams.detach_stdin()
    stream = ProtocolStream(os.dup(1))
    _os_dup2(streams.devnull, 1)
    streams.install()
    record = {'sg': 'hello', 'protocol': PROTOCOL,
              'python': '%d.%d.%d' % tuple(sys.version_info[:3])}
    record.update(hello)
    stream.emit(record)
    return streams, stream


def bad_request(exc):
    sys.stderr.write('python_driver: bad request: %s\n' % exc)
    sys.stderr.flush()
    os._exit(2)


def _restore_course_python():
    """Runs the spec's restoring module (submission.python.restore), as a program's
    sitecustomize would run: names the course's older Python had, put back before the
    student's code is imported (grader/languages/interpreter_compat.h)."""
    path = os.path.join('.searchgrader', 'compat', 'sitecustomize.py')
    if os.path.exists(path):
        with open(path) as source:
            exec(compile(source.read(), path, 'exec'), {'__name__': 'searchgrader_compat'})


def main():
    _note_driver_files()
    _restore_course_python()
    if sys.argv[1:] == ['--serve']:
        serve()
    raw = sys.stdin.buffer.read()
    streams, stream = open_protocol()
    try:
        module_name, steps, limit, intake = read_request(raw)
    except RequestError as exc:
        bad_request(exc)

    module = import_submission(streams, stream, module_name, limit, intake)
    if module is not None:
        run_steps(streams, stream, module, steps, limit)
    else:
        stream.emit({'sg': 'done'})
    # Leave at once: no student atexit handlers, and no waiting on threads
    # the student may have left running.
    os._exit(0)


# ---------------------------------------------------------------- fork server

MAX_CONTROL_MESSAGE = 1 << 20


class ForkServer(object):
    """The driver as a fork server (docs/driver-protocol.md, "Fork server").

    fd 0 is a SOCK_SEQPACKET unix socket to the grader.  The first message is
    the import request (module, intake, capture limit); the import runs once,
    with its records on stdout as in a one-shot run.  Then "ready" goes to the
    grader, and each further message forks one test: a JSON header with the
    test's stdin, stdout and stderr passed as descriptors.  The fork runs the
    request it reads from that stdin (or execs the header's argv) and the
    server reports its wait status.  A closed socket ends the server.
    """

    def __init__(self):
        import ctypes
        import socket
        self.socket_module = socket
        self.control = socket.socket(fileno=os.dup(0))
        try:
            self.libc = ctypes.CDLL(None, use_errno=True)
        except OSError:
            self.libc = None
        self.pid = os.getpid()
        # Bound before the student's import can replace them.
        self.fork = os.fork
        self.waitpid = os.waitpid
        self.close = os.close
        self.execvpe = os.execvpe
        self.setrlimit = None
        try:
            import resource
            self.setrlimit = resource.setrlimit
            self.rlimit_cpu = resource.RLIMIT_CPU
        except ImportError:
            pass

    def prctl(self, option, value):
        if self.libc is not None:
            try:
                self.libc.prctl(option, value, 0, 0, 0)
            except Exception:
                pass

    def receive(self):
        """One message and the descriptors that came with it; (b'', []) at the end."""
        socket = self.socket_module
        space = socket.CMSG_SPACE(8 * 4)
        while True:
            try:
                data, ancillary, flags, _ = self.control.recvmsg(MAX_CONTROL_MESSAGE, space)
                break
            except InterruptedError:
                continue
            except OSError:
                return b'', []
        fds = []
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                usable = len(payload) - len(payload) % 4
                for i in range(0, usable, 4):
                    fds.append(int.from_bytes(payload[i:i + 4], sys.byteorder, signed=True))
        return data, fds

    def send(self, record):
        try:
            self.control.send(_json_dumps(record).encode('utf-8'))
        except OSError:
            os._exit(0)   # the grader is gone

    def run(self):
        streams, stream = open_protocol(forks=True)
        raw, fds = self.receive()
        for fd in fds:
            self.close(fd)
        try:
            module_name, _, limit, intake = read_request(raw)
        except RequestError as exc:
            bad_request(exc)
        module = import_submission(streams, stream, module_name, limit, intake)
        if module is None:
            stream.emit({'sg': 'done'})
            os._exit(0)
        if os.getpid() != self.pid:
            # A process the module forked while it was imported: only the server serves.
            os._exit(0)
        import signal
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)   # waitpid must see our forks
        # A test must not read or write this process's memory through /proc.
        self.prctl(PR_SET_DUMPABLE, 0)
        self.send({'ready': True})
        while True:
            data, fds = self.receive()
            if not data:
                os._exit(0)
            try:
                header = json.loads(data.decode('utf-8'))
                if not isinstance(header, dict) or len(fds) != 3:
                    raise ValueError('expected a JSON object and three descriptors')
            except ValueError as exc:
                for fd in fds:
                    self.close(fd)
                self.send({'error': str(exc)})
                continue
            pid = self.fork()
            if pid == 0:
                self.test(header, fds, streams, stream, module, limit)
            for fd in fds:
                self.close(fd)
            status = -1
            while True:
                try:
                    status = self.waitpid(pid, 0)[1]
                    break
                except InterruptedError:
                    continue
                except ChildProcessError:
                    break
            self.send({'ended': True, 'status': status})

    def test(self, header, fds, streams, stream, module, limit):
        """In the fork: becomes the test's process; never returns."""
        try:
            self.control.close()
            self.prctl(PR_SET_PDEATHSIG, 9)
            if os.getppid() != self.pid:
                os._exit(70)   # the server is already gone
            self.prctl(PR_SET_DUMPABLE, 1)
            try:
                with open('/proc/self/oom_score_adj', 'w') as adj:
                    adj.write('1000')   # the OOM killer takes the test, not the server
            except OSError:
                pass
            cpu = header.get('rlimit_cpu')
            cpu_problem = None
            if self.setrlimit is not None and isinstance(cpu, int) and cpu > 0:
                try:
                    self.setrlimit(self.rlimit_cpu, (cpu, cpu))
                except (ValueError, OSError) as exc:
                    # Only lowering is allowed: the import lowered its own hard limit.
                    cpu_problem = exc
            for target, fd in enumerate(fds):
                _os_dup2(fd, target)
            if cpu_problem is not None:
                _os_write(2, ('searchgrader: cannot set this test\'s CPU backstop to %d s (%s); '
                              'it keeps the limit the import left\n' % (cpu, cpu_problem))
                          .encode('utf-8', 'replace'))
            for fd in set(fds):
                if fd > 2:
                    self.close(fd)
            for fd in (stream.fd, streams.devnull, streams.saved_err):
                try:
                    self.close(fd)
                except OSError:
                    pass
        except BaseException:
            os._exit(71)
        argv = header.get('argv')
        environment = header.get('environment') or {}
        if argv:
            try:
                self.execvpe(argv[0], argv, dict(os.environ, **environment))
            except BaseException as exc:
                _os_write(2, ('cannot run %s: %s\n' % (argv[0], exc)).encode('utf-8', 'replace'))
            os._exit(127)
        if header.get('run'):
            run_python_file(header['run'], environment)
        raw = b''
        while True:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                break
            raw += chunk
        streams, stream = open_protocol(forked=True)
        try:
            _, steps, step_limit, _ = read_request(raw)
        except RequestError as exc:
            bad_request(exc)
        # The import ran once, in the server; what it printed is reported there.
        stream.emit({'sg': 'import', 'ok': True, 'forked': True, 'seconds': 0.0,
                     'stdout': '', 'stderr': '', 'stdout_bytes': 0, 'stdout_truncated': False,
                     'stderr_bytes': 0, 'stderr_truncated': False})
        run_steps(streams, stream, module, steps, step_limit)
        os._exit(0)


def run_python_file(argv, environment):
    """In a fork: runs the file argv[0] as `python3 FILE ARGS` would; never returns."""
    import runpy
    os.environ.update(environment)
    # The standard streams over fds 0-2 as `python3 FILE` has them, and no other descriptor.
    sys.stdin = io.TextIOWrapper(io.FileIO(0, 'r', closefd=False), encoding='utf-8')
    sys.stdout = io.TextIOWrapper(io.FileIO(1, 'w', closefd=False), encoding='utf-8')
    sys.stderr = io.TextIOWrapper(io.FileIO(2, 'w', closefd=False), encoding='utf-8',
                                  errors='backslashreplace', line_buffering=True)
    sys.argv = list(argv)
    code = 0
    try:
        runpy.run_path(argv[0], run_name='__main__')
    except SystemExit as exc:
        if exc.code is None:
            code = 0
        elif isinstance(exc.code, int):
            code = exc.code & 0xff
        else:
            sys.stderr.write('%s\n' % (exc.code,))
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    os._exit(code)


PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4


def serve():
    ForkServer().run()
    os._exit(0)


if __name__ == '__main__':
    main()
