"""The Tower of Hanoi as a course writes it for AIMA's 3rd edition (a Problem with goal_test and
path_cost), for SearchGrader: a rules world as it is.

n discs, numbered 0 (the smallest) to n - 1, on pegs 'A', 'B', 'C'; a state is the peg of each
disc, smallest first: ('A', 'A', 'A') has every disc on A. An action (from_peg, to_peg) moves the
top disc of from_peg onto to_peg, which must be empty or have a larger disc on top; it costs the
disc's size (disc i weighs i + 1). The goal: every disc on 'C'. h(node): the sizes of the discs
not on the goal peg, each of which must move at least once (admissible and consistent).
"""

PEGS = ('A', 'B', 'C')


class Hanoi:
    def __init__(self, discs=3, goal_peg='C'):
        self.initial = ('A',) * discs
        self.goal = (goal_peg,) * discs

    def top(self, state, peg):
        """The smallest disc on `peg`, or None."""
        on = [disc for disc, where in enumerate(state) if where == peg]
        return min(on) if on else None

    def actions(self, state):
        moves = []
        for source in PEGS:
            moving = self.top(state, source)
            if moving is None:
                continue
            for target in PEGS:
                below = self.top(state, target)
                if target != source and (below is None or below > moving):
                    moves.append((source, target))
        return moves

    def result(self, state, action):
        disc = self.top(state, action[0])
        return state[:disc] + (action[1],) + state[disc + 1:]

    def goal_test(self, state):
        return state == self.goal

    def path_cost(self, c, state1, action, state2):
        return c + self.top(state1, action[0]) + 1

    def h(self, node):
        return sum(disc + 1 for disc, peg in enumerate(node.state) if peg != self.goal[0])
