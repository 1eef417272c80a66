#include "kinds/board_object_calls.h"

#include <fmt/format.h>

#include <map>

#include "checkers/board_object_checks.h"
#include "checkers/dequeue_count_check.h"
#include "checkers/domain_function_checker.h"
#include "checkers/measured_cost_check.h"
#include "checkers/python_value.h"
#include "checkers/state_text.h"
#include "domains/board_optimum.h"
#include "domains/reference_cache.h"
#include "domains/sliding_tile_setup.h"
#include "kinds/dequeue_plan.h"
#include "kinds/measured_cost_plan.h"
#include "notation/dimension_rows.h"
#include "reference/solvability.h"
#include "spec/test_keys.h"

namespace sg::puzzle_function {
namespace {

// A board as the Java driver returns a Board: its toString().
nlohmann::json as_returned(const ref::TilePuzzle& puzzle, const ref::Tiles& tiles) {
  return {{"$repr", dimension_rows_text(tiles, puzzle.rows())}, {"$type", "Board"}};
}

nlohmann::json rows_of(const ref::TilePuzzle& puzzle, const ref::Tiles& tiles) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < puzzle.rows(); ++r)
    rows.push_back(std::vector<int>(tiles.begin() + r * puzzle.cols(),
                                    tiles.begin() + (r + 1) * puzzle.cols()));
  return rows;
}

nlohmann::json new_step(const std::string& type, nlohmann::json argument, const std::string& bind) {
  return {{"op", "new"}, {"class", type}, {"args", {std::move(argument)}}, {"bind", bind}};
}

nlohmann::json method_step(const std::string& target, const std::string& method,
                           nlohmann::json args = nlohmann::json::array()) {
  return {{"op", "method"}, {"target", target}, {"method", method}, {"args", std::move(args)}};
}

nlohmann::json ref_to(const std::string& name) { return {{"$ref", name}}; }

// A solve test's `unsolvable:`: reports (isSolvable() false, -1, null; the default) or throws.
bool read_unsolvable_throws(const TestSpec& test) {
  const std::string how = read_name(test, "/unsolvable", "reports");
  if (how != "reports" && how != "throws")
    throw SpecError(location_of(test, "/unsolvable"),
                    "unsolvable is reports (isSolvable() false, moves() -1, solution() null) or "
                    "throws (the constructor throws `raises`)");
  return how == "throws";
}

// A to_string test's `layout:` (checkers/board_object_checks.h): lines (the default: the course's
// grader reads tokens on n + 1 lines) or aligned (also the handout's String.format("%2d ", tile)).
BoardTextLayout read_text_layout(const TestSpec& test) {
  const std::string layout = read_name(test, "/layout", "lines");
  if (layout == "lines") return BoardTextLayout::lines;
  if (layout == "aligned") return BoardTextLayout::aligned;
  throw SpecError(location_of(test, "/layout"),
                  "layout is lines (the dimension, then a row per line, any spacing) or aligned "
                  "(also each tile as String.format(\"%2d \", tile))");
}

// The counting class's counts since its last call (which it starts anew).
nlohmann::json counts_step(const DequeueAsk& ask) {
  return {{"op", "call"},
          {"function", ask.counter + ".searchgraderCounts"},
          {"args", nlohmann::json::array()}};
}

Call object_call(std::string text, nlohmann::json steps, std::size_t judged, Judge judge,
                 std::string expected) {
  Call call;
  call.text = std::move(text);
  call.steps = std::move(steps);
  call.judged = {{"", judged}};
  call.judge = std::move(judge);
  call.expected = std::move(expected);
  return call;
}

