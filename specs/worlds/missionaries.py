"""Missionaries and cannibals (AIMA, exercise 3.9), as the course's rules for SearchGrader.

Three missionaries and three cannibals are on the left bank with a boat that holds one or two.
Cross them all to the right bank without ever leaving missionaries outnumbered by cannibals on
either bank. A state is (missionaries on the left, cannibals on the left, boat on the left?);
an action is (missionaries, cannibals) in the boat. With fares, a crossing costs 1 and each
cannibal aboard pays 1 more: the cheapest crossing is not always the shortest.
"""

BOAT_LOADS = [(1, 0), (2, 0), (0, 1), (0, 2), (1, 1)]


class Missionaries:
    def __init__(self, missionaries=3, cannibals=3, fares=False):
        self.m = missionaries
        self.c = cannibals
        self.fares = fares
        self.initial = (missionaries, cannibals, True)
        self.goal = (0, 0, False)

    def safe(self, m, c):
        # Nobody is eaten on a bank with no missionaries, or with at least as many of them.
        return (m == 0 or m >= c) and (self.m - m == 0 or self.m - m >= self.c - c)

    def actions(self, state):
        m, c, boat_left = state
        legal = []
        for dm, dc in BOAT_LOADS:
            if boat_left:
                nm, nc = m - dm, c - dc
            else:
                nm, nc = m + dm, c + dc
            if 0 <= nm <= self.m and 0 <= nc <= self.c and self.safe(nm, nc):
                legal.append((dm, dc))
        return legal

    def result(self, state, action):
        m, c, boat_left = state
        dm, dc = action
        if boat_left:
            return (m - dm, c - dc, False)
        return (m + dm, c + dc, True)

    def is_goal(self, state):
        return state == self.goal

    def action_cost(self, state, action, next_state):
        if self.fares:
            return 1 + action[1]
        return 1

    def h(self, state):
        # Each crossing carries at most two people: a lower bound on the crossings left.
        m, c, _ = state
        return (m + c + 1) // 2
