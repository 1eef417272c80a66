// Assignment: a loaded, validated spec. What the assignment asks (interface, domain, limits),
// how it is scored (rubric criteria) and what is tested (tests with their kind-specific inputs).
// Expected outputs are not here: the reference computes them at grading time.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/invocation.h"
#include "model/verdict.h"

namespace sg {

/// A place in a spec file, for error messages ("specs/x.yaml:12:5"). Lines and columns are 1-based.
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
  std::string to_string() const;
  bool operator==(const SourceLocation&) const = default;
};

/// How a criterion turns its tests' aspects into points.
enum class CriterionScoring {
  all_or_nothing,  ///< Full points iff every bound aspect passed (the seed rubrics' "Full Marks /
                   ///< No Marks").
  proportional,    ///< Points × fraction of bound aspects that passed.
};

/// One rubric line.
struct Criterion {
  std::string id;    ///< Stable identifier used by tests' `grades` maps.
  std::string name;  ///< As the rubric words it, e.g. "print_succ() works for center gap".
  double points = 0.0;
  CriterionScoring scoring = CriterionScoring::all_or_nothing;
  bool manual = false;  ///< Graded by a person: reported as pending, never as an automatic zero.
  std::string description;
  SourceLocation where;
};

/// What a program's exit status means for a test (spec key `exit_status`, on the submission or
/// on one test). Python function-call tests report exceptions instead and ignore it.
enum class ExitStatusPolicy {
  required,  ///< Status 0 or the test is a runtime error and earns nothing (the default).
  graded,    ///< Judged as the test's `exit` aspect, which `grades` may bind to a criterion.
  ignored,   ///< Any status; a non-zero one is only noted.
};

/// "required", "graded", "ignored".
std::string_view to_string(ExitStatusPolicy policy);

/// Where a program test reads the program's answer (spec key `output`, on the submission or on
/// one test): its standard output (the default), a file it writes (ColumbiaX's output.txt), or
/// both, stdout first. Programs only.
struct AnswerSource {
  std::string file;          ///< Relative to the working directory; empty: stdout alone.
  bool with_stdout = false;  ///< With `file`: stdout's lines are read too, before the file's.
};

/// The interpreter a course graded on, where ours differs (spec key `submission.python`): its
/// version for feedback, and the names it had that ours removed which the spec restores
/// (languages/interpreter_compat.h: "time.clock" as time.process_time, as Python 3.6 had it).
struct CourseInterpreter {
  std::string version;               ///< "3.6"; empty when the spec names none.
  std::vector<std::string> restore;  ///< "time.clock", "collections.Mapping", ...
};

/// How a test's limits were chosen: a correct solution of a stated kind was measured on it, so a
/// test stopped by the limit can say that such a solution fits (spec key `limits.calibration`).
struct LimitCalibration {
  std::string solution;      ///< e.g. "a correct solve() with the course's list-based queue".
  double cpu_seconds = 0.0;  ///< What that solution used on this test, CPU seconds.
};

/// A test's CPU limit stated as a multiple of what the course's accepted solutions use on it
/// (spec keys `limits.time_multiplier` and `limits.time_floor_seconds`, as in Kattis problem
/// packages), measured by `searchgrader calibrate` into specs/calibration/NAME.yaml.
struct TimeScaling {
  double multiplier = 0.0;     ///< The CPU limit is this many times the measured CPU...
  double floor_seconds = 1.0;  ///< ...and never less than this (seconds).
  /// What calibrate measured: the CPU seconds of the slowest accepted solution on this test,
  /// and which solution that was. nullopt: not measured yet (the test keeps its cpu_seconds).
  std::optional<double> measured_cpu_seconds;
  std::string measured_solution;
  /// The limits the spec states, before the measurement scaled them (calibrate measures with
  /// these).
  double stated_cpu_seconds = 0.0;
  double stated_wall_seconds = 0.0;
};

/// How much CPU time all of one submission's tests may use together (spec keys
/// `limits.submission_cpu_seconds` and `limits.submission_time_multiplier`), so that one
/// never-ending submission cannot hold a core for the sum of every test's limit.
struct SubmissionBudget {
  std::optional<double> cpu_seconds;  ///< Stated in seconds (also the uncalibrated fallback).
  double multiplier = 0.0;  ///< When > 0: this many times the slowest accepted solution's total.
  /// What calibrate measured: the largest total CPU seconds of one accepted solution over all
  /// tests. nullopt: not measured (cpu_seconds applies, if given).
  std::optional<double> measured_total_cpu_seconds;
  /// The budget in effect (seconds); nullopt: none.
  std::optional<double> seconds() const;
  /// Lowers the budget in effect to at most `most` seconds of CPU (a fixture's
  /// `budget_cpu_seconds`, audit/fixture_expectations.h).
  void cap(double most);
};