void plan_equals(const PlannedBoard& board, const std::string& type, Plan& plan) {
  const auto& puzzle = *board.puzzle;
  const std::string a = fmt::format("board{}", plan.calls.size());
  const std::string b = a + "_other";
  const std::string made = fmt::format("new {}({})", type, board.argument);
  struct Case {
    std::string compared;
    std::optional<nlohmann::json> other;  // a board's rows, built as another Board
    nlohmann::json argument;              // else passed as it is
    bool expected;
  };
  std::vector<Case> cases = {{"an equal board", board.passed, nullptr, true},
                             {"itself", std::nullopt, ref_to(a), true},
                             {"null", std::nullopt, nullptr, false},
                             {"\"not a board\": a String", std::nullopt, "not a board", false}};
  const std::vector<ref::Tiles> neighbors = successor_boards(
      puzzle,
      {ref::BlankMove::up, ref::BlankMove::down, ref::BlankMove::left, ref::BlankMove::right},
      board.tiles);
  if (!neighbors.empty())
    cases.push_back({"a neighbor", rows_of(puzzle, neighbors.front()), nullptr, false});
  if (const auto bigger = puzzle_of_size(puzzle, puzzle.rows() + 1, puzzle.cols() + 1))
    cases.push_back({fmt::format("the {} x {} goal board", bigger->rows(), bigger->cols()),
                     rows_of(*bigger, bigger->goal()), nullptr, false});
  for (const Case& item : cases) {
    nlohmann::json steps = {new_step(type, board.passed, a)};
    nlohmann::json argument = item.argument;
    if (item.other) {
      steps.push_back(new_step(type, *item.other, b));
      argument = ref_to(b);
    }
    steps.push_back(method_step(a, "equals", nlohmann::json::array({argument})));
    const std::string text = fmt::format("{}.equals({})", made, item.compared);
    plan.calls.push_back(object_call(
        text, steps, steps.size() - 1,
        [expected = item.expected, text](const nlohmann::json& got) {
          return check_boolean(expected, got, text);
        },
        item.expected ? "true" : "false"));
    if (item.other && item.expected) plan.calls.back().slips["equals_by_reference"] = false;
  }
}

}  // namespace

const std::map<std::string, std::string>& board_object_slips() {
  static const std::map<std::string, std::string> slips = {
      {"counts_blank", "counts the blank as a tile"},
      {"dimension_counts_tiles", "returns the number of cells, n * n, not n"},
      {"neighbor_missing", "leaves one neighbor out"},
      {"twin_moves_blank", "swaps the blank with a tile (a move, not a twin)"},
      {"equals_by_reference", "compares boards with == (the same object, not the same tiles)"},
      {"unpadded_layout", "draws the rows with single spaces, not the handout's %2d layout"},
      {"rows_on_one_line", "writes every row on one line: no newline after each row"},
      {"keeps_callers_array", "keeps the caller's array instead of a copy"},
      {"solution_reversed", "lists the solution from the goal back to the initial board"},
      {"moves_counts_boards", "counts the boards of the solution, not the moves"},
      {"unsolvable_empty_solution", "returns an empty solution, not null, when unsolvable"},
      {"null_pointer", "throws NullPointerException for a null argument"},
      {"no_critical_optimization",
       "enqueues the board the search node came from (no critical optimization)"},
      {"hamming_priority", "orders the MinPQ by moves plus hamming() where manhattan() is asked"},
      {"tile_at_transposed", "answers tileAt(row, col) with the tile at (col, row)"},
      {"solvable_by_inversions_alone",
       "decides solvability by the inversions alone, the blank's row ignored on an even board"},
      {"unsolvable_not_thrown", "returns normally from new Solver(board) on an unsolvable board"},
      {"boxed_tiles", "keeps its tiles as an Integer[][] (an object per tile), not an int array"},
      {"priority_recomputed",
       "computes manhattan() and hamming() on every comparison: no priority cached"},
      {"solver_keeps_search",
       "keeps its whole search (the MinPQ and every search node) after solving"}};
  return slips;
}

