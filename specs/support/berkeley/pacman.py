# pacman.py: the name multiAgents.py imports from Berkeley's pacman module (`from pacman import
# GameState`, for type annotations), written for SearchGrader (not the Berkeley original). The
# grader hands agents its own game states (the driver's game_state objects: getNumAgents,
# getLegalActions, generateSuccessor, isWin, isLose, getScore); nothing here runs a game.


class GameState:
    """The type of the game states an agent is given (annotations only)."""

    def getNumAgents(self):
        raise NotImplementedError

    def getLegalActions(self, agentIndex=0):
        raise NotImplementedError

    def generateSuccessor(self, agentIndex, action):
        raise NotImplementedError

    def isWin(self):
        raise NotImplementedError

    def isLose(self):
        raise NotImplementedError

    def getScore(self):
        raise NotImplementedError
