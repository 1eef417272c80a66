// A route planner run end to end on a town its map lacks (a `reject` test of the `search` kind's
// program adapter, adapters/program_rejection.h): the planner that says so earns the criterion,
// the one that crashes on `graph[start]` (a KeyError, as students write it) and the one that
// prints a path through the unknown town lose it; the valid test grades them as usual.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/command_test_util.h"
#include "cli/expected_grades_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace program_rejection_test {

namespace fs = std::filesystem;

const char* const kSpec = R"yaml(spec_version: 1
assignment: {id: planner, title: "Uniform-cost search on a road map, refusing unknown towns"}
submission: {language: program, entry: planner.py}
limits: {cpu_seconds: 10, wall_seconds: 20}
domains:
  roads:
    type: graph
    edges: [[Arad, Sibiu, 140], [Arad, Timisoara, 118], [Sibiu, Fagaras, 99],
            [Timisoara, Lugoj, 111], [Fagaras, Bucharest, 211], [Lugoj, Bucharest, 400]]
algorithms:
  ucs: {strategy: ucs}
adapter:
  type: program
  args: ["{input}", "{start}", "{goal}"]
  input: roads.txt
  input_text: "{graph}"
  output: {path: "^Path: (?<path>.*)$", cost: "^Cost: (?<cost>[0-9.]+)$", no_path: "^No path"}
rubric:
  - {id: route, name: "The cheapest route", points: 70}
  - {id: refuse, name: "An unknown town is refused, without a crash", points: 30}
tests:
  - id: arad-bucharest
    kind: search
    domain: roads
    start: Arad
    goal: Bucharest
    algorithm: ucs
    judge: {path: true, optimal: true, cost: true}
    grades: {path: route, optimal: route, cost: route}
  - id: atlantis
    kind: search
    domain: roads
    start: Atlantis
    goal: Bucharest
    algorithm: ucs
    reject: true
    exit_status: ignored
    grades: {rejection: refuse}
)yaml";

// The course's planner: reads "from to cost" lines, runs uniform-cost search. `check` is what
// it does before searching.
std::string planner(const std::string& check) {
  return R"py(import heapq
import sys

graph = {}
with open(sys.argv[1]) as f:
    for line in f:
        a, b, cost = line.split()
        graph.setdefault(a, []).append((b, float(cost)))
        graph.setdefault(b, []).append((a, float(cost)))
start, goal = sys.argv[2], sys.argv[3]
)py" + check +
         R"py(frontier = [(0.0, [start])]
done = set()
while frontier:
    cost, path = heapq.heappop(frontier)
    town = path[-1]
    if town == goal:
        print("Path: " + " ".join(path))
        print("Cost: %g" % cost)
        sys.exit(0)
    if town in done:
        continue
    done.add(town)
    for nxt, step in graph[town]:
        heapq.heappush(frontier, (cost + step, path + [nxt]))
print("No path")
)py";
}

TEST(ProgramRejection, ARoutePlannerIsJudgedOnATownItsMapLacks) {
  const fs::path root = test_util::fresh_temp_dir("rejection");
  std::ofstream(root / "planner.yaml") << kSpec;
  const auto write = [&](const std::string& name, const std::string& code) {
    fs::create_directories(root / name);
    std::ofstream(root / name / "planner.py") << code;
  };
  write("refuses", planner("if start not in graph or goal not in graph:\n"
                           "    print('unknown town: ' + (start if start not in graph else goal))\n"
                           "    sys.exit(2)\n"));
  write("crashes", planner(""));  // graph['Atlantis']: KeyError, a traceback
  write("walks-through", planner("if start not in graph:\n"
                                 "    print('Path: ' + start + ' ' + goal)\n"
                                 "    sys.exit(0)\n"));
  std::ofstream(root / "expected.yaml") << R"yaml(spec: planner.yaml
submissions:
  refuses: {score: 100}
  crashes: {score: 70, lost: [refuse]}
  walks-through: {score: 70, lost: [refuse]}
)yaml";
  const auto validated = test_util::run_shell(test_util::searchgrader() + " validate " +
                                              (root / "planner.yaml").string());
  ASSERT_EQ(validated.exit_code, 0) << validated.output;
  EXPECT_EQ(test_util::grade_as_expected(root / "planner.yaml", root / "expected.yaml"), 3u);

  // The feedback shows what the program did with the town.
  const auto crashed =
      test_util::run_shell(test_util::searchgrader() + " grade " +
                               (root / "planner.yaml").string() + " " + (root / "crashes").string(),
                           false);
  EXPECT_NE(crashed.output.find("given the invalid input Atlantis"), std::string::npos)
      << crashed.output;
  EXPECT_NE(crashed.output.find("KeyError: 'Atlantis'"), std::string::npos) << crashed.output;
  fs::remove_all(root);
}

}  // namespace program_rejection_test
}  // namespace
}  // namespace sg
