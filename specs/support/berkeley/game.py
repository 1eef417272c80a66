# game.py: the little of Berkeley's game module that search.py and multiAgents.py use, written
# for SearchGrader (not the Berkeley original): the names of the four directions Pacman moves in,
# the vector of each, and the Agent base class. search.py does `from game import Directions`;
# multiAgents.py also `from game import Agent`.


class Directions:
    NORTH = 'North'
    SOUTH = 'South'
    EAST = 'East'
    WEST = 'West'
    STOP = 'Stop'

    LEFT = {NORTH: WEST, SOUTH: EAST, EAST: NORTH, WEST: SOUTH, STOP: STOP}
    RIGHT = dict([(y, x) for x, y in LEFT.items()])
    REVERSE = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST, STOP: STOP}


class Actions:
    """Direction names and the (dx, dy) each moves by (y grows northwards)."""

    _directions = {Directions.NORTH: (0, 1),
                   Directions.SOUTH: (0, -1),
                   Directions.EAST: (1, 0),
                   Directions.WEST: (-1, 0),
                   Directions.STOP: (0, 0)}

    @staticmethod
    def reverseDirection(action):
        return Directions.REVERSE.get(action, action)

    @staticmethod
    def directionToVector(direction, speed=1.0):
        dx, dy = Actions._directions[direction]
        return (dx * speed, dy * speed)


class Agent:
    """An agent: index 0 is Pacman (the agent the search plays for), 1.. the ghosts. Subclasses
    write getAction(state), returning one of state.getLegalActions(self.index)."""

    def __init__(self, index=0):
        self.index = index

    def getAction(self, state):
        raise NotImplementedError('getAction is not written')
