// End-to-end tests of `searchgrader batch` and `merge`: real binary, real submissions (the torus
// fixtures under a two-test spec with short limits), a hanging one, a Canvas zip, kill -9 and
// resume, shards and merge.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "runner/cgroup.h"
#include "runner/workdir.h"

namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace batch_command_test {

namespace fs = std::filesystem;

const fs::path kSource = SG_SOURCE_DIR;
const std::string kBinary = std::string(SG_BINARY_DIR) + "/searchgrader";
const std::string kSpec = (kSource / "fixtures/class/torus-mini.yaml").string();

struct Result {
  int exit_code = -1;
  std::string output;
};

Result run(const std::string& arguments) {
  const std::string command = kBinary + " " + arguments + " 2>&1";
  Result result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer{};
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
    result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::vector<std::string> lines_of(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Rows of the gradebook (header dropped), by student id (the first field).
std::map<std::string, std::string> gradebook_rows(const fs::path& csv) {
  std::map<std::string, std::string> rows;
  auto lines = lines_of(csv);
  for (std::size_t i = 1; i < lines.size(); ++i)
    rows[lines[i].substr(0, lines[i].find(','))] = lines[i];
  return rows;
}

// SQL answer as text ("" if the store is not there yet).
std::string query(const fs::path& db, const std::string& sql) {
  sqlite3* raw = nullptr;
  if (!fs::exists(db) ||
      sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(raw);
    return "";
  }
  sqlite3_busy_timeout(raw, 5000);
  std::string answer;
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(raw, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK) {
    while (sqlite3_step(statement) == SQLITE_ROW) {
      if (!answer.empty()) answer += "\n";
      for (int c = 0; c < sqlite3_column_count(statement); ++c) {
        const auto* text = sqlite3_column_text(statement, c);
        if (c > 0) answer += '|';
        if (text != nullptr) answer += reinterpret_cast<const char*>(text);
      }
    }
  }
  sqlite3_finalize(statement);
  sqlite3_close(raw);
  return answer;
}

// Processes whose working directory is below `dir` (the batch's run directories).
// The live (not zombie) processes descending from `root`, by walking /proc's parent links. Works
// in every sandbox tier: in the full tier a box's processes have their own root and cwd, but on
// the host they are still the grader's descendants.
std::vector<pid_t> live_descendants(pid_t root) {
  std::map<pid_t, std::vector<pid_t>> children;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 2));
    char state = '?';
    pid_t parent = 0;
    rest >> state >> parent;
    if (state != 'Z') children[parent].push_back(std::stoi(name));
  }
  std::vector<pid_t> found;
  std::vector<pid_t> pending = {root};
  while (!pending.empty()) {
    const pid_t pid = pending.back();
    pending.pop_back();
    for (const pid_t child : children[pid]) {
      found.push_back(child);
      pending.push_back(child);
    }
  }
  return found;
}

// How many of `pids` still run (neither gone nor a zombie).
int still_running(const std::vector<pid_t>& pids) {
  int count = 0;
  for (const pid_t pid : pids) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    const auto close = line.rfind(')');
    if (close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z') ++count;
  }
  return count;
}

bool runs_python(pid_t pid) {
  std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  return std::getline(comm, name) && name.starts_with("python");
}

// Starts `searchgrader [--site SITE] batch SPEC CLASS --out OUT` (its stderr thrown away);
// returns its pid.
pid_t start_batch(const fs::path& cls, const fs::path& out, const fs::path& site = {}) {
  const pid_t child = fork();
  if (child == 0) {
    freopen("/dev/null", "w", stderr);
    if (site.empty()) {
      execl(kBinary.c_str(), kBinary.c_str(), "batch", kSpec.c_str(), cls.c_str(), "--out",
            out.c_str(), static_cast<char*>(nullptr));
    } else {
      execl(kBinary.c_str(), kBinary.c_str(), "--site", site.c_str(), "batch", kSpec.c_str(),
            cls.c_str(), "--out", out.c_str(), static_cast<char*>(nullptr));
    }
    _exit(127);
  }
  return child;
}

