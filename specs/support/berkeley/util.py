# util.py: the data structures the Berkeley-style search assignment hands out, written for
# SearchGrader (not the Berkeley original). search.py does `import util` and builds its
# frontier from these: Stack (LIFO), Queue (FIFO), PriorityQueue (least priority first; equal
# priorities leave in the order they came) and PriorityQueueWithFunction. The grader places this
# file beside the student's search.py, replacing any copy of it in the submission.

import heapq
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
