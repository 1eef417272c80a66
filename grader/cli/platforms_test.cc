// The course platforms, each run as the platform runs it on this machine and read as the platform
// reads it (docs/platforms.md): a class of the course template's fixtures (a correct submission
// and two buggy ones) graded
//   - by `searchgrader prairielearn` in a job folder laid out as PrairieLearn lays it out, its
//     results.json checked field by field against PrairieLearn's documented format;
//   - by the GitHub Classroom workflow that init-course writes: the grading step's own shell
//     script run with $GITHUB_OUTPUT, the line it appends decoded and read as the classroom
//     autograding reporter reads `<ID>_RESULTS` (status, max_score, each test's name, status,
//     score and message; the points are the sum of the tests' scores);
//   - by the Moodle VPL template: vpl_evaluate.sh run in a folder with the student's files and a
//     vpl_environment.sh, the vpl_execution it writes run, and its output read as VPL reads it
//     (comment blocks, the last "Grade :=>>" line).
// Hidden tests are withheld in every one, and a grader fault is never a zero.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command_test_util.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace platforms_test {

namespace fs = std::filesystem;
using test_util::run_shell;
using test_util::searchgrader;
using ::testing::HasSubstr;
using ::testing::Not;

const fs::path kSource = SG_SOURCE_DIR;
const fs::path kTemplate = kSource / "docs/course-template";
const fs::path kFixtures = kTemplate / "fixtures/city-routes";
// The one hidden test of the template's spec: none of its words may reach a student.
const char* const kHiddenTestName = "ucs between islands";

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// The instructor's score of a fixture under `spec`, from the full JSON report.
double instructor_score(const fs::path& spec, const std::string& fixture) {
  const auto graded = run_shell(searchgrader() + " grade " + quoted(spec) + " " +
                                    quoted(kFixtures / fixture) + " --format json",
                                false);
  return nlohmann::json::parse(graded.output).at("score").get<double>();
}