/// The import of a function-call submission, done once before its tests (the engine's fork
/// session: "import once, test many"): its own limits (spec keys `limits.import_cpu_seconds`
/// and `limits.import_wall_seconds`). The import's CPU counts toward the submission's budget.
struct ImportLimits {
  std::optional<double> cpu_seconds;   ///< CPU seconds; nullopt: the default (see cpu()).
  std::optional<double> wall_seconds;  ///< Wall-clock seconds; nullopt: 2 x cpu() + 5.
  /// The CPU limit in effect: as stated, else the submission's budget when it has one (the
  /// import may use what the tests could), else kDefaultImportCpuSeconds.
  double cpu(const SubmissionBudget& budget) const;
  double wall(const SubmissionBudget& budget) const;
};
inline constexpr double kDefaultImportCpuSeconds = 60;

/// How the submission is called. `language: python` + `module` = function-call tests via the
/// driver. `language: program` = a command-line program: `entry` names the candidates for the
/// program to run (the first that exists after the build wins, e.g. {"eightpuzzle.py",
/// "eightpuzzle"}), and `build` says how C/C++ sources are built first ("auto": make if there is a
/// Makefile, CMake if there is a CMakeLists.txt, else nothing; "make", "cmake" or "none"), under
/// `build_limits`.
struct SubmissionInterface {
  std::string language = "python";
  std::string module;                       ///< Python module to import, e.g. "torus_puzzle".
  std::vector<std::string> required_files;  ///< e.g. {"torus_puzzle.py"}.
  /// When not empty: the submission is ONE file of any name with one of these extensions (e.g.
  /// {".ipynb", ".py"}: "Darcy-A2.ipynb"), staged as `module` + its extension; replaces
  /// required_files.
  std::vector<std::string> accept;
  /// Run only definitions, imports and literal assignments of the module's top level (notebook
  /// intake, docs/driver-protocol.md), never its experiments.
  bool definitions_only = false;
  std::string priority_queue_class = "PriorityQueue";
  std::vector<std::string> entry;  ///< Program candidates, relative to the submission (program).
  std::string build = "auto";      ///< "auto", "make", "cmake" or "none" (program).
  /// The default for every test (TestSpec::exit_status); programs only.
  ExitStatusPolicy exit_status = ExitStatusPolicy::required;
  /// The default for every test (TestSpec::answer); programs only.
  AnswerSource answer;
  /// The course's Python, where it had names ours removed (Python and program submissions).
  CourseInterpreter course_python;
  /// Files the course hands out (spec key `support_files`, paths relative to the spec): copied
  /// beside the student's code for every test, replacing a student's file of the same name, so
  /// a submission of only the file students write runs (e.g. Berkeley's util.py beside
  /// search.py). Absolute paths after loading.
  std::vector<std::filesystem::path> support_files;
  /// Largest submission accepted (sum of its files' sizes, bytes; spec key `max_size_mib`).
  /// A larger one gets the verdict submission_too_large and is not run.
  std::uint64_t max_size_bytes = 64ull << 20;
  Limits build_limits{.cpu_seconds = 60,
                      .wall_seconds = 120,
                      .memory_bytes = 2048ull << 20,
                      .output_bytes = 256u << 10,
                      .max_processes = 64,
                      .max_open_files = 256};
};

/// A sliding-tile puzzle domain (rows × cols, bounded or torus, any multiset of tiles; 0 = blank).
struct SlidingTileDomain {
  int rows = 3;
  int cols = 3;
  std::string topology = "bounded";  ///< "bounded" or "torus".
  std::vector<int> goal;
  std::string heuristic = "misplaced_tiles";  ///< "misplaced_tiles", "manhattan" or "zero".
  /// The order in which the assignment lists the blank's moves ("left", "right", "up", "down");
  /// empty = not prescribed.
  std::vector<std::string> action_order;
  SourceLocation action_order_where;  ///< Where the spec gives action_order, for errors.
};

/// The assignment's prescribed search behaviour (what the reference must imitate).
struct SearchSemantics {
  std::string algorithm = "astar";
  std::string successor_order = "ascending_state";  ///< or "move_order".
  std::string tie_break = "earliest_inserted";      ///< or "latest_inserted".
  bool update_on_lower_g = true;
};

/// One test of the spec. Kind-specific keys (state, steps, ...) are kept in `input`.
struct TestSpec {
  std::string id;
  std::string name;
  std::string kind;
  Visibility visibility = Visibility::visible;
  /// Aspect of the test's outcome → the criteria it counts toward (usually one), e.g.
  /// {"path": {"solve_one_move"}}; a corner print_succ test counts toward both wrap criteria.
  std::map<std::string, std::vector<std::string>> grades;
  Limits limits;  ///< The spec's defaults with this test's overrides applied.
  std::optional<LimitCalibration> calibration;  ///< How `limits` were chosen, when stated.
  /// When the CPU limit scales with the measured time (limits.time_multiplier); `limits` then
  /// already holds the scaled limits where a measurement exists.
  std::optional<TimeScaling> time_scaling;
  ExitStatusPolicy exit_status = ExitStatusPolicy::required;  ///< Programs only.
  AnswerSource answer;  ///< Where the program's answer is read (`output:`); programs only.
  nlohmann::json input = nlohmann::json::object();
  /// Location of the test and of each of its keys (JSON-pointer style "/state", "/steps/2").
  SourceLocation where;
  std::map<std::string, SourceLocation> key_locations;
};

