"""Teeko, as UW-Madison CS540's game AI assignment plays it, written for SearchGrader (AIMA's Game).

A state is (rows, mover): rows are the board's five rows, top first, each five characters:
'b' (black), 'r' (red) or '.' (empty); mover is the colour to move. Black moves first. While
fewer than 8 pieces are on the board (the drop phase), a move places a piece of the mover's on
an empty square: [(row, col)]. After it, a move slides one of the mover's pieces to one of the
8 squares around it that is empty: [(row, col), (source_row, source_col)]. Moves are written as
the handout's make_move returns them: a list of (row, col) tuples, the destination first.

A player wins with 4 of their pieces in a row (horizontally, vertically or diagonally) or on
the 4 corners of a 2 x 2 square. The utility is +1 for the player asked about when they have
won, -1 when the other has; evaluate is 0 where a search stops before the game ends.
"""

PIECES = ('b', 'r')


class Teeko:
    def __init__(self, rows=None, mover='b'):
        self.initial = (tuple(rows) if rows else ('.....',) * 5, mover)

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        rows, mover = state
        if self.winner(state) is not None:
            return []
        pieces = sum(row.count('b') + row.count('r') for row in rows)
        empty = [(r, c) for r in range(5) for c in range(5) if rows[r][c] == '.']
        if pieces < 8:
            return [[square] for square in empty]
        moves = []
        for r in range(5):
            for c in range(5):
                if rows[r][c] != mover:
                    continue
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        row, col = r + dr, c + dc
                        if (dr or dc) and 0 <= row < 5 and 0 <= col < 5 and rows[row][col] == '.':
                            moves.append([(row, col), (r, c)])
        return moves

    def result(self, state, move):
        rows, mover = state
        board = [list(row) for row in rows]
        if len(move) == 2:
            source_row, source_col = move[1]
            board[source_row][source_col] = '.'
        row, col = move[0]
        board[row][col] = mover
        return (tuple(''.join(row) for row in board), 'r' if mover == 'b' else 'b')

    def winner(self, state):
        rows = state[0]
        for r in range(5):
            for c in range(5):
                for cells in ([(r, c + i) for i in range(4)],
                              [(r + i, c) for i in range(4)],
                              [(r + i, c + i) for i in range(4)],
                              [(r + i, c - i) for i in range(4)],
                              [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]):
                    if all(0 <= a < 5 and 0 <= b < 5 for a, b in cells):
                        first = rows[cells[0][0]][cells[0][1]]
                        if first != '.' and all(rows[a][b] == first for a, b in cells):
                            return first
        return None

    def is_terminal(self, state):
        return self.winner(state) is not None

    def utility(self, state, player):
        won = self.winner(state)
        if won is None:
            return 0
        return 1 if won == player else -1

    def evaluate(self, state, player):
        return 0

    def board(self, state):
        """The board as the handout's TeekoPlayer holds it: a list of 5 lists of 5 characters,
        ' ' for an empty square."""
        return [[' ' if cell == '.' else cell for cell in row] for row in state[0]]

    def show(self, state):
        """The position for people: the rows with their numbers, and who moves."""
        lines = ['    0 1 2 3 4']
        for r, row in enumerate(state[0]):
            lines.append('%d:  %s' % (r, ' '.join(row)))
        lines.append('%s to move' % state[1])
        return '\n'.join(lines)
