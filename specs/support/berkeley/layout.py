# layout.py: a Pacman world read from the `.lay` text form, as Berkeley's layout module reads it,
# written for SearchGrader (not the Berkeley original). '%' a wall, '.' food, 'o' a capsule,
# 'P' Pacman, 'G' a ghost ('1' to '4': a ghost with its index); (x, y) with y from the bottom.
# The grader builds a game state from it the way pacman.py does:
#   state = pacman.GameState(); state.initialize(layout.Layout(lines), numGhostAgents)

from game import Grid


class Layout:
    """The static parts of a world: walls, food and capsules where they start, and where each
    agent starts (agentPositions: (isPacman, (x, y)), Pacman first, then the ghosts)."""

    def __init__(self, layoutText):
        self.layoutText = [line.rstrip() for line in layoutText]
        while self.layoutText and not self.layoutText[-1]:
            self.layoutText.pop()
        self.width = len(self.layoutText[0])
        self.height = len(self.layoutText)
        self.walls = Grid(self.width, self.height, False)
        self.food = Grid(self.width, self.height, False)
        self.capsules = []
        self.agentPositions = []
        self.numGhosts = 0
        maxY = self.height - 1
        for y in range(self.height):
            for x in range(self.width):
                self.processLayoutChar(x, y, self.layoutText[maxY - y][x])
        self.agentPositions.sort()
        self.agentPositions = [(i == 0, pos) for i, pos in self.agentPositions]
        self.totalFood = len(self.food.asList())

    def processLayoutChar(self, x, y, layoutChar):
        if layoutChar == '%':
            self.walls[x][y] = True
        elif layoutChar == '.':
            self.food[x][y] = True
        elif layoutChar == 'o':
            self.capsules.append((x, y))
        elif layoutChar == 'P':
            self.agentPositions.append((0, (x, y)))
        elif layoutChar == 'G':
            self.agentPositions.append((1, (x, y)))
            self.numGhosts += 1
        elif layoutChar in '1234':
            self.agentPositions.append((int(layoutChar), (x, y)))
            self.numGhosts += 1

    def getNumGhosts(self):
        return self.numGhosts

    def isWall(self, pos):
        x, col = pos
        return self.walls[x][col]

    def __str__(self):
        return '\n'.join(self.layoutText)