// The grader's live descendants once one of them runs Python (a submission started), waiting up
// to 20 s; what they are then either way.
std::vector<pid_t> wait_for_a_submission(pid_t grader) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::vector<pid_t> box;
  while (std::chrono::steady_clock::now() < deadline) {
    box = live_descendants(grader);
    if (std::any_of(box.begin(), box.end(), runs_python)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return box;
}

class BatchCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sg-batch-cli-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  // A killed batch leaves its box working directories mounted (tmpfs): detach them first.
  void TearDown() override { sg::remove_stale_scratch(dir_); }

  // A site configuration of this test's own (docs/site-config.md, "instance"): the instance
  // "t<pid>" and box uids 8 * `uid_block` past the default range. Every grader sweeps what
  // graders of its instance that no longer run left, and kills the processes of its range's box
  // uids that no grader leases: with its own instance and uids, what this test's killed grader
  // left is swept by this test's next grader and by no other test's, and no other test's killed
  // grader is swept (and reported) by this test's graders.
  fs::path own_site(int uid_block) {
    const fs::path site = dir_ / "site.yaml";
    std::ofstream(site) << "instance: t" << ::getpid()
                        << "\nbox_uids: {first: " << 1879048192 + 4096 + 8 * uid_block
                        << ", slots: 8}\n";
    return site;
  }
  // "--site FILE " for run().
  static std::string site_option(const fs::path& site) { return "--site " + site.string() + " "; }
  // The prefix of the resource names of `site`'s instance.
  static std::string instance_prefix() { return "sg.t" + std::to_string(::getpid()) + "-"; }

  // A class folder: one folder per torus fixture named, plus "hangs" if asked.
  fs::path make_class(const std::vector<std::string>& fixtures, bool with_hang) {
    const fs::path cls = dir_ / "class";
    fs::create_directories(cls);
    for (const auto& name : fixtures)
      fs::copy(kSource / "fixtures/torus" / name, cls / name, fs::copy_options::recursive);
    if (with_hang)
      fs::copy(kSource / "fixtures/class/hangs", cls / "hangs", fs::copy_options::recursive);
    return cls;
  }

  fs::path dir_;
};

