#include "spec/spec_loader.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

#include "notation/board_notation.h"
#include "notation/lisp_grid.h"  // NotationError
#include "spec/domain_file.h"
#include "languages/interpreter_compat.h"
#include "spec/edit_distance.h"
#include "spec/limit_calibration_file.h"
#include "spec/sha256.h"
#include "spec/yaml_file.h"

namespace sg {
namespace {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no overlong forms, no
// surrogates, at most U+10FFFF), or 0 when none starts there.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (byte < 0x80) {
    return 1;
  } else if (byte >= 0xC2 && byte <= 0xDF) {
    length = 2;
  } else if (byte >= 0xE0 && byte <= 0xEF) {
    length = 3;
    if (byte == 0xE0) low = 0xA0;
    if (byte == 0xED) high = 0x9F;
  } else if (byte >= 0xF0 && byte <= 0xF4) {
    length = 4;
    if (byte == 0xF0) low = 0x90;
    if (byte == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  for (std::size_t k = 1; k < length; ++k) {
    if (i + k >= text.size()) return 0;
    const auto next = static_cast<unsigned char>(text[i + k]);
    if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF)) return 0;
  }
  return length;
}

// The first byte of `text` that starts no well-formed UTF-8 sequence, with its line and column
// (1-based).
struct InvalidByte {
  unsigned char byte = 0;
  int line = 1;
  int column = 1;
  SourceLocation where(const std::string& file) const { return {file, line, column}; }
};

std::optional<InvalidByte> first_invalid_utf8(std::string_view text) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return InvalidByte{static_cast<unsigned char>(text[i]), line, column};
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += length;
  }
  return std::nullopt;
}

// `text` with every byte that starts no well-formed sequence replaced by U+FFFD. YAML escapes
// ("\x85") can make such bytes out of a file that is UTF-8 (found by fuzzing: JSON then threw).
std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

// Reads YAML nodes with their locations, turning every mistake into a SpecError.
class Reader {
 public:
  Reader(std::string file, std::vector<SpecError>& errors)
      : file_(std::move(file)), errors_(errors) {}

  /// Records a problem and goes on reading (for problems that leave the rest readable).
  void note(const YAML::Node& node, const std::string& message) const {
    errors_.emplace_back(at(node), message);
  }

  /// Runs `read`, recording the SpecError(s) it throws, so one broken part of a spec does not
  /// hide the problems of the next.
  void collect(const std::function<void()>& read) const {
    try {
      read();
    } catch (const SpecErrors& errors) {
      errors_.insert(errors_.end(), errors.errors().begin(), errors.errors().end());
    } catch (const SpecError& error) {
      errors_.push_back(error);
    }
  }

  std::size_t error_count() const { return errors_.size(); }

  SourceLocation at(const YAML::Node& node) const { return yaml_location(file_, node.Mark()); }

  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
    throw SpecError(at(node), message);
  }

  void expect_map(const YAML::Node& node, std::string_view what) const {
    if (!node.IsMap()) fail(node, fmt::format("expected {} to be a mapping of key: value", what));
  }

  void expect_sequence(const YAML::Node& node, std::string_view what) const {
    if (!node.IsSequence()) fail(node, fmt::format("expected {} to be a list", what));
  }

  // Records every key not in `allowed`, suggesting the closest allowed key.
  void only_keys(const YAML::Node& map, std::string_view what,
                 const std::vector<std::string>& allowed) const {
    for (const auto& item : map) {
      const std::string key = item.first.as<std::string>();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        note(item.first, fmt::format("unknown key '{}' in {}{}; allowed keys: {}", key, what,
                                     did_you_mean(key, allowed), fmt::join(allowed, ", ")));
      }
    }
  }

  // Records every key that a mapping holds twice (YAML forbids it; a reader would silently take
  // one of the two), naming both places, everywhere in the document.
  void no_duplicate_keys(const YAML::Node& node) const {
    if (node.IsSequence()) {
      for (const auto& item : node) no_duplicate_keys(item);
      return;
    }
    if (!node.IsMap()) return;
    std::map<std::string, YAML::Mark> seen;
    for (const auto& item : node) {
      if (item.first.IsScalar()) {
        const auto [first, inserted] = seen.emplace(item.first.Scalar(), item.first.Mark());
        if (!inserted) {
          note(item.first, fmt::format("duplicate key '{}' (first at line {}): a mapping holds "
                                       "each key once",
                                       item.first.Scalar(), first->second.line + 1));
        }
      }
      no_duplicate_keys(item.second);
    }
  }

  std::string string(const YAML::Node& node, std::string_view what) const {
    if (!node.IsScalar()) fail(node, fmt::format("expected {} to be a string", what));
    return valid_utf8(node.Scalar());
  }

  double number(const YAML::Node& node, std::string_view what) const {
    if (node.IsScalar()) {
      try {
        std::size_t used = 0;
        const double value = std::stod(node.Scalar(), &used);
        if (used == node.Scalar().size()) return value;
      } catch (const std::exception&) {
      }
    }
    fail(node, fmt::format("expected {} to be a number, got '{}'", what,
                           node.IsScalar() ? node.Scalar() : std::string("a non-scalar")));
  }

  double positive_number(const YAML::Node& node, std::string_view what) const {
    const double value = number(node, what);
    if (!std::isfinite(value) || !(value > 0))
      fail(node, fmt::format("expected {} to be a number greater than 0", what));
    return value;
  }

  // A positive number no larger than `most` (units in `what`'s name).
  double bounded_number(const YAML::Node& node, std::string_view what, double most) const {
    const double value = positive_number(node, what);
    if (value > most) {
      fail(node, fmt::format("{} is {}, more than the most this grader allows ({})", what,
                             node.Scalar(), most));
    }
    return value;
  }

  int integer(const YAML::Node& node, std::string_view what) const {
    if (node.IsScalar()) {
      try {
        std::size_t used = 0;
        const int value = std::stoi(node.Scalar(), &used);
        if (used == node.Scalar().size()) return value;
      } catch (const std::exception&) {
      }
    }
    fail(node, fmt::format("expected {} to be a whole number, got '{}'", what,
                           node.IsScalar() ? node.Scalar() : std::string("a non-scalar")));
  }

  bool boolean(const YAML::Node& node, std::string_view what) const {
    if (node.IsScalar()) {
      const std::string& text = node.Scalar();
      if (text == "true" || text == "yes") return true;
      if (text == "false" || text == "no") return false;
    }
    fail(node, fmt::format("expected {} to be true or false", what));
  }

  std::string one_of(const YAML::Node& node, std::string_view what,
                     const std::vector<std::string>& choices) const {
    const std::string value = string(node, what);
    if (std::find(choices.begin(), choices.end(), value) == choices.end()) {
      fail(node, fmt::format("{} must be one of {}, not '{}'{}", what, fmt::join(choices, ", "),
                             value, did_you_mean(value, choices)));
    }
    return value;
  }

  std::vector<int> int_list(const YAML::Node& node, std::string_view what) const {
    expect_sequence(node, what);
    std::vector<int> values;
    for (const auto& item : node) values.push_back(integer(item, fmt::format("each of {}", what)));
    return values;
  }

  // Converts a YAML value to JSON, recording each node's location under its JSON pointer.
  nlohmann::json to_json(const YAML::Node& node, const std::string& pointer,
                         std::map<std::string, SourceLocation>& locations) const {
    locations[pointer.empty() ? "/" : pointer] = at(node);
    switch (node.Type()) {
      case YAML::NodeType::Null:
      case YAML::NodeType::Undefined:
        return nullptr;
      case YAML::NodeType::Sequence: {
        nlohmann::json array = nlohmann::json::array();
        std::size_t index = 0;
        for (const auto& item : node) {
          array.push_back(to_json(item, fmt::format("{}/{}", pointer, index++), locations));
        }
        return array;
      }
      case YAML::NodeType::Map: {
        nlohmann::json object = nlohmann::json::object();
        for (const auto& item : node) {
          const std::string key = string(item.first, "a key");
          object[key] = to_json(item.second, pointer + "/" + key, locations);
        }
        return object;
      }
      case YAML::NodeType::Scalar:
        return scalar_to_json(node);
    }
    return nullptr;
  }

 private:
  // Plain scalars become numbers/booleans/null when they look like one; quoted ones stay strings.
  static nlohmann::json scalar_to_json(const YAML::Node& node) {
    const std::string text = valid_utf8(node.Scalar());
    if (node.Tag() == "!") return text;
    if (text == "~" || text == "null") return nullptr;
    if (text == "true") return true;
    if (text == "false") return false;
    try {
      std::size_t used = 0;
      const long long integer_value = std::stoll(text, &used);
      if (used == text.size()) return integer_value;
    } catch (const std::exception&) {
    }
    try {
      std::size_t used = 0;
      const double number_value = std::stod(text, &used);
      if (used == text.size()) return number_value;
    } catch (const std::exception&) {
    }
    return text;
  }

  std::string file_;
  std::vector<SpecError>& errors_;

 public:
  const std::string& file() const { return file_; }
};

