# pacman.py: Berkeley's pacman module as search and multi-agent assignments use it, written for
# SearchGrader (not the Berkeley original). `from pacman import GameState` names the type of the
# states agents are given. For the search project the grader builds a GameState from a layout
# (GameState(); initialize(layout.Layout(lines), numGhostAgents)) and hands it to the student's
# search problems (CornersProblem(gameState), ...): walls, food, capsules and where each agent is.
# For the multi-agent project a GameState plays the whole game: every agent's legal actions and
# successors by the project's rules (the same rules as the grader's reference/pacman_game.h, and
# a test plays random games in both and compares them state by state):
#   Pacman moves one square (Stop too) and eats the food there (+10; the last food wins, +500)
#   or the capsule there (every ghost scared for 40 moves), then pays 1 for the time.
#   A ghost moves one square, half a square while scared, never stops and never turns back
#   unless it must; its scared time drops by one per move of its own, and at the last it snaps
#   to the nearest square.
#   After each move, a ghost within 0.7 of Pacman is eaten if scared (+200, back to its start)
#   and otherwise eats Pacman (-500, lost) unless Pacman has just won.

from game import AgentState, Configuration, Directions, Actions
from util import manhattanDistance, nearestPoint

SCARED_TIME = 40         # moves of its own a ghost stays scared after a capsule
COLLISION_TOLERANCE = 0.7
TIME_PENALTY = 1


class GameStateData:
    """What a state holds: food and capsules left, each agent's state, the layout, the score."""

    def __init__(self, prevState=None):
        if prevState is not None:
            self.food = prevState.food.shallowCopy()
            self.capsules = prevState.capsules[:]
            self.agentStates = [agent.copy() for agent in prevState.agentStates]
            self.layout = prevState.layout
            self.score = prevState.score
        self._win = False
        self._lose = False
        self.scoreChange = 0

    def initialize(self, layout, numGhostAgents):
        self.food = layout.food.copy()
        self.capsules = layout.capsules[:]
        self.layout = layout
        self.score = 0
        self.scoreChange = 0
        self.agentStates = []
        numGhosts = 0
        for isPacman, pos in layout.agentPositions:
            if not isPacman:
                if numGhosts == numGhostAgents:
                    continue
                numGhosts += 1
            self.agentStates.append(AgentState(Configuration(pos, Directions.STOP), isPacman))


class GameState:
    """A state of a Pacman world: where Pacman and the ghosts are, the food and capsules left."""

    def __init__(self, prevState=None):
        self.data = GameStateData(None if prevState is None else prevState.data)

    def initialize(self, layout, numGhostAgents=1000):
        self.data.initialize(layout, numGhostAgents)

    def getNumAgents(self):
        return len(self.data.agentStates)

    def getPacmanState(self):
        return self.data.agentStates[0].copy()

    def getPacmanPosition(self):
        return self.data.agentStates[0].getPosition()

    def getGhostStates(self):
        return self.data.agentStates[1:]

    def getGhostState(self, agentIndex):
        return self.data.agentStates[agentIndex]

    def getGhostPosition(self, agentIndex):
        return self.data.agentStates[agentIndex].getPosition()

    def getGhostPositions(self):
        return [ghost.getPosition() for ghost in self.getGhostStates()]

    def getScore(self):
        return float(self.data.score)

    def getCapsules(self):
        return self.data.capsules

    def getNumFood(self):
        return self.data.food.count()

    def getFood(self):
        return self.data.food

    def getWalls(self):
        return self.data.layout.walls

    def hasFood(self, x, y):
        return self.data.food[x][y]

    def hasWall(self, x, y):
        return self.data.layout.walls[x][y]

    def isWin(self):
        return self.data._win

    def isLose(self):
        return self.data._lose

    def getLegalActions(self, agentIndex=0):
        """The agent's legal moves: Pacman's (Stop included) that do not enter a wall; a
        ghost's, never Stop and never back the way it faces unless that is all it has (between
        squares, on the way it goes). None once the game is won or lost."""
        if self.isWin() or self.isLose():
            return []
        agent = self.data.agentStates[agentIndex]
        possible = Actions.getPossibleActions(agent.configuration, self.data.layout.walls)
        if agentIndex == 0:
            return possible
        possible = [action for action in possible if action != Directions.STOP]
        reverse = Actions.reverseDirection(agent.getDirection())
        if reverse in possible and len(possible) > 1:
            possible.remove(reverse)
        return possible

    def getLegalPacmanActions(self):
        return self.getLegalActions(0)

    def generatePacmanSuccessor(self, action):
        return self.generateSuccessor(0, action)

    def generateSuccessor(self, agentIndex, action):
        """The state after the agent's move, by the rules above."""
        if self.isWin() or self.isLose():
            raise Exception("Can't generate a successor of a terminal state.")
        if action not in self.getLegalActions(agentIndex):
            raise Exception('Illegal action %r for agent %r' % (action, agentIndex))
        state = GameState(self)
        data = state.data
        agent = data.agentStates[agentIndex]
        if agentIndex == 0:
            x, y = (int(v) for v in Actions.getSuccessor(agent.getPosition(), action))
            agent.configuration = Configuration(
                (x, y), action if action != Directions.STOP else agent.getDirection())
            state._consume(nearestPoint((x, y)))
            data.score -= TIME_PENALTY
            for ghostIndex in range(1, len(data.agentStates)):
                state._checkCollision(ghostIndex)
        else:
            speed = 0.5 if agent.scaredTimer > 0 else 1.0
            dx, dy = Actions.directionToVector(action, speed)
            x, y = agent.getPosition()
            position = (x + dx, y + dy)
            if agent.scaredTimer == 1:
                position = nearestPoint(position)
            agent.configuration = Configuration(position, action)
            agent.scaredTimer = max(0, agent.scaredTimer - 1)
            state._checkCollision(agentIndex)
        return state

    def _consume(self, position):
        data = self.data
        x, y = position
        if data.food[x][y]:
            data.food = data.food.copy()
            data.food[x][y] = False
            data.score += 10
            if data.food.count() == 0 and not data._lose:
                data.score += 500
                data._win = True
        if position in data.capsules:
            data.capsules.remove(position)
            for ghost in data.agentStates[1:]:
                ghost.scaredTimer = SCARED_TIME

    def _checkCollision(self, ghostIndex):
        data = self.data
        ghost = data.agentStates[ghostIndex]
        if manhattanDistance(ghost.getPosition(), self.getPacmanPosition()) > COLLISION_TOLERANCE:
            return
        if ghost.scaredTimer > 0:
            data.score += 200
            ghost.configuration = Configuration(ghost.start.getPosition(), Directions.STOP)
            ghost.scaredTimer = 0
        elif not data._win:
            data.score -= 500
            data._lose = True

    def __eq__(self, other):
        return isinstance(other, GameState) and \
            self.data.food == other.data.food and \
            self.data.capsules == other.data.capsules and \
            [a.configuration for a in self.data.agentStates] == \
            [a.configuration for a in other.data.agentStates]

    def __hash__(self):
        return hash((self.getPacmanPosition(), hash(self.data.food)))

    def __str__(self):
        return str(self.data.layout)