/// A part of the spec kept as JSON for the test kinds to read and check (as a test's own keys
/// are): a named domain, algorithm or the adapter. Files it names are read in already.
struct SpecSection {
  nlohmann::json value = nlohmann::json::object();
  SourceLocation where;
  /// Location of each key, JSON-pointer style ("/edges/3").
  std::map<std::string, SourceLocation> key_locations;
};

struct Assignment {
  std::string id;
  std::string title;
  std::filesystem::path spec_path;
  /// SHA-256 of the spec file's bytes and of every file in `referenced_files`: identifies what
  /// was graded. A stored result with another spec_sha256 is out of date.
  std::string spec_sha256;
  /// The same without what only scores (the rubric's points, names, descriptions, scoring,
  /// manual) and without comments or layout: a stored result with the same grading_sha256 needs
  /// rescoring, not running again.
  std::string grading_sha256;
  /// Every file the spec refers to that grading reads (support files, ...), absolute.
  std::vector<std::filesystem::path> referenced_files;
  SubmissionInterface submission;
  std::optional<SlidingTileDomain> domain;
  /// `notation.state`: how the assignment writes a board (a name in notation/board_notation.h:
  /// "python_list", "compact", "lisp", ...). Boards the spec gives as text are read in it, and
  /// the states a test's line templates print are written in it.
  std::string state_notation = "python_list";
  /// `notation.layout: exact`: printed lines must space their fixed text as the templates do
  /// (the format criteria judge it); by default any spacing around it reads (`h= 5`).
  bool exact_layout = false;
  SearchSemantics search;
  Limits default_limits;
  /// The spec's limits.time_multiplier / time_floor_seconds, inherited by every test.
  std::optional<TimeScaling> default_time_scaling;
  /// The CPU time all tests of one submission may use together (limits.submission_*).
  SubmissionBudget submission_budget;
  /// The import's own limits (limits.import_*), for function-call submissions.
  ImportLimits import_limits;
  /// specs/calibration/NAME.yaml when the spec scales a limit with measured times (whether or
  /// not it exists yet); empty otherwise.
  std::filesystem::path calibration_file;
  /// The machine the calibration was measured on ("" when none was read), for a warning when
  /// grading elsewhere.
  std::string calibration_machine;
  /// The speed probe the calibration recorded (its name, "" when none, and CPU seconds there).
  std::string calibration_speed_probe;
  double calibration_speed_probe_cpu_seconds = 0.0;
  /// How much the measured figures were scaled for this machine (scale_measured_limits): 1 when
  /// not scaled, 2 when this machine ran the speed probe twice as slowly.
  double machine_time_scale = 1.0;
  /// `isolation: {minimum_tier: ...}`: the weakest sandbox tier grading may run in ("minimal",
  /// "degraded" or "full"; empty: any). Grading refuses below it (docs/sandbox.md).
  std::string minimum_isolation_tier;
  /// `domains`: search problems and games by name (graphs, grid mazes, game trees, Pacman
  /// worlds, ...), for `search` and `game_search` tests. A domain's `file:` (relative to the
  /// spec) is read in: a maze's text becomes its `map`, a Pacman layout's its `layout`, a graph
  /// file's keys are merged under the spec's own.
  std::map<std::string, SpecSection> domains;
  /// The `domains` of `type: sliding_tile`, read as the spec's `domain` is (a goal in the spec's
  /// board notation): boards of several sizes or goals in one spec.
  std::map<std::string, SlidingTileDomain> boards;
  /// `algorithms`: search algorithms with their policies, by name, for `search` tests.
  std::map<std::string, SpecSection> algorithms;
  /// `adapter`: how `search` tests call the submission (a function, a problem object, a program).
  std::optional<SpecSection> adapter;
  std::vector<Criterion> criteria;
  std::vector<TestSpec> tests;

  const Criterion* find_criterion(std::string_view criterion_id) const;
  double max_points() const;
};

/// Thrown for any problem in a spec, with where it is: "specs/x.yaml:12:5: expected ...".
class SpecError : public std::runtime_error {
 public:
  SpecError(const SourceLocation& where, const std::string& message);
  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  SourceLocation where_;
  std::string message_;
};

/// Every problem found in a spec, in file order. what() lists them one per line; where() and
/// message() are the first one's, so code that catches SpecError still names a place.
class SpecErrors : public SpecError {
 public:
  /// `errors` must not be empty.
  explicit SpecErrors(std::vector<SpecError> errors);
  const std::vector<SpecError>& errors() const { return errors_; }
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  std::vector<SpecError> errors_;
  std::string text_;
};

}  // namespace sg