bool is_board_object_role(Role role) {
  return role == Role::dimension || role == Role::twin || role == Role::equals ||
         role == Role::to_string || role == Role::immutable || role == Role::solve ||
         role == Role::rejects_null || role == Role::tile_at || role == Role::solvable ||
         role == Role::memory;
}

void plan_board_object_calls(const Assignment& assignment, const PlannedBoard& board,
                             const TestSpec& test, Plan& plan) {
  const auto puzzle = board.puzzle;
  const ref::Tiles tiles = board.tiles;
  const std::string type = plan.receiver.empty() ? "Board" : plan.receiver;
  const std::string object = fmt::format("board{}", plan.calls.size());
  const std::string made = fmt::format("new {}({})", type, board.argument);
  switch (plan.role) {
    case Role::dimension: {
      const std::string method = plan.function.empty() ? "dimension" : plan.function;
      const std::string text = fmt::format("{}.{}()", made, method);
      const double n = puzzle->rows();
      plan.calls.push_back(object_call(
          text, {new_step(type, board.passed, object), method_step(object, method)}, 1,
          [n, text](const nlohmann::json& got) {
            return check_heuristic_value(n, got, text, "the board's dimension n");
          },
          fmt::format("{}", puzzle->rows())));
      plan.calls.back().slips["dimension_counts_tiles"] = puzzle->rows() * puzzle->cols();
      return;
    }
    case Role::tile_at: {
      const std::string method = plan.function.empty() ? "tileAt" : plan.function;
      nlohmann::json cells = nlohmann::json::array();
      nlohmann::json transposed = nlohmann::json::array();
      for (int r = 0; r < puzzle->rows(); ++r)
        for (int c = 0; c < puzzle->cols(); ++c) {
          cells.push_back({r, c});
          transposed.push_back(c < puzzle->rows() && r < puzzle->cols()
                                   ? tiles[static_cast<std::size_t>(c * puzzle->cols() + r)]
                                   : -1);
        }
      const nlohmann::json map = {
          {"op", "map"}, {"target", object}, {"function", method}, {"args_list", cells}};
      const std::string text = fmt::format("{}.{}(row, col)", made, method);
      plan.calls.push_back(object_call(
          text, {new_step(type, board.passed, object), map}, 1,
          [puzzle, tiles, made](const nlohmann::json& got) {
            return check_tiles_at(*puzzle, tiles, got, made);
          },
          fmt::format("the tiles row by row, {}", python_list(tiles))));
      if (transposed != nlohmann::json(tiles))
        plan.calls.back().slips["tile_at_transposed"] = transposed;
      return;
    }
    case Role::solvable: {
      const std::string method = plan.function.empty() ? "isSolvable" : plan.function;
      const std::string text = fmt::format("{}.{}()", made, method);
      const std::optional<bool> decided = ref::solvable_without_search(
          puzzle->rows(), puzzle->cols(), puzzle->topology(), puzzle->goal(), tiles);
      // A torus has no parity rule: the reference would have to search the whole board's space.
      if (!decided)
        throw SpecError(test.where,
                        "solvable needs boards whose solvability a parity rule decides (a "
                        "bounded board); this domain's boards have none");
      const bool solvable = *decided;
      plan.calls.push_back(object_call(
          text, {new_step(type, board.passed, object), method_step(object, method)}, 1,
          [solvable, text](const nlohmann::json& got) {
            return check_boolean(solvable, got, text);
          },
          solvable ? "true" : "false"));
      // The classic slip: the inversions' parity alone, which is the rule for odd widths only.
      std::size_t inversions = 0;
      for (std::size_t i = 0; i < tiles.size(); ++i)
        for (std::size_t j = i + 1; j < tiles.size(); ++j)
          if (tiles[i] != 0 && tiles[j] != 0 && tiles[i] > tiles[j]) ++inversions;
      if ((inversions % 2 == 0) != solvable)
        plan.calls.back().slips["solvable_by_inversions_alone"] = inversions % 2 == 0;
      return;
    }
    case Role::memory: {
      const SizeFormula bound = read_bytes_bound(assignment, test, "/bytes_at_most", {"n"});
      const int n = puzzle->rows();
      const double most = bound({{"n", n}});
      const std::string bound_text = fmt::format("{} at n = {}", bound.text(), n);
      Call call = object_call(
          made, {new_step(type, board.passed, object), deep_size_step(object)}, 1,
          [most, bound_text, made](const nlohmann::json& got) {
            return check_deep_size(got, most, bound_text, made);
          },
          fmt::format("at most {:.0f} bytes ({})", most, bound_text));
      call.grader_steps = {1};
      call.grader_step_problem = "the JVM was started without the grader's measuring agent";
      // An Integer[][]: a 16-byte Integer per tile (those above 127 not shared), and the rows.
      const auto cells = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
      const auto row = 16 + 4 * static_cast<std::uint64_t>(n);
      const nlohmann::json boxed = measured_deep_size({{"Board", 24},
                                                       {"java.lang.Integer", 16 * cells},
                                                       {"java.lang.Integer[]", row * n},
                                                       {"java.lang.Integer[][]", row}});
      if (plain_map(boxed)["bytes"].get<double>() > most) call.slips["boxed_tiles"] = boxed;
      plan.calls.push_back(std::move(call));
      return;
    }
    case Role::twin: {
      const std::string text = made + ".twin()";
      plan.calls.push_back(object_call(
          text, {new_step(type, board.passed, object), method_step(object, "twin")}, 1,
          [puzzle, tiles, text](const nlohmann::json& got) {
            return check_twin(*puzzle, tiles, got, text);
          },
          "a board with two tiles swapped, neither the blank"));
      const std::vector<ref::BlankMove> order = {ref::BlankMove::up, ref::BlankMove::down,
                                                 ref::BlankMove::left, ref::BlankMove::right};
      const auto moved = puzzle->successors(tiles, order);
      if (!moved.empty())
        plan.calls.back().slips["twin_moves_blank"] = as_returned(*puzzle, moved.front().state);
      return;
    }
    case Role::equals:
      plan_equals(board, type, plan);
      return;
    case Role::to_string: {
      const std::string text = made + ".toString()";
      const BoardTextLayout layout = read_text_layout(test);
      Call call = object_call(
          text, {new_step(type, board.passed, object), {{"op", "str"}, {"target", object}}}, 1,
          [puzzle, tiles, text](const nlohmann::json& got) {
            return check_board_text(*puzzle, tiles, got, text, BoardTextLayout::tokens);
          },
          dimension_rows_text(tiles, puzzle->rows()));
      call.aspect_judges = {{"format", [puzzle, tiles, text, layout](const nlohmann::json& got) {
                               return check_board_text(*puzzle, tiles, got, text, layout);
                             }}};
      const auto row_text = [&](int r, const char* pattern) {
        std::string row;
        for (int c = 0; c < puzzle->cols(); ++c)
          row += fmt::format(fmt::runtime(pattern),
                             tiles[static_cast<std::size_t>(r * puzzle->cols() + c)]);
        return row;
      };
      std::string one_line = fmt::format("{}\n", puzzle->rows());
      for (int r = 0; r < puzzle->rows(); ++r) one_line += row_text(r, "{:2d} ");
      call.slips["rows_on_one_line"] = one_line + "\n";
      if (layout == BoardTextLayout::aligned) {
        std::string unpadded = fmt::format("{}\n", puzzle->rows());
        for (int r = 0; r < puzzle->rows(); ++r) unpadded += row_text(r, " {}") + "\n";
        call.slips["unpadded_layout"] = unpadded;
      }
      plan.calls.push_back(std::move(call));
      return;
    }
    case Role::immutable: {
      // Two tiles of the caller's array swapped after construction (neither the blank).
      std::vector<std::size_t> cells;
      for (std::size_t i = 0; i < tiles.size() && cells.size() < 2; ++i)
        if (tiles[i] != 0) cells.push_back(i);
      if (cells.size() < 2 || !board.passed.is_array() || !board.passed[0].is_array())
        throw SpecError(test.where, "immutable needs boards written as rows, with two tiles");
      const std::string array = object + "_tiles";
      const auto cell = [&](std::size_t i) {
        return nlohmann::json::array({i / static_cast<std::size_t>(puzzle->cols()),
                                      i % static_cast<std::size_t>(puzzle->cols())});
      };
      const nlohmann::json steps = {{{"op", "let"}, {"bind", array}, {"value", board.passed}},
                                    new_step(type, ref_to(array), object),
                                    {{"op", "setitem"},
                                     {"target", array},
                                     {"index", cell(cells[0])},
                                     {"value", tiles[cells[1]]}},
                                    {{"op", "setitem"},
                                     {"target", array},
                                     {"index", cell(cells[1])},
                                     {"value", tiles[cells[0]]}},
                                    {{"op", "str"}, {"target", object}}};
      const std::string text =
          fmt::format("{}, then tiles {} and {} swapped in the caller's array: toString()", made,
                      tiles[cells[0]], tiles[cells[1]]);
      plan.calls.push_back(object_call(
          text, steps, 4,
          [puzzle, tiles, text](const nlohmann::json& got) {
            FunctionCallCheck check =
                check_board_text(*puzzle, tiles, got, text, BoardTextLayout::tokens);
            if (!check.passed)
              check.feedback +=
                  "\na Board must copy the array it is given: the caller may "
                  "change it afterwards";
            return check;
          },
          dimension_rows_text(tiles, puzzle->rows())));
      ref::Tiles changed = tiles;
      std::swap(changed[cells[0]], changed[cells[1]]);
      plan.calls.back().slips["keeps_callers_array"] = dimension_rows_text(changed, puzzle->rows());
      return;
    }
    case Role::solve: {
      const std::string solver = read_name(test, "/solver", "Solver");
      const std::string solving = object + "_solver";
      // Once per spec and board (the plan is made for validation, the run and the judging).
      const std::optional<std::vector<ref::BlankMove>> path =
          *cached_reference<std::optional<std::vector<ref::BlankMove>>>(
              assignment, test, "shortest path from " + python_list(tiles),
              [&] { return shortest_board_path(*puzzle, tiles); });
      const std::optional<std::size_t> shortest =
          path ? std::optional<std::size_t>(path->size()) : std::nullopt;
      const std::string text = fmt::format("new {}({})", solver, made);
      // `unsolvable: throws` (Princeton's on-campus API): the Solver has no isSolvable(), and
      // its constructor throws `raises` on an unsolvable board.
      const bool throws = read_unsolvable_throws(test);
      if (throws && !path) {
        const std::string raises = read_name(test, "/raises", "IllegalArgumentException");
        Call call = object_call(
            text, {new_step(type, board.passed, object), new_step(solver, ref_to(object), solving)},
            1,
            [raises, text](const nlohmann::json& got) { return check_raises(raises, got, text); },
            "unsolvable: throws " + raises);
        call.expects_error = true;
        call.slips["unsolvable_not_thrown"] = {{"raised", nullptr}, {"message", ""}};
        plan.calls.push_back(std::move(call));
        return;
      }
      // With `dequeues:`, the counting class is read before the Solver (which starts its
      // counts anew) and after solution() (a Solver may search lazily).
      const std::optional<DequeueAsk> ask = path ? read_dequeue_ask(test) : std::nullopt;
      // With `calls:`, the board class's methods are counted from just before the Solver; with
      // `memory:`, the Solver is measured after solution().
      const std::optional<CallsAsk> calls =
          path ? read_calls_ask(assignment, test, type) : std::nullopt;
      const std::optional<SizeFormula> memory =
          path ? read_solver_memory(assignment, test) : std::nullopt;
      Call call;
      call.text = text;
      call.steps = {new_step(type, board.passed, object)};
      if (ask) {
        call.steps.push_back(counts_step(*ask));
        call.grader_steps = {1};
      }
      if (calls) {
        call.steps.push_back(count_calls_step(*calls));
        call.grader_steps.push_back(call.steps.size() - 1);
      }
      call.steps.push_back(new_step(solver, ref_to(object), solving));
      if (!throws) {
        call.steps.push_back(method_step(solving, "isSolvable"));
        call.judged = {{"solvable", call.steps.size() - 1}};
      }
      call.steps.push_back(method_step(solving, "moves"));
      call.judged.emplace_back("moves", call.steps.size() - 1);
      call.steps.push_back(method_step(solving, "solution"));
      call.judged.emplace_back("solution", call.steps.size() - 1);
      call.judge = [puzzle, tiles, shortest, text](const nlohmann::json& got) {
        return check_board_solver(*puzzle, tiles, shortest, got, text);
      };
      call.expected =
          shortest ? fmt::format("moves() = {}, a solution of {} boards", *shortest, *shortest + 1)
                   : "unsolvable: moves() = -1, solution() = null";
      std::optional<DequeueJudgement> dequeues;
      if (ask) {
        call.steps.push_back(counts_step(*ask));
        call.judged.emplace_back("dequeues", call.steps.size() - 1);
        dequeues = dequeue_judgement(assignment, test, *puzzle, tiles, *shortest, *ask);
        // Judged where the Solver's answer is right: a wrong answer's count means nothing, and
        // the solver criterion already says what is wrong.
        call.further_need_answer = true;
        call.aspect_judges = {
            {"dequeues", [puzzle, tiles, judgement = *dequeues, text](const nlohmann::json& got) {
               return check_dequeue_count(judgement, *puzzle, tiles,
                                          got.value("dequeues", nlohmann::json()), text);
             }}};
        const NamedDequeueRange& asked = dequeues->asked;
        call.expected +=
            asked.fewest == asked.most
                ? fmt::format(", {} search nodes dequeued", asked.most)
                : fmt::format(", {} to {} search nodes dequeued", asked.fewest, asked.most);
      }
      if (calls) {
        call.steps.push_back(call_counts_step());
        call.judged.emplace_back("calls", call.steps.size() - 1);
        call.grader_steps.push_back(call.steps.size() - 1);
        call.further_need_answer = true;
        call.aspect_judges.emplace_back("calls", [per_operation = calls->per_operation,
                                                  text](const nlohmann::json& got) {
          return check_computed_calls(got.value("calls", nlohmann::json()),
                                      got.value("dequeues", nlohmann::json()), per_operation, text);
        });
        call.expected += fmt::format(", at most {} computations of {}() per MinPQ operation",
                                     calls->per_operation, fmt::join(calls->methods, "() or "));
      }
      std::optional<std::uint64_t> solver_bytes_most;
      if (memory) {
        call.steps.push_back(deep_size_step(solving));
        call.judged.emplace_back("memory", call.steps.size() - 1);
        call.grader_steps.push_back(call.steps.size() - 1);
        call.further_need_answer = true;
        const double most = (*memory)({{"n", puzzle->rows()}, {"moves", shortest.value_or(0)}});
        solver_bytes_most = static_cast<std::uint64_t>(most);
        const std::string bound_text = fmt::format("{} at n = {}, moves = {}", memory->text(),
                                                   puzzle->rows(), shortest.value_or(0));
        call.aspect_judges.emplace_back(
            "memory", [most, bound_text, text](const nlohmann::json& got) {
              return check_deep_size(got.value("memory", nlohmann::json()), most, bound_text,
                                     text + " after solution()");
            });
        call.expected += fmt::format(", at most {:.0f} bytes after solving", most);
      }
      if (!call.grader_steps.empty())
        call.grader_step_problem =
            "the spec's support files lack the class it counts with, or the JVM was started "
            "without the grader's measuring agent";
      if (path) {
        nlohmann::json boards = nlohmann::json::array({as_returned(*puzzle, tiles)});
        ref::Tiles at = tiles;
        for (const ref::BlankMove move : *path) {
          at = *puzzle->result(at, move);
          boards.push_back(as_returned(*puzzle, at));
        }
        // A correct count beside each slip, unless the slip is the count's.
        const auto answer = [&](std::size_t moves, nlohmann::json solution,
                                std::optional<std::uint64_t> dequeued = std::nullopt) {
          nlohmann::json got = {{"moves", moves},
                                {"solution", {{"$iterator", std::move(solution)}}}};
          if (!throws) got["solvable"] = true;
          if (dequeues)
            got["dequeues"] = counted_dequeues(dequeued.value_or(dequeues->asked.fewest));
          // Measures well within the bounds: the slip under test is the only mistake.
          if (calls) got["calls"] = counted_calls(*calls, 0, 0);
          if (solver_bytes_most) got["memory"] = measured_deep_size({{"Solver", 16}});
          return got;
        };
        if (!path->empty())
          call.slips["solution_reversed"] =
              answer(path->size(),
                     nlohmann::json(std::vector<nlohmann::json>(boards.rbegin(), boards.rend())));
        call.slips["moves_counts_boards"] = answer(path->size() + 1, boards);
        // The wasteful variants' most, where it exceeds what the asked variant can dequeue.
        if (dequeues)
          for (const NamedDequeueRange& other : dequeues->others)
            if (!other.slip.empty() && other.complete && other.most > dequeues->asked.most)
              call.slips[other.slip] = answer(path->size(), boards, other.most);
        // A comparator that computes both methods on each comparison: at least one comparison
        // per operation, more than the asked computations per operation.
        if (calls && dequeues) {
          nlohmann::json got = answer(path->size(), boards);
          const nlohmann::json queue = plain_map(got["dequeues"]);
          const auto operations =
              queue["inserts"].get<std::uint64_t>() + queue["delMins"].get<std::uint64_t>();
          const auto each = static_cast<std::uint64_t>(calls->per_operation + 1) * operations;
          got["calls"] = counted_calls(*calls, each, each);
          call.slips["priority_recomputed"] = std::move(got);
        }
        // A Solver that keeps its MinPQ: every search node it made, each with its board.
        if (solver_bytes_most) {
          nlohmann::json got = answer(path->size(), boards);
          got["memory"] =
              measured_deep_size({{"Solver", 16}, {"Solver$SearchNode", 2 * *solver_bytes_most}});
          call.slips["solver_keeps_search"] = std::move(got);
        }
      } else {
        call.slips["unsolvable_empty_solution"] = {
            {"solvable", false},
            {"moves", -1},
            {"solution", {{"$iterator", nlohmann::json::array()}}}};
      }
      plan.calls.push_back(std::move(call));
      return;
    }
    default:
      throw std::logic_error("not a board object role");
  }
}

void plan_null_argument_call(const TestSpec& test, Plan& plan) {
  const std::string type = plan.receiver.empty() ? "Solver" : plan.receiver;
  const std::string raises = read_name(test, "/raises", "IllegalArgumentException");
  const std::string text = fmt::format("new {}(null)", type);
  Call call;
  call.text = text;
  call.steps = {{{"op", "new"}, {"class", type}, {"args", {nullptr}}, {"bind", "rejected"}}};
  call.judged = {{"", 0}};
  call.expects_error = true;
  call.judge = [raises, text](const nlohmann::json& got) {
    return check_raises(raises, got, text);
  };
  call.expected = "throws " + raises;
  call.slips["null_pointer"] = {{"raised", "NullPointerException"}, {"message", ""}};
  plan.calls.push_back(std::move(call));
}

}  // namespace sg::puzzle_function