class Platforms : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        test_util::fresh_temp_dir(std::string("platforms-") +
                                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// ---------------------------------------------------------------------------------- PrairieLearn

// A job folder as PrairieLearn lays it out: /grade/{data/data.json, student/, tests/, results/}.
fs::path prairielearn_job(
    const fs::path& root, const std::string& fixture,
    const std::string& params = R"({"searchgrader_spec": "city-routes.yaml"})") {
  write(root / "data/data.json",
        R"({"params": )" + params + R"(, "correct_answers": {}, "submitted_answers": {}})");
  fs::create_directories(root / "student");
  if (!fixture.empty())
    fs::copy(kFixtures / fixture, root / "student", fs::copy_options::recursive);
  fs::create_directories(root / "tests");
  fs::copy_file(kTemplate / "specs/city-routes.yaml", root / "tests/city-routes.yaml");
  return root;
}

nlohmann::json prairielearn_results(const fs::path& root) {
  const auto run = run_shell(searchgrader() + " prairielearn --root " + quoted(root));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const std::string text = read(root / "results/results.json");
  EXPECT_LE(text.size(), 1u << 20) << "PrairieLearn reads at most 1 MB";
  EXPECT_THAT(text, Not(HasSubstr(kHiddenTestName)));
  return nlohmann::json::parse(text);
}

// Each entry of `tests` has the fields PrairieLearn's <pl-external-grader-results> renders.
void expect_prairielearn_tests(const nlohmann::json& tests) {
  ASSERT_TRUE(tests.is_array());
  for (const auto& test : tests) {
    EXPECT_TRUE(test.at("name").is_string()) << test;
    EXPECT_TRUE(test.at("description").is_string()) << test;
    EXPECT_TRUE(test.at("points").is_number()) << test;
    EXPECT_TRUE(test.at("max_points").is_number()) << test;
    EXPECT_LE(test.at("points").get<double>(), test.at("max_points").get<double>()) << test;
    EXPECT_TRUE(test.at("message").is_string()) << test;
    EXPECT_TRUE(test.at("output").is_string()) << test;
  }
}

TEST_F(Platforms, PrairieLearnGradesAClassInItsJobLayout) {
  for (const std::string fixture : {"correct", "buggy-bfs-stack", "buggy-ucs-by-depth"}) {
    SCOPED_TRACE(fixture);
    const fs::path root = prairielearn_job(dir_ / fixture, fixture);
    const nlohmann::json results = prairielearn_results(root);
    ASSERT_TRUE(results.at("gradable").get<bool>()) << results.dump(2);
    const double score = results.at("score").get<double>();
    EXPECT_GE(score, 0.0);
    EXPECT_LE(score, 1.0);
    EXPECT_NEAR(score, instructor_score(kTemplate / "specs/city-routes.yaml", fixture) / 100.0,
                1e-9);
    EXPECT_TRUE(results.at("message").is_string());
    EXPECT_THAT(results.at("output").get<std::string>(), HasSubstr("Score: "));
    expect_prairielearn_tests(results.at("tests"));
    EXPECT_EQ(results.at("tests").size(), 3u);  // one per rubric criterion
    if (fixture == "correct") {
      EXPECT_EQ(score, 1.0);
    } else {
      EXPECT_LT(score, 1.0);
      bool shown = false;
      for (const auto& test : results.at("tests"))
        if (test.at("points").get<double>() < test.at("max_points").get<double>())
          shown = shown || !test.at("output").get<std::string>().empty();
      EXPECT_TRUE(shown) << "a lost criterion shows its feedback: " << results.dump(2);
    }
  }
}

// A submission PrairieLearn must not count: no zero, the attempt kept, and what is wrong.
TEST_F(Platforms, PrairieLearnNeverTurnsAFaultIntoAZero) {
  // The student's file is missing: the submission's own problem, as format_errors.
  nlohmann::json missing = prairielearn_results(prairielearn_job(dir_ / "missing", ""));
  EXPECT_FALSE(missing.at("gradable").get<bool>()) << missing.dump(2);
  EXPECT_FALSE(missing.contains("score"));
  ASSERT_TRUE(missing.contains("format_errors"));
  EXPECT_THAT(missing.at("format_errors").dump(), HasSubstr("routes.py"));

  // The job names a spec that is not there: the grader's fault, said plainly.
  const fs::path root =
      prairielearn_job(dir_ / "no-spec", "correct", R"({"searchgrader_spec": "nowhere.yaml"})");
  nlohmann::json fault = prairielearn_results(root);
  EXPECT_FALSE(fault.at("gradable").get<bool>());
  EXPECT_FALSE(fault.contains("format_errors"));
  EXPECT_THAT(fault.at("message").get<std::string>(), HasSubstr("not set up correctly"));

  // An invalid spec: not gradable, and the spec's errors (which may name hidden tests) stay out.
  write(root / "tests/nowhere.yaml", "spec_version: 1\nassignment: {id: x}\ntests: 3\n");
  fault = prairielearn_results(root);
  EXPECT_FALSE(fault.at("gradable").get<bool>());
  EXPECT_THAT(fault.at("message").get<std::string>(), HasSubstr("spec is invalid"));
}

// ------------------------------------------------------------------------------- GitHub Classroom

std::string base64_decode(const std::string& text) {
  std::string out(text.size() / 4 * 3 + 3, '\0');
  const int length = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                     reinterpret_cast<const unsigned char*>(text.data()),
                                     static_cast<int>(text.size()));
  if (length < 0) return "";
  out.resize(static_cast<std::size_t>(length));
  while (!text.empty() && text.back() == '=' && !out.empty() && out.back() == '\0') out.pop_back();
  return out;
}

// What the reporter takes from one runner's result: it needs these fields, and nothing else.
struct ReporterView {
  std::string status;
  double max_score = 0;
  double total = 0;  // the sum of the tests' scores, what GitHub Classroom records
  std::size_t passed = 0;
  std::size_t tests = 0;
  std::string log;  // each test's name and message, as the reporter prints them
};

ReporterView as_reporter_reads(const nlohmann::json& results) {
  ReporterView view;
  EXPECT_EQ(results.at("version"), 1);
  view.status = results.at("status").get<std::string>();
  EXPECT_THAT(view.status, ::testing::AnyOf("pass", "fail", "error"));
  view.max_score = results.at("max_score").get<double>();
  for (const auto& test : results.at("tests")) {
    ++view.tests;
    const std::string status = test.at("status").get<std::string>();
    EXPECT_THAT(status, ::testing::AnyOf("pass", "fail", "error"));
    view.passed += status == "pass";
    view.total += test.at("score").get<double>();
    view.log += test.at("name").get<std::string>() + "\n" + test.at("message").get<std::string>();
    for (const char* field : {"test_code", "filename"}) EXPECT_TRUE(test.at(field).is_string());
    EXPECT_TRUE(test.at("line_no").is_number_integer());
    EXPECT_TRUE(test.at("duration").is_number());
  }
  return view;
}