// Largest values a spec may set: beyond them a limit is a typo, and the runner could not honour it.
constexpr double kMostCpuSeconds = 24 * 3600;
constexpr double kMostWallSeconds = 48 * 3600;
constexpr double kMostMemoryMib = 1024 * 1024;
constexpr double kMostOutputKib = 1024 * 1024;
constexpr double kMostSubmissionMib = 1024;

// A path inside the submission: relative, without "..", not empty.
void require_inner_path(const Reader& reader, const YAML::Node& node, const std::string& path,
                        std::string_view what) {
  const std::filesystem::path value(path);
  const bool climbs = std::any_of(value.begin(), value.end(),
                                  [](const std::filesystem::path& part) { return part == ".."; });
  if (path.empty() || value.is_absolute() || climbs) {
    reader.note(node, fmt::format("{} '{}' must be a path inside the submission (relative, without "
                                  "'..'), e.g. eightpuzzle.py",
                                  what, path));
  }
}

ExitStatusPolicy read_exit_status(const Reader& reader, const YAML::Node& node) {
  const std::string value = reader.one_of(node, "exit_status", {"required", "graded", "ignored"});
  return value == "graded"    ? ExitStatusPolicy::graded
         : value == "ignored" ? ExitStatusPolicy::ignored
                              : ExitStatusPolicy::required;
}

// `python: {version: "3.6", restore: [time.clock]}`: the course's interpreter, and the names it
// had that ours removed, restored (languages/interpreter_compat.h).
CourseInterpreter read_course_python(const Reader& reader, const YAML::Node& node) {
  reader.expect_map(node, "python ({version: \"3.6\", restore: [time.clock]})");
  reader.only_keys(node, "python", {"version", "restore"});
  CourseInterpreter interpreter;
  if (node["version"]) interpreter.version = reader.string(node["version"], "python.version");
  if (node["restore"]) {
    reader.expect_sequence(node["restore"], "python.restore");
    std::vector<std::string> known;
    for (const RemovedPythonName& removed : removed_python_names()) known.push_back(removed.name);
    for (const auto& item : node["restore"]) {
      const std::string name = reader.string(item, "each name to restore");
      if (find_removed_python_name(name) == nullptr)
        reader.fail(item, fmt::format("python.restore: '{}' is not a name this grader restores{}; "
                                      "it restores {}",
                                      name, did_you_mean(name, known), fmt::join(known, ", ")));
      interpreter.restore.push_back(name);
    }
  }
  return interpreter;
}

