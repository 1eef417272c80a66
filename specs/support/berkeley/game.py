# game.py: the part of Berkeley's game module that search.py, searchAgents.py and multiAgents.py
# use, written for SearchGrader (not the Berkeley original): the names of the directions Pacman
# moves in and the vector of each (Directions, Actions), a configuration (a position and a
# direction), a boolean Grid indexed grid[x][y] (walls, food) and the Agent base class.
# search.py does `from game import Directions`; searchAgents.py `from game import Directions,
# Agent, Actions`; multiAgents.py `from game import Agent`.


class Directions:
    NORTH = 'North'
    SOUTH = 'South'
    EAST = 'East'
    WEST = 'West'
    STOP = 'Stop'

    LEFT = {NORTH: WEST, SOUTH: EAST, EAST: NORTH, WEST: SOUTH, STOP: STOP}
    RIGHT = dict([(y, x) for x, y in LEFT.items()])
    REVERSE = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST, STOP: STOP}


class Configuration:
    """Where an agent is ((x, y), y growing northwards) and the direction it faces."""

    def __init__(self, pos, direction):
        self.pos = pos
        self.direction = direction

    def getPosition(self):
        return self.pos

    def getDirection(self):
        return self.direction

    def __eq__(self, other):
        return isinstance(other, Configuration) and \
            (self.pos, self.direction) == (other.pos, other.direction)

    def __hash__(self):
        return hash((self.pos, self.direction))

    def __str__(self):
        return '(x,y)=%s, %s' % (self.pos, self.direction)


class AgentState:
    """An agent's configuration where it started and now, and whether it is Pacman."""

    def __init__(self, startConfiguration, isPacman):
        self.start = startConfiguration
        self.configuration = startConfiguration
        self.isPacman = isPacman
        self.scaredTimer = 0

    def getPosition(self):
        return None if self.configuration is None else self.configuration.getPosition()

    def getDirection(self):
        return self.configuration.getDirection()

    def copy(self):
        state = AgentState(self.start, self.isPacman)
        state.configuration = self.configuration
        state.scaredTimer = self.scaredTimer
        return state


class Grid:
    """A width x height grid of values (booleans for walls and food), indexed grid[x][y] with y
    counted from the bottom row."""

    def __init__(self, width, height, initialValue=False):
        self.width = width
        self.height = height
        self.data = [[initialValue for _ in range(height)] for _ in range(width)]

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, key, item):
        self.data[key] = item

    def __str__(self):
        rows = [[str(self.data[x][y])[0] for x in range(self.width)]
                for y in range(self.height)]
        rows.reverse()
        return '\n'.join(''.join(row) for row in rows)

    def __eq__(self, other):
        return isinstance(other, Grid) and self.data == other.data

    def __hash__(self):
        value, base = 0, 1
        for column in self.data:
            for cell in column:
                if cell:
                    value += base
                base *= 2
        return hash(value)

    def copy(self):
        grid = Grid(self.width, self.height)
        grid.data = [column[:] for column in self.data]
        return grid

    def deepCopy(self):
        return self.copy()

    def shallowCopy(self):
        grid = Grid(self.width, self.height)
        grid.data = self.data
        return grid

    def count(self, item=True):
        return sum(column.count(item) for column in self.data)

    def asList(self, key=True):
        return [(x, y) for x in range(self.width) for y in range(self.height)
                if self[x][y] == key]


class Actions:
    """Direction names and the (dx, dy) each moves by (y grows northwards)."""

    _directions = {Directions.WEST: (-1, 0),
                   Directions.STOP: (0, 0),
                   Directions.EAST: (1, 0),
                   Directions.NORTH: (0, 1),
                   Directions.SOUTH: (0, -1)}
    # The project's order (its Python 2 dictionary's, written out by its Python 3 release): an
    # agent that keeps the first of equal choices plays as it does in the course's pacman.py.
    _directionsAsList = list(_directions.items())
    TOLERANCE = .001

    @staticmethod
    def reverseDirection(action):
        return Directions.REVERSE.get(action, action)

    @staticmethod
    def vectorToDirection(vector):
        dx, dy = vector
        if dy > 0:
            return Directions.NORTH
        if dy < 0:
            return Directions.SOUTH
        if dx < 0:
            return Directions.WEST
        if dx > 0:
            return Directions.EAST
        return Directions.STOP

    @staticmethod
    def directionToVector(direction, speed=1.0):
        dx, dy = Actions._directions[direction]
        return (dx * speed, dy * speed)

    @staticmethod
    def getPossibleActions(config, walls):
        """The directions (Stop included) an agent at config can move in without entering a
        wall, in the order West, Stop, East, North, South."""
        x, y = config.pos
        x_int, y_int = int(x + 0.5), int(y + 0.5)
        if abs(x - x_int) + abs(y - y_int) > Actions.TOLERANCE:
            return [config.getDirection()]
        return [direction for direction, (dx, dy) in Actions._directionsAsList
                if not walls[x_int + dx][y_int + dy]]

    @staticmethod
    def getLegalNeighbors(position, walls):
        x, y = position
        x_int, y_int = int(x + 0.5), int(y + 0.5)
        neighbors = []
        for direction, (dx, dy) in Actions._directionsAsList:
            next_x, next_y = x_int + dx, y_int + dy
            if 0 <= next_x < walls.width and 0 <= next_y < walls.height and \
                    not walls[next_x][next_y]:
                neighbors.append((next_x, next_y))
        return neighbors

    @staticmethod
    def getSuccessor(position, action):
        dx, dy = Actions.directionToVector(action)
        x, y = position
        return (x + dx, y + dy)


class Agent:
    """An agent: index 0 is Pacman (the agent the search plays for), 1.. the ghosts. Subclasses
    write getAction(state), returning one of state.getLegalActions(self.index)."""

    def __init__(self, index=0):
        self.index = index

    def getAction(self, state):
        raise NotImplementedError('getAction is not written')