// The workflow's grading step, run as GitHub Actions runs it: its `run` script in bash, with the
// workflow's env, in a checkout of the student's repository, $GITHUB_OUTPUT a fresh file.
std::string run_classroom_step(const fs::path& repo, const fs::path& output) {
  const YAML::Node workflow = YAML::LoadFile(
      (kTemplate / "platforms/github-classroom/.github/workflows/classroom.yml").string());
  std::string script;
  for (const auto& job : workflow["jobs"])
    for (const auto& step : job.second["steps"])
      if (step["id"] && step["id"].as<std::string>() == "searchgrader")
        script = step["run"].as<std::string>();
  EXPECT_FALSE(script.empty()) << "the workflow has no step with id searchgrader";
  write(repo / "step.sh", script);
  std::string env;
  for (const auto& variable : workflow["env"])
    env += fmt::format("{}='{}' ", variable.first.as<std::string>(),
                       variable.second.as<std::string>());
  const auto run = run_shell(
      fmt::format("cd {} && env {} GITHUB_OUTPUT={} PATH={}:$PATH bash -e step.sh", quoted(repo),
                  env, quoted(output), quoted(fs::path(test_util::searchgrader()).parent_path())));
  EXPECT_EQ(run.exit_code, 0) << run.output;
  return run.output;
}

TEST_F(Platforms, GitHubClassroomWorkflowReportsToTheClassroomReporter) {
  const fs::path templ = kTemplate / "platforms/github-classroom";
  const fs::path student_spec = templ / ".github/searchgrader/city-routes.yaml";
  for (const std::string fixture : {"correct", "buggy-bfs-stack", "buggy-ucs-by-depth"}) {
    SCOPED_TRACE(fixture);
    const fs::path repo = dir_ / fixture;
    fs::copy(kFixtures / fixture, repo, fs::copy_options::recursive);
    fs::copy(templ / ".github", repo / ".github", fs::copy_options::recursive);
    const fs::path output = dir_ / (fixture + ".github_output");
    const std::string log = run_classroom_step(repo, output);
    EXPECT_THAT(log, Not(HasSubstr(kHiddenTestName)));
    // The line the reporter reads back as SEARCHGRADER_RESULTS (runners: searchgrader).
    const std::string lines = read(output);
    const std::smatch found = [&] {
      std::smatch match;
      EXPECT_TRUE(std::regex_search(
          lines, match, std::regex("^result=([A-Za-z0-9+/=]+)$", std::regex::multiline)))
          << lines;
      return match;
    }();
    ASSERT_FALSE(found.empty());
    const nlohmann::json results = nlohmann::json::parse(base64_decode(found[1].str()));
    const ReporterView view = as_reporter_reads(results);
    EXPECT_THAT(view.log, Not(HasSubstr(kHiddenTestName)));
    // One test per criterion the student copy grades automatically (no_path is graded only by
    // the hidden test: pending there, so left out), and the points GitHub Classroom records
    // are the student copy's score.
    EXPECT_EQ(view.tests, 2u);
    EXPECT_DOUBLE_EQ(view.total, instructor_score(student_spec, fixture));
    EXPECT_LT(view.max_score, 100.0);
    if (fixture == "correct") {
      EXPECT_EQ(view.status, "pass");
      EXPECT_EQ(view.passed, view.tests);
      EXPECT_DOUBLE_EQ(view.total, view.max_score);
    } else {
      EXPECT_EQ(view.status, "fail");
      EXPECT_LT(view.passed, view.tests);
    }
  }
}

// The student copy in the template is what export-student writes from the course's spec today.
TEST_F(Platforms, TheClassroomTemplatesStudentSpecIsCurrent) {
  const fs::path fresh = dir_ / "city-routes.yaml";
  const auto run = run_shell(searchgrader() + " export-student " +
                             quoted(kTemplate / "specs/city-routes.yaml") + " -o " + quoted(fresh));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(read(fresh),
            read(kTemplate / "platforms/github-classroom/.github/searchgrader/city-routes.yaml"))
      << "run: searchgrader export-student docs/course-template/specs/city-routes.yaml -o "
         "docs/course-template/platforms/github-classroom/.github/searchgrader/city-routes.yaml";
}

// ------------------------------------------------------------------------------------ Moodle VPL

// VPL's reading of an evaluation's output: the comments (block contents, and "Comment :=>>"
// lines) and the grade of the last "Grade :=>>" line ("" when there is none).
struct VplReading {
  std::vector<std::vector<std::string>> blocks;
  std::string grade;
};

