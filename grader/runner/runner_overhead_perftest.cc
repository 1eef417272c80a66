// The sandbox's fixed cost per process, per isolation tier: one run of /bin/true through the
// runner (working directory, layers, clone, the child's setup, supervision, cleanup), against
// fork + exec + wait of the same program with nothing around it. The difference is what every
// test process pays whatever it does; docs/performance.md records it. Needs root for the
// degraded and full tiers (skipped otherwise, with the probe's reason). With SG_STEPS_LOG=FILE
// every run also appends its steps to FILE (bench/class_benchmark.sh summarises such files).
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "runner/isolation.h"

extern char** environ;

namespace sg {
namespace {

namespace fs = std::filesystem;

// What a Python test process does before the student's code runs: start the interpreter and
// import what the driver imports.
const char* const kPythonImports = "import ast, json, tempfile, shutil, traceback";

Invocation make_invocation(const fs::path& submission, std::vector<std::string> argv) {
  Invocation invocation;
  invocation.submission = submission;
  invocation.argv = std::move(argv);
  invocation.limits.cpu_seconds = 5;
  invocation.limits.wall_seconds = 10;
  invocation.limits.memory_bytes = 256ull << 20;
  return invocation;
}

// A one-file submission, as small as a student's.
const fs::path& submission() {
  static const fs::path path = [] {
    const fs::path dir = fs::temp_directory_path() / "sg-overhead-submission";
    fs::create_directories(dir);
    ::chmod(dir.c_str(), 0755);
    FILE* file = std::fopen((dir / "solution.py").c_str(), "w");
    if (file) {
      std::fputs("def solve():\n    return 42\n", file);
      std::fclose(file);
    }
    return dir;
  }();
  return path;
}

std::vector<std::string> program(bool python) {
  if (python) return {"/usr/bin/python3", "-I", "-B", "-c", kPythonImports};
  return {"/bin/true"};
}

// fork + exec + wait of the same program, with nothing around it.
void BM_Bare(benchmark::State& state, bool python) {
  std::vector<std::string> storage = program(python);
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);
  for (auto _ : state) {
    pid_t pid = 0;
    if (::posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
      state.SkipWithError("posix_spawn failed");
      break;
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
  }
}
void BM_Sandboxed(benchmark::State& state, IsolationTier tier, bool python, bool reuse_boxes) {
  const IsolationProbe& probe = probe_isolation();
  bool available = false;
  for (const IsolationTier t : probe.available) available = available || t == tier;
  if (!available) {
    std::string why;
    for (const std::string& note : probe.notes) why += note + "; ";
    state.SkipWithError(("tier not available here: " + why).c_str());
    return;
  }
  ProcessRunnerOptions options;
  options.reuse_boxes = reuse_boxes;
  // SG_STEPS_LOG=FILE: also record every run's steps (run_steps.h), to see where the cost goes.
  if (const char* log = std::getenv("SG_STEPS_LOG")) options.steps_log = log;
  const std::unique_ptr<Runner> runner = make_sandbox_runner(tier, options);
  const Invocation invocation = make_invocation(submission(), program(python));
  for (auto _ : state) {
    const Observation observation = runner->run(invocation);
    if (observation.termination != Termination::exited || observation.exit_code != 0) {
      state.SkipWithError(("the run failed: " + observation.detail).c_str());
      break;
    }
  }
}
// Bare and every tier for one program, timed by the wall clock: the supervisor's own CPU time is
// a small part of a run, so CPU time would size the iterations wrongly.
int register_overhead_benchmarks(const std::string& name, bool python) {
  const auto timed = [](benchmark::internal::Benchmark* benchmark) {
    benchmark->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
  };
  timed(benchmark::RegisterBenchmark(("BM_Bare/" + name).c_str(), BM_Bare, python));
  for (const IsolationTier tier :
       {IsolationTier::minimal, IsolationTier::degraded, IsolationTier::full}) {
    const std::string label = "BM_Sandboxed/" + name + "_" + std::string(to_string(tier));
    timed(benchmark::RegisterBenchmark(label.c_str(), BM_Sandboxed, tier, python, false));
  }
  // The full tier as the grading commands run it: boxes kept between runs.
  timed(benchmark::RegisterBenchmark(("BM_Sandboxed/" + name + "_full_reused_box").c_str(),
                                     BM_Sandboxed, IsolationTier::full, python, true));
  return 0;
}

[[maybe_unused]] const int registered =
    register_overhead_benchmarks("true", false) + register_overhead_benchmarks("python", true);

}  // namespace
}  // namespace sg