// `output: stdout`, `output: {file: output.txt}` or `output: {file: output.txt, stdout: true}`.
AnswerSource read_answer_source(const Reader& reader, const YAML::Node& node) {
  AnswerSource source;
  if (node.IsScalar()) {
    reader.one_of(node, "output", {"stdout"});
    return source;
  }
  reader.expect_map(node, "output ({file: output.txt}, with stdout: true to read both)");
  reader.only_keys(node, "output", {"file", "stdout"});
  if (!node["file"])
    reader.fail(node, "output needs `file`: the file the program writes its answer to, e.g. "
                      "output.txt (or write `output: stdout`)");
  source.file = reader.string(node["file"], "output.file");
  require_inner_path(reader, node["file"], source.file, "output.file");
  if (node["stdout"]) source.with_stdout = reader.boolean(node["stdout"], "output.stdout");
  return source;
}

int bounded_integer(const Reader& reader, const YAML::Node& node, std::string_view what, int least,
                    int most) {
  const int value = reader.integer(node, what);
  if (value < least || value > most)
    reader.fail(node, fmt::format("{} must be from {} to {}, not {}", what, least, most, value));
  return value;
}

constexpr double kMostTimeMultiplier = 100;

// `calibration`, when given, is returned through `calibration` (tests only); `scaling` holds the
// inherited time scaling and receives this section's (tests and the spec's defaults); `budget`
// receives the per-submission budget (the spec's defaults only).
Limits read_limits(const Reader& reader, const YAML::Node& node, Limits limits,
                   std::optional<LimitCalibration>* calibration = nullptr,
                   std::optional<TimeScaling>* scaling = nullptr,
                   SubmissionBudget* budget = nullptr, ImportLimits* import = nullptr) {
  reader.expect_map(node, "limits");
  std::vector<std::string> keys = {"cpu_seconds", "wall_seconds",  "memory_mib",
                                   "output_kib",  "max_processes", "max_open_files"};
  if (calibration != nullptr) keys.push_back("calibration");
  if (scaling != nullptr) keys.insert(keys.end(), {"time_multiplier", "time_floor_seconds"});
  if (budget != nullptr)
    keys.insert(keys.end(), {"submission_cpu_seconds", "submission_time_multiplier"});
  if (import != nullptr) keys.insert(keys.end(), {"import_cpu_seconds", "import_wall_seconds"});
  reader.only_keys(node, "limits", keys);
  if (scaling != nullptr && node["time_multiplier"]) {
    const double multiplier =
        reader.bounded_number(node["time_multiplier"], "time_multiplier", kMostTimeMultiplier);
    if (multiplier < 1)
      reader.fail(node["time_multiplier"],
                  fmt::format("time_multiplier is {}: a limit below what the accepted solutions "
                              "use would fail them (use 1 or more; Kattis uses 2 to 5)",
                              multiplier));
    if (!*scaling) scaling->emplace();
    (*scaling)->multiplier = multiplier;
  }
  if (scaling != nullptr && node["time_floor_seconds"]) {
    if (!*scaling)
      reader.fail(node["time_floor_seconds"],
                  "time_floor_seconds is the least CPU limit a time_multiplier may give: it "
                  "needs limits.time_multiplier (here or in the spec's limits)");
    (*scaling)->floor_seconds =
        reader.bounded_number(node["time_floor_seconds"], "time_floor_seconds", kMostCpuSeconds);
  }
  if (budget != nullptr && node["submission_cpu_seconds"]) {
    budget->cpu_seconds = reader.bounded_number(node["submission_cpu_seconds"],
                                                "submission_cpu_seconds", 100 * kMostCpuSeconds);
  }
  if (budget != nullptr && node["submission_time_multiplier"]) {
    budget->multiplier = reader.bounded_number(node["submission_time_multiplier"],
                                               "submission_time_multiplier", kMostTimeMultiplier);
    if (budget->multiplier < 1)
      reader.fail(node["submission_time_multiplier"],
                  "submission_time_multiplier must be 1 or more (a budget below what an accepted "
                  "solution uses would fail it)");
  }
  if (import != nullptr && node["import_cpu_seconds"]) {
    import->cpu_seconds = reader.bounded_number(node["import_cpu_seconds"], "import_cpu_seconds",
                                                100 * kMostCpuSeconds);
  }
  if (import != nullptr && node["import_wall_seconds"]) {
    import->wall_seconds = reader.bounded_number(node["import_wall_seconds"], "import_wall_seconds",
                                                 100 * kMostWallSeconds);
  }
  if (node["cpu_seconds"])
    limits.cpu_seconds = reader.bounded_number(node["cpu_seconds"], "cpu_seconds", kMostCpuSeconds);
  if (node["wall_seconds"])
    limits.wall_seconds =
        reader.bounded_number(node["wall_seconds"], "wall_seconds", kMostWallSeconds);
  if (node["memory_mib"]) {
    limits.memory_bytes = static_cast<std::uint64_t>(reader.bounded_number(
                              node["memory_mib"], "memory_mib", kMostMemoryMib))
                          << 20;
  }
  if (node["output_kib"]) {
    limits.output_bytes = static_cast<std::uint64_t>(reader.bounded_number(
                              node["output_kib"], "output_kib", kMostOutputKib))
                          << 10;
  }
  if (node["max_processes"])
    limits.max_processes = bounded_integer(reader, node["max_processes"], "max_processes", 1, 4096);
  if (node["max_open_files"])
    limits.max_open_files =
        bounded_integer(reader, node["max_open_files"], "max_open_files", 4, 65536);
  if (calibration != nullptr && node["calibration"]) {
    const YAML::Node given = node["calibration"];
    reader.expect_map(given, "limits.calibration");
    reader.only_keys(given, "limits.calibration", {"solution", "cpu_seconds"});
    if (!given["solution"] || !given["cpu_seconds"])
      reader.fail(given,
                  "limits.calibration needs `solution` (what kind of correct solution was "
                  "measured) and `cpu_seconds` (what it used on this test)");
    LimitCalibration measured;
    measured.solution = reader.string(given["solution"], "limits.calibration.solution");
    measured.cpu_seconds =
        reader.bounded_number(given["cpu_seconds"], "calibration.cpu_seconds", kMostCpuSeconds);
    if (measured.cpu_seconds >= limits.cpu_seconds)
      reader.fail(given["cpu_seconds"],
                  fmt::format("the calibrated solution needs {} s but the test's cpu_seconds limit "
                              "is {} s: the limit must leave it room",
                              measured.cpu_seconds, limits.cpu_seconds));
    *calibration = measured;
  }
  return limits;
}