VplReading as_vpl_reads(const std::string& output) {
  VplReading reading;
  std::istringstream lines(output);
  bool inside = false;
  for (std::string line; std::getline(lines, line);) {
    if (!inside && line == "<|--") {
      inside = true;
      reading.blocks.emplace_back();
    } else if (inside && line == "--|>") {
      inside = false;
    } else if (inside) {
      reading.blocks.back().push_back(line);
    } else if (line.rfind("Grade :=>>", 0) == 0) {
      reading.grade = line.substr(10);
      reading.grade.erase(0, reading.grade.find_first_not_of(' '));
    }
  }
  EXPECT_FALSE(inside) << "a comment block is left open:\n" << output;
  return reading;
}

// An execution folder as VPL prepares it: the student's files, the activity's execution files,
// vpl_environment.sh. Runs vpl_evaluate.sh, then the vpl_execution it wrote.
std::string run_vpl(const fs::path& folder, const std::string& fixture, const fs::path& spec) {
  const fs::path templ = kTemplate / "platforms/vpl";
  fs::create_directories(folder);
  std::string files;
  for (const auto& entry : fs::directory_iterator(kFixtures / fixture)) {
    fs::copy_file(entry.path(), folder / entry.path().filename());
    files += (files.empty() ? "" : " ") + entry.path().filename().string();
  }
  fs::copy_file(templ / "vpl_evaluate.sh", folder / "vpl_evaluate.sh");
  fs::create_directories(folder / "searchgrader");
  fs::copy_file(spec, folder / "searchgrader/city-routes.yaml");
  write(folder / "vpl_environment.sh",
        fmt::format("export VPL_SUBFILE0='routes.py'\nexport VPL_SUBFILES=\"{}\"\n"
                    "export VPL_GRADEMIN=0\nexport VPL_GRADEMAX=10\n",
                    files));
  const auto evaluate = run_shell(
      fmt::format("cd {} && SEARCHGRADER={} bash vpl_evaluate.sh", quoted(folder), searchgrader()));
  EXPECT_EQ(evaluate.exit_code, 0) << evaluate.output;
  EXPECT_TRUE(fs::exists(folder / "vpl_execution")) << "vpl_evaluate.sh wrote no vpl_execution";
  const auto executed =
      run_shell(fmt::format("cd {} && . ./vpl_environment.sh && ./vpl_execution", quoted(folder)));
  EXPECT_EQ(executed.exit_code, 0) << executed.output;
  return executed.output;
}

TEST_F(Platforms, MoodleVplEvaluatesAClassAsVplReadsIt) {
  const fs::path spec = kTemplate / "specs/city-routes.yaml";
  for (const std::string fixture : {"correct", "buggy-bfs-stack", "buggy-ucs-by-depth"}) {
    SCOPED_TRACE(fixture);
    const std::string output = run_vpl(dir_ / fixture, fixture, spec);
    EXPECT_THAT(output, Not(HasSubstr(kHiddenTestName)));
    const VplReading reading = as_vpl_reads(output);
    ASSERT_EQ(reading.blocks.size(), 4u) << output;  // the summary, then one per criterion
    for (const auto& block : reading.blocks) {
      ASSERT_FALSE(block.empty());
      EXPECT_EQ(block.front().front(), '-') << "a block opens with its title";
      for (const std::string& line : block)
        EXPECT_TRUE(line.front() == '-' || line.front() == '>') << line;
    }
    // The grade: the points earned scaled to VPL_GRADEMAX (10).
    const double score = instructor_score(spec, fixture);
    ASSERT_FALSE(reading.grade.empty()) << output;
    EXPECT_NEAR(std::stod(reading.grade), score / 10.0, 0.006);
    if (fixture != "correct") {
      EXPECT_LT(std::stod(reading.grade), 10.0);
    }
  }
}

// A grader fault proposes no grade: VPL then records none, never a zero.
TEST_F(Platforms, MoodleVplProposesNoGradeAfterAGraderFault) {
  const fs::path broken = dir_ / "broken.yaml";
  write(broken, "spec_version: 1\nassignment: {id: x}\ntests: 3\n");
  const VplReading fault = as_vpl_reads(run_vpl(dir_ / "fault", "correct", broken));
  EXPECT_EQ(fault.grade, "");
  ASSERT_EQ(fault.blocks.size(), 1u);
  EXPECT_THAT(fault.blocks[0].front(), HasSubstr("a fault in the autograder"));
}

}  // namespace platforms_test
}  // namespace
}  // namespace sg