TEST_F(BatchCommandTest, GradesAClassFolderAndACanvasZipInOneCommand) {
  const fs::path cls = make_class({"correct", "buggy-unsorted-successors"}, true);
  // A Canvas download: flat files named name[_LATE]_userid_submissionid_file.
  const fs::path canvas = dir_ / "canvas";
  fs::create_directories(canvas);
  fs::copy(kSource / "fixtures/torus/correct-multifile/torus_puzzle.py",
           canvas / "smithjane_1234_5678_torus_puzzle.py");
  fs::copy(kSource / "fixtures/torus/correct-multifile/PriorityQueue.py",
           canvas / "smithjane_1234_5678_PriorityQueue.py");
  fs::copy(kSource / "fixtures/torus/buggy-wrong-format/torus_puzzle.py",
           canvas / "doejohn_LATE_99_100_torus_puzzle-1.py");
  // Hostile ones: floods stdout, allocates 10 GB.
  std::ofstream(canvas / "floodfred_555_1_torus_puzzle.py")
      << "while True:\n    print('x' * 1000)\n";
  std::ofstream(canvas / "hogharry_777_2_torus_puzzle.py") << "a = bytearray(10**10)\n";
  const fs::path zip = dir_ / "submissions.zip";
  const std::string zip_command =
      "cd " + canvas.string() + " && python3 -m zipfile -c " + zip.string() + " *.py";
  ASSERT_EQ(std::system(zip_command.c_str()), 0);

  const fs::path out = dir_ / "out";
  const Result result = run("batch " + kSpec + " " + cls.string() + " " + zip.string() + " --out " +
                            out.string() + " --jobs 2");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("7 students: 7 graded now"), std::string::npos) << result.output;
  // Plain progress lines when stderr is not a terminal.
  EXPECT_NE(result.output.find("7/7 graded in "), std::string::npos) << result.output;

  const auto rows = gradebook_rows(out / "gradebook.csv");
  ASSERT_EQ(rows.size(), 7u) << result.output;
  EXPECT_EQ(lines_of(out / "gradebook.csv")[0],
            "student_id,name,total,max,succ_center,succ_order,solve_one_move,solve_format\r");
  EXPECT_EQ(rows.at("correct"), "correct,,30,30,5,5,10,10\r");
  EXPECT_EQ(rows.at("buggy-unsorted-successors"), "buggy-unsorted-successors,,25,30,5,0,10,10\r");
  EXPECT_EQ(rows.at("hangs"), "hangs,,0,30,0,0,0,0\r");  // timed out: a zero, not a grader error
  EXPECT_EQ(rows.at("1234"), "1234,smithjane,30,30,5,5,10,10\r");
  EXPECT_EQ(rows.at("99"), "99,doejohn,20,30,5,5,10,0\r");  // wrong format: loses solve_format
  EXPECT_EQ(rows.at("555"), "555,floodfred,0,30,0,0,0,0\r");
  EXPECT_EQ(rows.at("777"), "777,hogharry,0,30,0,0,0,0\r");
  for (const char* student : {"correct", "hangs", "1234", "99"}) {
    EXPECT_TRUE(fs::exists(out / "feedback" / (std::string(student) + ".md"))) << student;
    EXPECT_TRUE(fs::exists(out / "feedback" / (std::string(student) + ".html"))) << student;
  }
  EXPECT_TRUE(fs::exists(out / "summary.html"));
  std::ifstream json_file(out / "results.json");
  const auto json = nlohmann::json::parse(json_file);
  EXPECT_EQ(json["students"].size(), 7u);
  EXPECT_EQ(query(out / "results.db", "PRAGMA journal_mode"), "wal");
  // The progress log: the batch's events, one JSON object a line, from begin to the last finish.
  const std::vector<std::string> events = lines_of(out / "progress.jsonl");
  ASSERT_GE(events.size(), 2u + 7u);
  EXPECT_EQ(nlohmann::json::parse(events.front())["event"], "begin");
  EXPECT_EQ(nlohmann::json::parse(events.back())["event"], "finish");

  // Unchanged: a rerun grades nothing and writes the same gradebook.
  const Result again =
      run("batch " + kSpec + " " + cls.string() + " " + zip.string() + " --out " + out.string());
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("0 graded now, 7 already up to date"), std::string::npos)
      << again.output;
  EXPECT_EQ(gradebook_rows(out / "gradebook.csv"), rows);
  EXPECT_EQ(query(out / "results.db", "SELECT count(*) FROM results"), "7");
}

TEST_F(BatchCommandTest, GradesAGradescopeExportWithAGroupSubmission) {
  const fs::path export_dir = dir_ / "export" / "assignment_42_export";
  fs::create_directories(export_dir / "submission_1");
  fs::create_directories(export_dir / "submission_2");
  fs::copy(kSource / "fixtures/torus/correct/torus_puzzle.py", export_dir / "submission_1");
  fs::copy(kSource / "fixtures/torus/buggy-unsorted-successors/torus_puzzle.py",
           export_dir / "submission_2");
  std::ofstream(export_dir / "submission_metadata.yml") << R"(---
submission_1:
  :submitters:
  - :name: Jane Smith
    :sid: '1234'
    :email: jane@uni.edu
submission_2:
  :submitters:
  - :name: Doe, John
    :sid: '99'
    :email: john@uni.edu
  - :name: Ann Lee
    :sid: '77'
    :email: ann@uni.edu
)";
  const fs::path zip = dir_ / "export.zip";
  const std::string zip_command = "cd " + (dir_ / "export").string() +
                                  " && python3 -m zipfile -c " + zip.string() +
                                  " assignment_42_export";
  ASSERT_EQ(std::system(zip_command.c_str()), 0);

  const fs::path out = dir_ / "out";
  const Result result = run("batch " + kSpec + " " + zip.string() + " --out " + out.string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  // The group's folder is graded once and recorded for both members.
  EXPECT_NE(result.output.find("(+1 sharing it)"), std::string::npos) << result.output;
  const auto rows = gradebook_rows(out / "gradebook.csv");
  ASSERT_EQ(rows.size(), 3u) << result.output;
  EXPECT_EQ(rows.at("jane@uni.edu"), "jane@uni.edu,Jane Smith,30,30,5,5,10,10\r");
  EXPECT_EQ(rows.at("john@uni.edu"), "john@uni.edu,\"Doe, John\",25,30,5,0,10,10\r");
  EXPECT_EQ(rows.at("ann@uni.edu"), "ann@uni.edu,Ann Lee,25,30,5,0,10,10\r");
  EXPECT_TRUE(fs::exists(out / "feedback" / "ann@uni.edu.html"));
}

