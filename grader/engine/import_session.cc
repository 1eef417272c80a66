#include "engine/import_session.h"

#include <utility>

#include "kinds/python_driver_client.h"

namespace sg {

ImportSession::ImportSession(Runner& runner, Invocation launch, Limits import_limits,
                             TimeBudget& budget, std::string module_file)
    : runner_(runner),
      launch_(std::move(launch)),
      import_limits_(import_limits),
      budget_(budget),
      module_file_(std::move(module_file)) {}

bool ImportSession::start_server() {
  const std::optional<double> granted = budget_.grant(import_limits_.cpu_seconds);
  if (!granted) return false;
  Limits limits = import_limits_;
  limits.cpu_seconds = *granted;
  session_ = runner_.start_session(launch_, limits);
  if (!session_) return false;
  budget_.charge(session_->start_observation().cpu_seconds);
  if (!session_->ready()) {
    import_ = session_->start_observation();
    session_.reset();
    return false;
  }
  return true;
}

bool ImportSession::start() {
  const bool ready = start_server();
  if (ready) {
    import_ = session_->start_observation();
    ok_ = true;
    return true;
  }
  // A grader fault, or no session at all (import_ is then a default Observation, a runner
  // error too): the tests run each in a process of their own.
  return import_.termination != Termination::runner_error;
}

std::optional<Observation> ImportSession::run(const Invocation& given) {
  if (!ok_) return std::nullopt;
  // The server itself runs the request (its own program, the module already imported).
  Invocation test = given;
  test.argv.clear();
  if (!session_ || !session_->alive()) {
    session_.reset();
    if (!start_server()) return std::nullopt;
  }
  Observation observation = session_->run(test);
  // The server ended before the fork (it died while idle): the test never ran; start again.
  if (observation.termination == Termination::runner_error && !session_->alive()) {
    session_.reset();
    if (!start_server()) return std::nullopt;
    observation = session_->run(test);
  }
  return observation;
}

std::vector<std::string> ImportSession::import_notes() const {
  if (!ok_) return {};
  const DriverTranscript transcript = read_transcript(import_, 0);
  return sg::import_notes(transcript, module_file_, import_.cpu_seconds);
}

}  // namespace sg
