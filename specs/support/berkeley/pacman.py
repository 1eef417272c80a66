# pacman.py: Berkeley's pacman module as search and multi-agent assignments use it, written for
# SearchGrader (not the Berkeley original). `from pacman import GameState` names the type of the
# states agents are given. For the search project the grader builds a GameState from a layout
# (GameState(); initialize(layout.Layout(lines), numGhostAgents)) and hands it to the student's
# search problems (CornersProblem(gameState), ...): walls, food, capsules and where each agent is.
# For the multi-agent project the grader hands agents its own game states (the driver's
# game_state objects), which follow the game's rules; nothing here plays a game.

from game import AgentState, Configuration, Directions, Actions


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
        """Pacman's moves (Stop included) that do not enter a wall; a search assignment's state
        does not move ghosts."""
        if self.isWin() or self.isLose() or agentIndex != 0:
            return []
        return Actions.getPossibleActions(self.data.agentStates[0].configuration,
                                          self.data.layout.walls)

    def getLegalPacmanActions(self):
        return self.getLegalActions(0)

    def generatePacmanSuccessor(self, action):
        return self.generateSuccessor(0, action)

    def generateSuccessor(self, agentIndex, action):
        """Pacman's move (eating the food there): enough for a search agent's look ahead. The
        multi-agent game's rules are the grader's, not this module's."""
        if agentIndex != 0 or action not in self.getLegalActions(0):
            raise Exception('Illegal action %r for agent %r' % (action, agentIndex))
        state = GameState(self)
        x, y = (int(v) for v in Actions.getSuccessor(self.getPacmanPosition(), action))
        pacman = state.data.agentStates[0]
        pacman.configuration = Configuration((x, y), action if action != Directions.STOP
                                             else pacman.getDirection())
        state.data.score -= 1
        if state.data.food[x][y]:
            state.data.food = state.data.food.copy()
            state.data.food[x][y] = False
            state.data.score += 10
            if state.data.food.count() == 0:
                state.data.score += 500
                state.data._win = True
        return state

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
