#include "engine/import_session.h"

#include <fmt/format.h>
#include <stdlib.h>

#include <fstream>
#include <utility>

#include "adapters/driver_client.h"

namespace sg {

ImportSession::ImportSession(Runner& runner, Invocation launch, Limits import_limits,
                             TimeBudget& budget, std::string module_file)
    : runner_(runner),
      launch_(std::move(launch)),
      import_limits_(import_limits),
      budget_(budget),
      module_file_(std::move(module_file)) {}

std::unique_ptr<ForkSession> ImportSession::start_server(Observation* failed) {
  const std::optional<double> granted = budget_.grant(import_limits_.cpu_seconds);
  if (!granted) return nullptr;
  Limits limits = import_limits_;
  limits.cpu_seconds = *granted;
  std::unique_ptr<ForkSession> server = runner_.start_session(launch_, limits);
  if (!server) return nullptr;
  const double cpu = server->start_observation().cpu_seconds;
  budget_.charge(cpu);
  import_cpu_seconds_ += cpu;
  ++imports_;
  if (!server->ready()) {
    if (failed != nullptr) *failed = server->start_observation();
    return nullptr;
  }
  return server;
}

bool ImportSession::start(Visibility visibility) {
  std::unique_ptr<ForkSession> server = start_server(&import_);
  if (server) {
    import_ = server->start_observation();
    servers_[visibility] = std::move(server);
    ok_ = true;
    return true;
  }
  // A grader fault, or no session at all (import_ is then a default Observation, a runner
  // error too): the tests run each in a process of their own.
  return import_.termination != Termination::runner_error;
}

std::optional<Observation> ImportSession::run(const Invocation& test, Visibility visibility) {
  if (!ok_) return std::nullopt;
  std::unique_ptr<ForkSession>& server = servers_[visibility];
  if (!server || !server->alive()) {
    server = start_server(nullptr);
    if (!server) return std::nullopt;
  }
  Observation observation = server->run(test, ForkedProgram::server);
  // The server ended before the fork (it died while idle): the test never ran; start again.
  if (observation.termination == Termination::runner_error && !server->alive()) {
    server = start_server(nullptr);
    if (!server) return std::nullopt;
    observation = server->run(test, ForkedProgram::server);
  }
  return observation;
}

std::vector<std::string> ImportSession::import_notes() const {
  if (!ok_) return {};
  const DriverTranscript transcript = read_transcript(import_, 0);
  const bool in_process = launch_.serves_in_process;
  std::vector<std::string> notes =
      sg::import_notes(transcript, module_file_, import_.cpu_seconds, in_process);
  if (imports_ > 1 && import_cpu_seconds_ >= 1.0) {
    const int restarts = imports_ - static_cast<int>(servers_.size());
    const char* server = in_process ? "a JVM" : "an interpreter";
    std::string why;
    if (servers_.size() > 1)
      why = fmt::format(
          "once for each visibility of the tests (a test never shares {} with one shown at "
          "another time)",
          server);
    if (restarts > 0) {
      why +=
          fmt::format("{}again after a test ended the {} ({} time{})", why.empty() ? "" : ", and ",
                      in_process ? "JVM" : "interpreter", restarts, restarts == 1 ? "" : "s");
    }
    notes.push_back(fmt::format("{} was {} {} times in all, {:.2f} s of CPU: {}", module_file_,
                                in_process ? "loaded" : "imported", imports_, import_cpu_seconds_,
                                why));
  }
  return notes;
}

std::string fork_session_problem(Runner& runner, const GradingContext& context,
                                 const std::filesystem::path& scratch) {
  namespace fs = std::filesystem;
  std::error_code error;
  std::string folder_name = (scratch / "sg-doctor-XXXXXX").string();
  if (::mkdtemp(folder_name.data()) == nullptr)
    return "cannot create a folder in " + scratch.string();
  const fs::path folder = folder_name;
  std::string problem;
  try {
    fs::permissions(folder, fs::perms(0755));
    std::ofstream(folder / "doctor_probe.py") << "ANSWER = 42\n";
    Assignment assignment;
    assignment.submission.module = "doctor_probe";
    Invocation launch = *make_driver_launch(assignment, context, Limits{});  // Python has one
    launch.submission = folder;
    std::unique_ptr<ForkSession> session = runner.start_session(launch, launch.limits);
    if (!session) {
      problem = "this runner cannot fork tests";
    } else if (!session->ready()) {
      problem = "the fork server did not start: " + session->start_observation().detail;
    } else {
      Invocation test;
      test.stdin_data = R"({"protocol": 1, "module": "doctor_probe", "steps": []})";
      const Observation forked = session->run(test, ForkedProgram::server);
      const DriverTranscript transcript = read_transcript(forked, 0);
      if (forked.termination != Termination::exited || !transcript.done)
        problem = "a forked test did not run: " + forked.detail;
    }
  } catch (const std::exception& e) {
    problem = e.what();
  }
  fs::remove_all(folder, error);
  return problem;
}

}  // namespace sg