void read_assignment_info(const Reader& reader, const YAML::Node& node, Assignment& assignment) {
  reader.expect_map(node, "assignment");
  reader.only_keys(node, "assignment", {"id", "title", "source", "description"});
  if (!node["id"]) reader.fail(node, "assignment needs an 'id' (e.g. torus-8-puzzle)");
  assignment.id = reader.string(node["id"], "assignment.id");
  assignment.title =
      node["title"] ? reader.string(node["title"], "assignment.title") : assignment.id;
}

// The folder a spec's relative file names start from; a bare file name ("spec.yaml") is in the
// working directory (std::filesystem::absolute("") throws).
std::filesystem::path spec_folder(const std::string& spec_file) {
  if (spec_file.empty()) return std::filesystem::current_path();
  return std::filesystem::absolute(std::filesystem::path(spec_file)).parent_path();
}

void read_submission(const Reader& reader, const YAML::Node& node,
                     SubmissionInterface& submission) {
  reader.expect_map(node, "submission");
  reader.only_keys(node, "submission",
                   {"language", "module", "required_files", "priority_queue_class", "entry",
                    "build", "build_limits", "accept", "definitions_only", "exit_status",
                    "output", "python", "max_size_mib", "support_files"});
  if (node["language"])
    submission.language =
        reader.one_of(node["language"], "submission.language", {"python", "java", "program"});
  if (submission.language == "program") {
    if (!node["entry"])
      reader.fail(
          node,
          "a program submission needs an 'entry' (the program to run, or a list of candidates)");
    if (node["entry"].IsSequence()) {
      for (const auto& entry : node["entry"]) {
        submission.entry.push_back(reader.string(entry, "each entry"));
        require_inner_path(reader, entry, submission.entry.back(), "entry");
      }
    } else {
      submission.entry.push_back(reader.string(node["entry"], "submission.entry"));
      require_inner_path(reader, node["entry"], submission.entry.back(), "entry");
    }
    if (submission.entry.empty()) reader.fail(node["entry"], "entry lists no program");
    if (node["build"])
      submission.build = reader.one_of(node["build"], "submission.build",
                                       {"auto", "make", "cmake", "javac", "none"});
    if (node["build_limits"])
      submission.build_limits = read_limits(reader, node["build_limits"], submission.build_limits);
    if (node["exit_status"]) submission.exit_status = read_exit_status(reader, node["exit_status"]);
    if (node["output"]) submission.answer = read_answer_source(reader, node["output"]);
  } else if (submission.language == "java" && !node["entry"] && !node["build"] &&
             !node["exit_status"] && !node["output"]) {
    // Java's classes are compiled once with the driver (javac), under the build limits.
    if (node["build_limits"])
      submission.build_limits = read_limits(reader, node["build_limits"], submission.build_limits);
  } else if (node["entry"] || node["build"] || node["build_limits"] || node["exit_status"] ||
             node["output"]) {
    reader.fail(node,
                "entry, build, build_limits, exit_status and output are for `language: program` "
                "submissions (a Python function call reports exceptions, not exit statuses, and "
                "returns its answer)");
  }
  if (node["python"]) {
    if (submission.language == "java")
      reader.fail(node["python"], "python (the course's Python interpreter) is for Python "
                                  "function calls and programs, not Java");
    submission.course_python = read_course_python(reader, node["python"]);
  }
  if (node["max_size_mib"]) {
    submission.max_size_bytes = static_cast<std::uint64_t>(
        reader.bounded_number(node["max_size_mib"], "submission.max_size_mib", kMostSubmissionMib) *
        (1 << 20));
  }
  if (submission.language != "program" || node["module"]) {  // a program is found by `entry`
    if (!node["module"])
      reader.fail(node,
                  "submission needs a 'module' (the Python module to import, e.g. torus_puzzle; "
                  "in Java the class the tests start from, e.g. Board)");
    submission.module = reader.string(node["module"], "submission.module");
    const bool identifier =
        !submission.module.empty() &&
        !std::isdigit(static_cast<unsigned char>(submission.module.front())) &&
        std::all_of(submission.module.begin(), submission.module.end(),
                    [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    if (!identifier)
      reader.fail(node["module"],
                  fmt::format("submission.module '{}' is not a module or class name (letters, "
                              "digits and _, e.g. torus_puzzle or Board)",
                              submission.module));
  }
  if (node["accept"]) {  // one file of any name (SubmissionInterface::accept)
    if (node["required_files"])
      reader.fail(node["accept"], "give either accept or required_files, not both");
    reader.expect_sequence(node["accept"], "submission.accept");
    for (const auto& extension : node["accept"]) {
      submission.accept.push_back(
          reader.one_of(extension, "each accepted extension", {".py", ".ipynb"}));
    }
  }
  if (node["support_files"]) {
    reader.expect_sequence(node["support_files"], "submission.support_files");
    const std::filesystem::path spec_dir = spec_folder(reader.file());
    for (const auto& item : node["support_files"]) {
      const std::string name = reader.string(item, "each support file");
      const std::filesystem::path file = (spec_dir / name).lexically_normal();
      std::error_code error;
      if (!std::filesystem::is_regular_file(file, error)) {
        reader.note(item, fmt::format("support file '{}' does not exist (looked for {}, relative "
                                      "to the spec)",
                                      name, file.string()));
        continue;
      }
      submission.support_files.push_back(file);
    }
  }
  if (node["definitions_only"]) {
    submission.definitions_only =
        reader.boolean(node["definitions_only"], "submission.definitions_only");
  }
  if (std::count(submission.accept.begin(), submission.accept.end(), ".ipynb") &&
      !submission.definitions_only) {
    reader.fail(
        node["accept"],
        "a notebook (.ipynb) needs `definitions_only: true`: its top-level cells never run");
  }
  if (node["required_files"]) {
    reader.expect_sequence(node["required_files"], "submission.required_files");
    for (const auto& file : node["required_files"]) {
      submission.required_files.push_back(reader.string(file, "each required file"));
      require_inner_path(reader, file, submission.required_files.back(), "required file");
    }
  } else if (submission.language == "python" && submission.accept.empty()) {
    // (A Java class may be in a package's folder: the driver finds it, or says it is missing.)
    submission.required_files.push_back(submission.module + ".py");
  }
  if (node["priority_queue_class"]) {
    submission.priority_queue_class =
        reader.string(node["priority_queue_class"], "priority_queue_class");
  }
}

// `notation: {state: NAME, layout: spacing_free | exact}`: the board notation's name, checked
// against the registry, and how strictly printed lines are spaced.
void read_notation(const Reader& reader, const YAML::Node& node, Assignment& assignment) {
  reader.expect_map(node, "notation");
  reader.only_keys(node, "notation", {"state", "layout"});
  if (!node["state"] && !node["layout"])
    reader.fail(node, "notation needs `state:` (how a board is written) or `layout:`");
  if (node["layout"])
    assignment.exact_layout =
        reader.one_of(node["layout"], "notation.layout", {"spacing_free", "exact"}) == "exact";
  if (!node["state"]) return;
  std::vector<std::string> names;
  for (const BoardNotation& notation : board_notations()) names.push_back(notation.name);
  assignment.state_notation = reader.one_of(node["state"], "notation.state", names);
}

// A board given as a list of integers, or as text in the spec's notation ("b12 345 678").
std::vector<int> read_board(const Reader& reader, const YAML::Node& node, std::string_view what,
                            BoardShape shape, const std::string& notation) {
  if (!node.IsScalar()) return reader.int_list(node, what);
  try {
    return find_board_notation(notation)->parse(node.Scalar(), shape);
  } catch (const NotationError& error) {
    reader.fail(node, fmt::format("{} in the {} notation: {}", what, notation, error.what()));
  }
}

SlidingTileDomain read_domain(const Reader& reader, const YAML::Node& node,
                              const std::string& notation) {
  reader.expect_map(node, "domain");
  reader.only_keys(node, "domain",
                   {"type", "rows", "cols", "topology", "goal", "heuristic", "action_order"});
  if (!node["type"]) reader.fail(node, "domain needs a 'type' (sliding_tile)");
  reader.one_of(node["type"], "domain.type", {"sliding_tile"});
  SlidingTileDomain domain;
  if (node["rows"]) domain.rows = reader.integer(node["rows"], "domain.rows");
  if (node["cols"]) domain.cols = reader.integer(node["cols"], "domain.cols");
  if (domain.rows < 1 || domain.cols < 1 || domain.rows * domain.cols < 2) {
    reader.fail(node, fmt::format("a {}x{} puzzle is too small: rows and cols must be at least 1 "
                                  "and the board must have at least 2 cells",
                                  domain.rows, domain.cols));
  }
  if (node["topology"])
    domain.topology = reader.one_of(node["topology"], "domain.topology", {"bounded", "torus"});
  if (!node["goal"]) reader.fail(node, "domain needs a 'goal' state (row-major list, 0 = blank)");
  domain.goal =
      read_board(reader, node["goal"], "domain.goal", {domain.rows, domain.cols}, notation);
  if (domain.goal.size() != static_cast<std::size_t>(domain.rows * domain.cols)) {
    reader.fail(node["goal"], fmt::format("goal has {} tiles, expected rows × cols = {}",
                                          domain.goal.size(), domain.rows * domain.cols));
  }
  if (std::count(domain.goal.begin(), domain.goal.end(), 0) == 0) {
    reader.fail(node["goal"],
                "goal must contain a blank (0): one, or more for a puzzle with "
                "several empty squares");
  }
  if (node["heuristic"]) {
    domain.heuristic = reader.one_of(node["heuristic"], "domain.heuristic",
                                     {"misplaced_tiles", "manhattan", "zero"});
  }
  if (node["action_order"]) {
    domain.action_order_where = reader.at(node["action_order"]);
    reader.expect_sequence(node["action_order"], "domain.action_order");
    for (const auto& action : node["action_order"]) {
      const std::string name =
          reader.one_of(action, "each action", {"left", "right", "up", "down"});
      if (std::count(domain.action_order.begin(), domain.action_order.end(), name)) {
        reader.fail(action, fmt::format("action '{}' is listed twice", name));
      }
      domain.action_order.push_back(name);
    }
  }
  return domain;
}

SearchSemantics read_search(const Reader& reader, const YAML::Node& node) {
  reader.expect_map(node, "search");
  reader.only_keys(node, "search",
                   {"algorithm", "successor_order", "tie_break", "update_on_lower_g"});
  SearchSemantics search;
  if (node["algorithm"])
    search.algorithm = reader.one_of(node["algorithm"], "search.algorithm", {"astar"});
  if (node["successor_order"]) {
    search.successor_order = reader.one_of(node["successor_order"], "search.successor_order",
                                           {"ascending_state", "move_order"});
  }
  if (node["tie_break"]) {
    search.tie_break = reader.one_of(node["tie_break"], "search.tie_break",
                                     {"earliest_inserted", "latest_inserted"});
  }
  if (node["update_on_lower_g"])
    search.update_on_lower_g =
        reader.boolean(node["update_on_lower_g"], "search.update_on_lower_g");
  return search;
}

void read_rubric(const Reader& reader, const YAML::Node& node, Assignment& assignment) {
  reader.expect_sequence(node, "rubric");
  if (node.size() == 0) reader.fail(node, "rubric has no criteria");
  std::set<std::string> ids;
  for (const auto& item : node)
    reader.collect([&] {
      reader.expect_map(item, "each rubric criterion");
      reader.only_keys(item, "a rubric criterion",
                       {"id", "name", "points", "scoring", "manual", "description"});
      Criterion criterion;
      criterion.where = reader.at(item);
      if (!item["id"]) reader.fail(item, "criterion needs an 'id'");
      criterion.id = reader.string(item["id"], "criterion id");
      if (!ids.insert(criterion.id).second)
        reader.fail(item["id"], fmt::format("duplicate criterion id '{}'", criterion.id));
      criterion.name = item["name"] ? reader.string(item["name"], "criterion name") : criterion.id;
      if (!item["points"])
        reader.fail(item, fmt::format("criterion '{}' needs 'points'", criterion.id));
      criterion.points = reader.number(item["points"], "points");
      if (criterion.points < 0) reader.fail(item["points"], "points must not be negative");
      if (item["scoring"]) {
        criterion.scoring = reader.one_of(item["scoring"], "scoring",
                                          {"all_or_nothing", "proportional"}) == "proportional"
                                ? CriterionScoring::proportional
                                : CriterionScoring::all_or_nothing;
      }
      if (item["manual"]) criterion.manual = reader.boolean(item["manual"], "manual");
      if (item["description"])
        criterion.description = reader.string(item["description"], "description");
      assignment.criteria.push_back(std::move(criterion));
    });
}

const std::vector<std::string> kCommonTestKeys = {
    "id", "name", "kind", "visibility", "grades", "limits", "description", "exit_status", "output"};

void read_tests(const Reader& reader, const YAML::Node& node, Assignment& assignment) {
  reader.expect_sequence(node, "tests");
  if (node.size() == 0) reader.fail(node, "the spec has no tests");
  std::set<std::string> ids;
  std::vector<std::string> criterion_ids;
  for (const auto& criterion : assignment.criteria) criterion_ids.push_back(criterion.id);

  const std::size_t errors_before = reader.error_count();
  for (const auto& item : node)
    reader.collect([&] {
      reader.expect_map(item, "each test");
      TestSpec test;
      test.where = reader.at(item);
      if (!item["id"])
        reader.fail(item, "test needs an 'id' (stable, used in reports and the results store)");
      test.id = reader.string(item["id"], "test id");
      if (!ids.insert(test.id).second)
        reader.fail(item["id"], fmt::format("duplicate test id '{}'", test.id));
      if (!item["kind"]) reader.fail(item, fmt::format("test '{}' needs a 'kind'", test.id));
      test.kind = reader.string(item["kind"], "test kind");
      test.name = item["name"] ? reader.string(item["name"], "test name") : test.id;
      if (item["visibility"]) {
        const std::string visibility =
            reader.one_of(item["visibility"], "visibility",
                          {"visible", "hidden", "after_due_date", "after_published"});
        test.visibility = *visibility_from_string(visibility);
      }
      test.time_scaling = assignment.default_time_scaling;
      test.limits = item["limits"] ? read_limits(reader, item["limits"], assignment.default_limits,
                                                 &test.calibration, &test.time_scaling)
                                   : assignment.default_limits;
      test.exit_status = assignment.submission.exit_status;
      if (item["exit_status"]) {
        if (assignment.submission.language != "program")
          reader.fail(item["exit_status"],
                      "exit_status is for `language: program` submissions (a Python function call "
                      "reports exceptions, not exit statuses)");
        test.exit_status = read_exit_status(reader, item["exit_status"]);
      }
      test.answer = assignment.submission.answer;
      if (item["output"]) {
        if (assignment.submission.language != "program")
          reader.fail(item["output"],
                      "output (where a program's answer is read) is for `language: program` "
                      "submissions; a function call returns its answer");
        test.answer = read_answer_source(reader, item["output"]);
      }
      if (item["grades"]) {
        reader.expect_map(item["grades"], "grades (aspect: criterion id)");
        for (const auto& grade : item["grades"]) {
          const std::string aspect = reader.string(grade.first, "aspect");
          std::vector<YAML::Node> targets;
          if (grade.second.IsSequence()) {
            for (const auto& target : grade.second) targets.push_back(target);
          } else {
            targets.push_back(grade.second);
          }
          for (const auto& target : targets) {
            const std::string criterion = reader.string(target, "criterion id");
            const Criterion* found = assignment.find_criterion(criterion);
            if (found == nullptr) {
              reader.fail(
                  target,
                  fmt::format("grades refers to criterion '{}', which is not in the rubric{}",
                              criterion, did_you_mean(criterion, criterion_ids)));
            }
            if (found->manual) {
              reader.fail(target, fmt::format("criterion '{}' is manual; tests cannot grade it",
                                              criterion));
            }
            test.grades[aspect].push_back(criterion);
          }
        }
      }
      for (const auto& entry : item) {
        const std::string key = entry.first.as<std::string>();
        if (std::find(kCommonTestKeys.begin(), kCommonTestKeys.end(), key) != kCommonTestKeys.end())
          continue;
        test.input[key] = reader.to_json(entry.second, "/" + key, test.key_locations);
      }
      assignment.tests.push_back(std::move(test));
    });
  // A criterion's test may have failed to load above; say nothing more about it then.
  if (reader.error_count() != errors_before) return;

  for (const auto& criterion : assignment.criteria) {
    if (criterion.manual) continue;
    const bool bound =
        std::any_of(assignment.tests.begin(), assignment.tests.end(), [&](const TestSpec& test) {
          return std::any_of(test.grades.begin(), test.grades.end(), [&](const auto& grade) {
            return std::find(grade.second.begin(), grade.second.end(), criterion.id) !=
                   grade.second.end();
          });
        });
    if (!bound) {
      throw SpecError(
          criterion.where,
          fmt::format("criterion '{}' has no test grading it: add `grades: {{<aspect>: {}}}` to "
                      "a test, or mark it `manual: true`",
                      criterion.id, criterion.id));
    }
  }
}

// A mapping kept as JSON with its keys' locations, for the kinds to check.
SpecSection read_section(const Reader& reader, const YAML::Node& node, std::string_view what) {
  reader.expect_map(node, what);
  SpecSection section;
  section.where = reader.at(node);
  section.value = reader.to_json(node, "", section.key_locations);
  return section;
}

// The bytes of `name`, a file named relative to the spec; recorded as part of what is graded.
std::string read_named_file(const Reader& reader, const YAML::Node& node, const std::string& name,
                            Assignment& assignment) {
  const std::filesystem::path spec_dir = spec_folder(reader.file());
  const std::filesystem::path file = (spec_dir / name).lexically_normal();
  std::ifstream in(file, std::ios::binary);
  std::error_code error;
  if (!in || std::filesystem::is_directory(file, error))
    reader.fail(node, fmt::format("cannot read the file '{}' (looked for {}, relative to the spec)",
                                  name, file.string()));
  std::ostringstream text;
  text << in.rdbuf();
  assignment.referenced_files.push_back(file);
  return text.str();
}

// `domains`: each a mapping; `file:` is read in (a maze's map, or a graph's keys).
void read_domains(const Reader& reader, const YAML::Node& node, Assignment& assignment) {
  if (!node) return;
  reader.expect_map(node,
                    "domains (name: {type: graph | grid | sliding_tile | game_tree | tic_tac_toe | "
                    "connect_four | pacman, ...})");
  for (const auto& item : node) {
    reader.collect([&] {
      const std::string name = reader.string(item.first, "a domain's name");
      SpecSection section = read_section(reader, item.second, "a domain");
      if (section.value.contains("file")) {
        if (!section.value["file"].is_string())
          reader.fail(item.second["file"], "file: names a file beside the spec");
        const std::string text =
            read_named_file(reader, item.second["file"], section.value["file"], assignment);
        const std::string type = section.value.value("type", "");
        if (const auto text_key = domain_file_text_key(type)) {
          if (!section.value.contains(*text_key)) section.value[*text_key] = text;
        } else {
          YAML::Node loaded;
          try {
            loaded = YAML::Load(text);
          } catch (const YAML::Exception& error) {
            reader.fail(item.second["file"],
                        fmt::format("{} is not valid YAML or JSON: {}",
                                    section.value["file"].get<std::string>(), error.msg));
          }
          if (!loaded.IsMap())
            reader.fail(item.second["file"],
                        "a graph file holds a mapping (edges, heuristic, ...)");
          std::map<std::string, SourceLocation> ignored;
          const nlohmann::json from_file = reader.to_json(loaded, "", ignored);
          for (const auto& [key, value] : from_file.items())
            if (!section.value.contains(key)) section.value[key] = value;
        }
      }
      if (section.value.value("type", "") == "sliding_tile")
        assignment.boards[name] = read_domain(reader, item.second, assignment.state_notation);
      assignment.domains[name] = std::move(section);
    });
  }
}

// Reads what it can of the spec: a broken section or test is recorded (reader's errors) and
// left out, and reading goes on with the next one.
Assignment parse(const YAML::Node& root, const Reader& reader) {
  Assignment assignment;
  if (!root.IsDefined() || root.IsNull()) {
    reader.note(root, "the spec is empty");
    return assignment;
  }
  reader.no_duplicate_keys(root);
  if (!root.IsMap()) {
    reader.note(root, "expected the spec to be a mapping of key: value");
    return assignment;
  }
  reader.only_keys(root, "the spec",
                   {"spec_version", "assignment", "submission", "notation", "domain", "search",
                    "limits", "isolation", "domains", "algorithms", "adapter", "rubric", "tests"});
  reader.collect([&] {
    if (!root["spec_version"]) reader.fail(root, "the spec needs 'spec_version: 1' at the top");
    const int version = reader.integer(root["spec_version"], "spec_version");
    if (version != 1)
      reader.fail(root["spec_version"],
                  fmt::format("spec_version {} is not supported (this grader reads 1)", version));
  });
  reader.collect([&] {
    if (!root["assignment"])
      reader.fail(root, "the spec needs an 'assignment' section (id, title)");
    read_assignment_info(reader, root["assignment"], assignment);
  });
  reader.collect([&] {
    if (!root["submission"])
      reader.fail(root, "the spec needs a 'submission' section (language, module)");
    read_submission(reader, root["submission"], assignment.submission);
  });
  reader.collect([&] {
    if (root["notation"]) read_notation(reader, root["notation"], assignment);
  });
  reader.collect([&] {
    if (root["domain"])
      assignment.domain = read_domain(reader, root["domain"], assignment.state_notation);
  });
  reader.collect([&] {
    if (root["search"]) assignment.search = read_search(reader, root["search"]);
  });
  reader.collect([&] {
    if (root["limits"]) {
      assignment.default_limits =
          read_limits(reader, root["limits"], Limits{}, nullptr, &assignment.default_time_scaling,
                      &assignment.submission_budget, &assignment.import_limits);
    }
  });
  reader.collect([&] {
    if (!root["isolation"]) return;
    const YAML::Node isolation = root["isolation"];
    reader.expect_map(isolation, "isolation");
    reader.only_keys(isolation, "isolation", {"minimum_tier"});
    if (isolation["minimum_tier"]) {
      assignment.minimum_isolation_tier = reader.one_of(
          isolation["minimum_tier"], "isolation.minimum_tier", {"minimal", "degraded", "full"});
    }
  });
  reader.collect([&] { read_domains(reader, root["domains"], assignment); });
  reader.collect([&] {
    if (!root["algorithms"]) return;
    reader.expect_map(root["algorithms"], "algorithms (name: {strategy: ...})");
    for (const auto& item : root["algorithms"]) {
      reader.collect([&] {
        const std::string name = reader.string(item.first, "an algorithm's name");
        assignment.algorithms[name] = read_section(reader, item.second, "an algorithm");
      });
    }
  });
  reader.collect([&] {
    if (root["adapter"]) assignment.adapter = read_section(reader, root["adapter"], "adapter");
  });
  reader.collect([&] {
    if (!root["rubric"])
      reader.fail(root, "the spec needs a 'rubric' (a list of criteria with points)");
    read_rubric(reader, root["rubric"], assignment);
  });
  reader.collect([&] {
    if (!root["tests"]) reader.fail(root, "the spec needs 'tests'");
    read_tests(reader, root["tests"], assignment);
  });
  return assignment;
}

// The spec as canonical JSON without what only scores (rubric points, names, descriptions,
// scoring, manual) and without comments or layout: equal for two specs that grade alike.
std::string grading_text(const YAML::Node& root, const Reader& reader) {
  if (!root.IsDefined() || root.IsNull()) return "";
  std::map<std::string, SourceLocation> locations;
  nlohmann::json spec;
  try {
    spec = reader.to_json(root, "", locations);
  } catch (const SpecError&) {
    return "";  // an invalid spec grades nothing; its errors are reported already
  }
  if (spec.is_object() && spec.contains("rubric") && spec["rubric"].is_array()) {
    for (auto& criterion : spec["rubric"]) {
      if (!criterion.is_object()) continue;
      for (const char* key : {"points", "name", "description", "scoring", "manual"})
        criterion.erase(key);
    }
  }
  return spec.dump();
}

// Errors in file order (line, then column), each once.
void sort_errors(std::vector<SpecError>& errors) {
  std::stable_sort(errors.begin(), errors.end(), [](const SpecError& a, const SpecError& b) {
    return std::tie(a.where().line, a.where().column) < std::tie(b.where().line, b.where().column);
  });
  std::vector<SpecError> unique;
  std::set<std::string> seen;
  for (auto& error : errors)
    if (seen.insert(error.what()).second) unique.push_back(std::move(error));
  errors = std::move(unique);
}

// Time limits that scale with measured times come from specs/calibration/NAME.yaml. A spec not
// measured yet keeps its stated limits (validate says so: limit_calibration_file.h).
void read_calibration(Assignment& assignment, std::vector<SpecError>& errors) {
  const bool scaled =
      assignment.submission_budget.multiplier > 0 ||
      std::any_of(assignment.tests.begin(), assignment.tests.end(),
                  [](const TestSpec& test) { return test.time_scaling.has_value(); });
  if (!scaled || assignment.spec_path.empty()) return;
  assignment.calibration_file =
      std::filesystem::absolute(spec_folder(assignment.spec_path.string())) /
      calibration_path_of(assignment.spec_path.filename()).string();
  std::error_code missing;
  if (!std::filesystem::exists(assignment.calibration_file, missing)) return;
  try {
    const LimitCalibrationFile calibration = read_limit_calibration(assignment.calibration_file);
    if (const std::string problem = apply_limit_calibration(assignment, calibration);
        !problem.empty()) {
      errors.emplace_back(SourceLocation{assignment.calibration_file.string(), 1, 1}, problem);
    }
  } catch (const SpecErrors& found) {
    errors.insert(errors.end(), found.errors().begin(), found.errors().end());
  } catch (const SpecError& found) {
    errors.push_back(found);
  }
}

}  // namespace

Assignment read_spec_from_string(std::string_view yaml_text, const std::string& file_name,
                                 std::vector<SpecError>& errors) {
  std::vector<SpecError> found;
  const Reader reader(file_name, found);
  Assignment assignment;
  YAML::Node root;
  // Everything downstream (JSON, reports) needs UTF-8; found by fuzzing: a Latin-1 byte crashed
  // the loader.
  if (const auto bad = first_invalid_utf8(yaml_text)) {
    errors.emplace_back(
        bad->where(file_name),
        fmt::format("the spec is not UTF-8: byte 0x{:02X} does not start a well-formed "
                    "character (save the file as UTF-8)",
                    bad->byte));
    assignment.spec_path = file_name;
    return assignment;
  }
  try {
    root = YAML::Load(std::string(yaml_text));
    assignment = parse(root, reader);
  } catch (const YAML::Exception& error) {
    found.emplace_back(yaml_location(file_name, error.mark),
                       fmt::format("invalid YAML: {}", error.msg));
  }
  assignment.spec_path = file_name;
  read_calibration(assignment, found);
  sort_errors(found);
  errors.insert(errors.end(), found.begin(), found.end());
  for (const auto& file : assignment.submission.support_files)
    assignment.referenced_files.push_back(file);
  if (!assignment.calibration_file.empty() && std::filesystem::exists(assignment.calibration_file))
    assignment.referenced_files.push_back(assignment.calibration_file);
  // What the spec refers to is part of what was graded: a changed support file regrades.
  std::string files;
  for (const auto& file : assignment.referenced_files) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    files += fmt::format("\n{}\n{}", file.filename().string(), sha256_hex(bytes.str()));
  }
  assignment.spec_sha256 = sha256_hex(std::string(yaml_text) + files);
  assignment.grading_sha256 = sha256_hex(grading_text(root, reader) + files);
  return assignment;
}

Assignment read_spec(const std::filesystem::path& path, std::vector<SpecError>& errors) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    errors.emplace_back(
        SourceLocation{path.string(), 0, 0},
        "is a directory; give the spec's YAML file, e.g. specs/torus-8-puzzle.yaml");
    return {};
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    errors.emplace_back(SourceLocation{path.string(), 0, 0}, std::filesystem::exists(path)
                                                                 ? "cannot read the spec file"
                                                                 : "no such spec file");
    return {};
  }
  std::ostringstream text;
  text << file.rdbuf();
  return read_spec_from_string(text.str(), path.string(), errors);
}

Assignment load_spec_from_string(std::string_view yaml_text, const std::string& file_name) {
  std::vector<SpecError> errors;
  Assignment assignment = read_spec_from_string(yaml_text, file_name, errors);
  if (!errors.empty()) throw SpecErrors(std::move(errors));
  return assignment;
}

Assignment load_spec(const std::filesystem::path& path) {
  std::vector<SpecError> errors;
  Assignment assignment = read_spec(path, errors);
  if (!errors.empty()) throw SpecErrors(std::move(errors));
  return assignment;
}

}  // namespace sg
