"""City routes. Complete bfs and ucs; each returns (path, cost) or (None, None)."""


def bfs(graph, start, goal):
    raise NotImplementedError("bfs")


def ucs(graph, start, goal):
    raise NotImplementedError("ucs")