TEST_F(BatchCommandTest, KillNineMidwayThenARerunGradesEveryStudentExactlyOnce) {
  const fs::path cls = make_class({"correct", "buggy-unsorted-successors", "buggy-wrong-format",
                                   "correct-multifile", "buggy-heuristic-counts-blank"},
                                  true);
  const fs::path out = dir_ / "out";
  const fs::path db = out / "results.db";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    freopen("/dev/null", "w", stderr);
    execl(kBinary.c_str(), kBinary.c_str(), "batch", kSpec.c_str(), cls.c_str(), "--out",
          out.c_str(), "--jobs", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait for the first committed result (the hanging student holds the batch for ~6 s after).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  std::string rows;
  while (std::chrono::steady_clock::now() < deadline) {
    rows = query(db, "SELECT count(*) FROM results");
    if (!rows.empty() && rows != "0") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(!rows.empty() && rows != "0") << "no result was recorded";
  ASSERT_EQ(kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  const int before = std::stoi(query(db, "SELECT count(*) FROM results"));
  ASSERT_LT(before, 6) << "the batch finished before it was killed";

  const Result rerun = run("batch " + kSpec + " " + cls.string() + " --out " + out.string());
  EXPECT_EQ(rerun.exit_code, 0) << rerun.output;
  EXPECT_NE(rerun.output.find(std::to_string(before) + " already up to date"), std::string::npos)
      << rerun.output;
  // Every student once: six rows, one per student, all current.
  EXPECT_EQ(query(db, "SELECT count(*), count(DISTINCT student_id), sum(current) FROM results"),
            "6|6|6");
  const auto gradebook = gradebook_rows(out / "gradebook.csv");
  EXPECT_EQ(gradebook.size(), 6u);
  EXPECT_EQ(lines_of(out / "gradebook.csv").size(), 7u);
}

TEST_F(BatchCommandTest, KillNineTakesAHangingSubmissionDownWithIt) {
  const fs::path cls = make_class({}, true);
  const fs::path out = dir_ / "out";
  const pid_t child = start_batch(cls, out);
  ASSERT_GE(child, 0);
  // Wait until the hanging submission's Python process runs, then kill the grader.
  const std::vector<pid_t> box = wait_for_a_submission(child);
  ASSERT_TRUE(std::any_of(box.begin(), box.end(), runs_python)) << "the submission never started";
  ASSERT_EQ(kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  // The student process goes too (PR_SET_PDEATHSIG on the runner's child), long before its 3 s
  // limit.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (still_running(box) > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(still_running(box), 0);
}

// What a grader with pid `grader` of the instance whose names start with `prefix` ("sg-",
// "sg.t123-") left: cgroup directories named after it (any hierarchy, three levels deep), mounts
// and folders of its run folders (under /tmp and `scratch`).
std::vector<std::string> traces_of(pid_t grader, const fs::path& scratch,
                                   const std::string& prefix) {
  std::vector<std::string> traces;
  const std::string cgroup_prefix = prefix + std::to_string(grader) + "-";
  const std::string run_prefix = prefix + "run-" + std::to_string(grader) + "-";
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator("/sys/fs/cgroup", error);
       it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (error) break;
    if (it.depth() >= 2) it.disable_recursion_pending();
    if (it->is_directory(error) && it->path().filename().string().starts_with(cgroup_prefix))
      traces.push_back(std::string("cgroup ").append(it->path().string()));
  }
  const std::string run_component = std::string("/").append(run_prefix);
  std::ifstream mounts("/proc/self/mountinfo");
  for (std::string line; std::getline(mounts, line);)
    if (line.find(run_component) != std::string::npos)
      traces.push_back(std::string("mount ").append(line));
  for (const fs::path& root : {fs::path("/tmp"), scratch}) {
    for (const auto& entry : fs::directory_iterator(root, error))
      if (entry.path().filename().string().starts_with(run_prefix))
        traces.push_back(std::string("folder ").append(entry.path().string()));
  }
  return traces;
}

// Issue 23: a grader killed with SIGKILL in the middle of a batch leaves its box cgroups and run
// folders; the next run removes them (and says so), and the killed grader's students are gone.
// Both graders run as a site instance of this test's own (own_site): no grader of another test
// sweeps the killed one's leftovers first, so the next run always finds them and says so.
TEST_F(BatchCommandTest, KillNineLeavesNoTraceAfterTheNextRun) {
  const fs::path cls = make_class({"correct"}, true);
  const fs::path out = dir_ / "out";
  const fs::path site = own_site(0);
  const pid_t child = start_batch(cls, out, site);
  ASSERT_GE(child, 0);
  const std::vector<pid_t> box = wait_for_a_submission(child);
  ASSERT_TRUE(std::any_of(box.begin(), box.end(), runs_python)) << "no submission started";
  ASSERT_EQ(kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  const std::vector<std::string> left = traces_of(child, out / ".scratch", instance_prefix());
  const bool leaves_traces = ::geteuid() == 0 && sg::detect_cgroups().version != 0;
  if (leaves_traces) {
    EXPECT_FALSE(left.empty()) << "a grader killed mid-run leaves its box cgroups: no test";
  }

  const Result next =
      run(site_option(site) + "batch " + kSpec + " " + cls.string() + " --out " + out.string());
  EXPECT_EQ(next.exit_code, 0) << next.output;
  std::string remaining;
  for (const std::string& trace : traces_of(child, out / ".scratch", instance_prefix()))
    remaining.append(trace) += '\n';
  EXPECT_EQ(remaining, "") << "left by the killed grader before the next run:\n"
                           << ::testing::PrintToString(left);
  if (leaves_traces) {
    EXPECT_NE(next.output.find("removed what 1 grader that no longer runs left behind"),
              std::string::npos)
        << next.output;
  }
  EXPECT_EQ(still_running(box), 0) << "the killed grader's submissions still run";
}

// Issue 41: the next batch goes to ANOTHER output folder, as a person does after a crash. The
// killed batch's run folders under the first folder's .scratch are still tmpfs mounts; the next
// grader finds them in the mount table (and the cgroups in the hierarchies), not in the folder
// it was given, and removes them.
TEST_F(BatchCommandTest, KillNineLeavesNoTraceWhenTheNextBatchGoesElsewhere) {
  const fs::path cls = make_class({"correct", "buggy-unsorted-successors"}, true);
  const fs::path out = dir_ / "out";
  const fs::path site = own_site(1);
  const pid_t child = start_batch(cls, out, site);
  ASSERT_GE(child, 0);
  const std::vector<pid_t> box = wait_for_a_submission(child);
  ASSERT_TRUE(std::any_of(box.begin(), box.end(), runs_python)) << "no submission started";
  ASSERT_EQ(kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  const std::vector<std::string> left = traces_of(child, out / ".scratch", instance_prefix());
  const bool mounted = std::any_of(left.begin(), left.end(), [](const std::string& trace) {
    return trace.starts_with("mount ");
  });
  if (::geteuid() == 0 && sg::detect_cgroups().version != 0) {
    EXPECT_TRUE(mounted) << "a grader killed mid-run leaves its run folders mounted: no test";
  }

  const fs::path elsewhere = dir_ / "elsewhere";
  const Result next = run(site_option(site) + "batch " + kSpec + " " + cls.string() + " --out " +
                          elsewhere.string());
  EXPECT_EQ(next.exit_code, 0) << next.output;
  if (mounted) {
    EXPECT_NE(next.output.find("removed what 1 grader that no longer runs left behind"),
              std::string::npos)
        << next.output;
  }
  std::string remaining;
  for (const std::string& trace : traces_of(child, out / ".scratch", instance_prefix()))
    remaining.append(trace) += '\n';
  EXPECT_EQ(remaining, "") << "left by the killed grader, though the next batch went elsewhere:\n"
                           << ::testing::PrintToString(left);
  EXPECT_EQ(still_running(box), 0) << "the killed grader's submissions still run";
}

// Issue 23: a batch, a grade and a check on one machine at once work side by side: each sweeps
// only what graders that no longer run left, so none removes another's boxes or run folders.
// The three are one site instance of this test's own: a grader another test kills on purpose
// is never this instance's, so "no longer run" below is about these three alone.
TEST_F(BatchCommandTest, BatchGradeAndCheckRunSideBySide) {
  const fs::path cls = make_class({"correct", "buggy-unsorted-successors"}, true);
  const fs::path out = dir_ / "out";
  const fs::path site = own_site(2);
  const pid_t batch = fork();
  ASSERT_GE(batch, 0);
  if (batch == 0) {
    freopen("/dev/null", "w", stderr);
    execl(kBinary.c_str(), kBinary.c_str(), "--site", site.c_str(), "batch", kSpec.c_str(),
          cls.c_str(), "--out", out.c_str(), "--jobs", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  const std::string correct = (kSource / "fixtures/torus/correct").string();
  const Result graded = run(site_option(site) + "grade " + kSpec + " " + correct);
  const Result checked = run(site_option(site) + "check " + kSpec + " " + correct);
  int status = 0;
  ASSERT_EQ(waitpid(batch, &status, 0), batch);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(graded.exit_code, 0) << graded.output;
  EXPECT_NE(graded.output.find("30/30"), std::string::npos) << graded.output;
  EXPECT_EQ(checked.exit_code, 0) << checked.output;
  EXPECT_EQ(graded.output.find("no longer run"), std::string::npos) << graded.output;
  const auto gradebook = gradebook_rows(out / "gradebook.csv");
  ASSERT_EQ(gradebook.size(), 3u);
  EXPECT_NE(gradebook.at("correct").find(",30"), std::string::npos) << gradebook.at("correct");
  EXPECT_EQ(query(out / "results.db", "SELECT count(*), count(DISTINCT student_id) FROM results"),
            "3|3");
}

TEST_F(BatchCommandTest, CtrlCStopsTakingWorkAndARerunFinishes) {
  const fs::path cls = make_class(
      {"correct", "buggy-unsorted-successors", "buggy-wrong-format", "correct-multifile"}, true);
  const fs::path out = dir_ / "out";
  const fs::path db = out / "results.db";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    freopen("/dev/null", "w", stderr);
    execl(kBinary.c_str(), kBinary.c_str(), "batch", kSpec.c_str(), cls.c_str(), "--out",
          out.c_str(), "--jobs", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  std::string rows;
  while (std::chrono::steady_clock::now() < deadline) {
    rows = query(db, "SELECT count(*) FROM results");
    if (!rows.empty() && rows != "0") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(!rows.empty() && rows != "0") << "no result was recorded";
  ASSERT_EQ(kill(child, SIGINT), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_FALSE(fs::exists(out / "gradebook.csv"));  // no partial gradebook
  const std::string before = query(db, "SELECT count(*) FROM results");

  const Result rerun = run("batch " + kSpec + " " + cls.string() + " --out " + out.string());
  EXPECT_EQ(rerun.exit_code, 0) << rerun.output;
  EXPECT_NE(rerun.output.find(before + " already up to date"), std::string::npos) << rerun.output;
  EXPECT_EQ(query(db, "SELECT count(*), count(DISTINCT student_id), sum(current) FROM results"),
            "5|5|5");
  EXPECT_EQ(gradebook_rows(out / "gradebook.csv").size(), 5u);
}

TEST_F(BatchCommandTest, ShardsPartitionTheClassAndMergeRebuildsTheGradebook) {
  const fs::path cls =
      make_class({"correct", "buggy-unsorted-successors", "buggy-wrong-format", "correct-multifile",
                  "buggy-heuristic-counts-blank", "buggy-pop-last-of-equal"},
                 false);
  std::set<std::string> seen;
  std::size_t total = 0;
  for (int k = 1; k <= 3; ++k) {
    const fs::path out = dir_ / ("shard-" + std::to_string(k));
    const Result result = run("batch " + kSpec + " " + cls.string() + " --out " + out.string() +
                              " --shard " + std::to_string(k) + "/3");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    for (const auto& [id, row] : gradebook_rows(out / "gradebook.csv")) {
      EXPECT_TRUE(seen.insert(id).second) << id << " is in two shards";
      ++total;
    }
  }
  EXPECT_EQ(total, 6u);

  const fs::path whole = dir_ / "whole";
  ASSERT_EQ(run("batch " + kSpec + " " + cls.string() + " --out " + whole.string()).exit_code, 0);
  const fs::path merged = dir_ / "merged";
  const std::string merge = "merge " + (dir_ / "shard-1").string() + " " +
                            (dir_ / "shard-2").string() + " " + (dir_ / "shard-3").string() +
                            " --out " + merged.string();
  Result result = run(merge);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(gradebook_rows(merged / "gradebook.csv"), gradebook_rows(whole / "gradebook.csv"));
  EXPECT_TRUE(fs::exists(merged / "summary.html"));
  EXPECT_TRUE(fs::exists(merged / "feedback" / "correct.html"));
  // Merging again adds nothing.
  result = run(merge);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(query(merged / "results.db", "SELECT count(*) FROM results"), "6");

  // Overlapping inputs: warned about; every student still has one row in the gradebook.
  result = run("merge " + whole.string() + " " + (dir_ / "shard-1").string() + " --out " +
               (dir_ / "overlap").string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("more than one input"), std::string::npos) << result.output;
  EXPECT_EQ(gradebook_rows(dir_ / "overlap" / "gradebook.csv"),
            gradebook_rows(whole / "gradebook.csv"));
}

TEST_F(BatchCommandTest, UnusableInputExitsTwoWithAClearMessage) {
  const Result help = run("batch --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("130  interrupted"), std::string::npos) << help.output;
  EXPECT_NE(help.output.find("docs/class-grading.md"), std::string::npos) << help.output;
  const fs::path cls = make_class({"correct"}, false);
  Result result = run("batch " + kSpec + " " + cls.string() + " --out " + (dir_ / "o").string() +
                      " --shard 4/3");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("expected K/N with 1 <= K <= N"), std::string::npos)
      << result.output;
  result =
      run("batch " + kSpec + " " + (dir_ / "missing").string() + " --out " + (dir_ / "o").string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("no such folder or archive"), std::string::npos) << result.output;
  // A second batch on a DIR in use is refused (the first holds DIR/.lock).
  fs::create_directories(dir_ / "busy");
  const int lock = ::open((dir_ / "busy" / ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(lock, 0);
  ASSERT_EQ(::flock(lock, LOCK_EX | LOCK_NB), 0);
  result = run("batch " + kSpec + " " + cls.string() + " --out " + (dir_ / "busy").string());
  ::close(lock);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("another batch is using this output folder"), std::string::npos)
      << result.output;
  result = run("merge " + (dir_ / "missing").string() + " --out " + (dir_ / "m").string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("no results store here"), std::string::npos) << result.output;
}

}  // namespace batch_command_test
}  // namespace
