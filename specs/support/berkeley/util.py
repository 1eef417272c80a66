# util.py: the data structures the Berkeley-style search assignment hands out, written for
# SearchGrader (not the Berkeley original). search.py does `import util` and builds its
# frontier from these: Stack (LIFO), Queue (FIFO), PriorityQueue (least priority first; equal
# priorities leave in the order they came) and PriorityQueueWithFunction. The multi-agent
# project's agents use manhattanDistance, Counter, nearestPoint, flipCoin and the sampling
# helpers. The grader places this file beside the student's code, replacing any copy of it in
# the submission.

import heapq
import random
import sys


class Stack:
    "A container with a last-in-first-out (LIFO) queuing policy."

    def __init__(self):
        self.list = []

    def push(self, item):
        "Push 'item' onto the stack"
        self.list.append(item)

    def pop(self):
        "Pop the most recently pushed item from the stack"
        return self.list.pop()

    def isEmpty(self):
        "Returns true if the stack is empty"
        return len(self.list) == 0


class Queue:
    "A container with a first-in-first-out (FIFO) queuing policy."

    def __init__(self):
        self.list = []

    def push(self, item):
        "Enqueue the 'item' into the queue"
        self.list.insert(0, item)

    def pop(self):
        "Dequeue the earliest enqueued item still in the queue."
        return self.list.pop()

    def isEmpty(self):
        "Returns true if the queue is empty"
        return len(self.list) == 0


class PriorityQueue:
    """Each item has a priority; pop() returns the item of least priority, and among equal
    priorities the one pushed first. update() lowers an item's priority (or pushes it)."""

    def __init__(self):
        self.heap = []
        self.count = 0

    def push(self, item, priority):
        heapq.heappush(self.heap, (priority, self.count, item))
        self.count += 1

    def pop(self):
        (_, _, item) = heapq.heappop(self.heap)
        return item

    def isEmpty(self):
        return len(self.heap) == 0

    def update(self, item, priority):
        """If item is already queued with a higher priority, lower its priority (it keeps its
        place among equals); if it is queued with an equal or lower priority, do nothing;
        otherwise push it."""
        for index, (p, c, i) in enumerate(self.heap):
            if i == item:
                if p <= priority:
                    break
                del self.heap[index]
                self.heap.append((priority, c, item))
                heapq.heapify(self.heap)
                break
        else:
            self.push(item, priority)


class PriorityQueueWithFunction(PriorityQueue):
    """A PriorityQueue whose push() takes the item only; the priority is priorityFunction(item)."""

    def __init__(self, priorityFunction):
        self.priorityFunction = priorityFunction
        PriorityQueue.__init__(self)

    def push(self, item):
        "Adds an item to the queue with priority from the priority function"
        PriorityQueue.push(self, item, self.priorityFunction(item))


def manhattanDistance(xy1, xy2):
    "Returns the Manhattan distance between points xy1 and xy2"
    return abs(xy1[0] - xy2[0]) + abs(xy1[1] - xy2[1])


def nearestPoint(pos):
    "The grid point nearest a position (a half square rounds up)."
    return (int(pos[0] + 0.5), int(pos[1] + 0.5))


def sign(x):
    "1 for x >= 0, else -1."
    return 1 if x >= 0 else -1


def flipCoin(p):
    "True with probability p."
    return random.random() < p


def normalize(vectorOrCounter):
    "The values scaled to sum to 1 (a Counter stays a Counter; a list of 0s stays as it is)."
    if isinstance(vectorOrCounter, Counter):
        counter = Counter()
        total = float(vectorOrCounter.totalCount())
        if total == 0:
            return counter
        for key, value in vectorOrCounter.items():
            counter[key] = value / total
        return counter
    total = float(sum(vectorOrCounter))
    return list(vectorOrCounter) if total == 0 else [v / total for v in vectorOrCounter]


def sample(distribution, values=None):
    "One of values (or of a Counter's keys) drawn with the distribution's weights."
    if isinstance(distribution, Counter):
        items = sorted(distribution.items())
        distribution = [item[1] for item in items]
        values = [item[0] for item in items]
    if sum(distribution) != 1:
        distribution = normalize(distribution)
    choice, total, i = random.random(), distribution[0], 0
    while choice > total:
        i += 1
        total += distribution[i]
    return values[i]


def chooseFromDistribution(distribution):
    "A value drawn from a Counter, or from a list of (probability, value) pairs."
    if isinstance(distribution, (dict, Counter)):
        return sample(distribution)
    r, base = random.random(), 0.0
    for prob, element in distribution:
        base += prob
        if r <= base:
            return element
    return distribution[-1][1]


class Counter(dict):
    """A dict whose missing keys count 0 (Berkeley's util.Counter): argMax, sortedKeys,
    totalCount, normalize, divideAll, incrementAll, and + - * (the dot product) between
    counters."""

    def __getitem__(self, key):
        self.setdefault(key, 0)
        return dict.__getitem__(self, key)

    def incrementAll(self, keys, count):
        for key in keys:
            self[key] += count

    def argMax(self):
        "The key with the largest value (None when empty)."
        if len(self) == 0:
            return None
        items = list(self.items())
        values = [item[1] for item in items]
        return items[values.index(max(values))][0]

    def sortedKeys(self):
        "The keys, largest value first."
        return [key for key, _ in sorted(self.items(), key=lambda item: -item[1])]

    def totalCount(self):
        return sum(self.values())

    def normalize(self):
        total = float(self.totalCount())
        if total == 0:
            return
        for key in list(self.keys()):
            self[key] = self[key] / total

    def divideAll(self, divisor):
        divisor = float(divisor)
        for key in self:
            self[key] /= divisor

    def copy(self):
        return Counter(dict.copy(self))

    def __mul__(self, y):
        "The dot product of two counters."
        small, big = (self, y) if len(self) <= len(y) else (y, self)
        return sum(small[key] * big[key] for key in small if key in big)

    def __radd__(self, y):
        for key, value in y.items():
            self[key] += value

    def __add__(self, y):
        added = Counter()
        for key in set(self) | set(y):
            added[key] = (self[key] if key in self else 0) + (y[key] if key in y else 0)
        return added

    def __sub__(self, y):
        subtracted = Counter()
        for key in set(self) | set(y):
            subtracted[key] = (self[key] if key in self else 0) - (y[key] if key in y else 0)
        return subtracted


def raiseNotDefined():
    "Marks a function the student has not written yet."
    import inspect
    caller = inspect.stack()[1][3]
    print("*** Method not implemented: %s" % caller)
    sys.exit(1)


def lookup(name, namespace):
    """The function or class called `name`: from `namespace` (a module's globals()), or else the
    one attribute of that name among the modules it holds. How an agent finds its evaluation
    function from the name on the command line (evalFn='scoreEvaluationFunction')."""
    if name in namespace:
        return namespace[name]
    import types
    found = [getattr(module, name) for module in namespace.values()
             if isinstance(module, types.ModuleType) and hasattr(module, name)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise Exception('Name conflict for %s' % name)
    raise Exception('%s not found as a method or class' % name)
