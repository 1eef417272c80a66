#include "cli/doctor_command.h"

#include <fmt/format.h>

#include <filesystem>

#include "cli/exit_status.h"
#include "cli/install_paths.h"
#include "cli/isolation_choice.h"
#include "engine/grading_tools.h"
#include "engine/import_session.h"
#include "engine/machine_speed.h"
#include "runner/isolation.h"
#include "runner/site_config.h"

namespace sg {

namespace fs = std::filesystem;

CLI::App* add_doctor_command(CLI::App& app, DoctorArgs& args, const std::string& python,
                             const std::string& driver_dir) {
  args.python = python;
  args.driver_dir = driver_dir;
  CLI::App* command = app.add_subcommand(
      "doctor", "Show where searchgrader finds its files, its Python and sandbox, and check them");
  command->add_option("--python", args.python, "Python interpreter for Python submissions")
      ->capture_default_str();
  command
      ->add_option("--driver-dir", args.driver_dir,
                   "Folder holding the language drivers (python_driver.py, JavaDriver.java)")
      ->capture_default_str();
  command->footer(
      "Exit codes:\n  0  grading can start\n  3  something grading needs is missing (listed on "
      "stderr)");
  return command;
}

int run_doctor(const DoctorArgs& args) {
  const auto self = executable_path();
  const auto data = data_dir();
  const fs::path source = default_source_dir();
  std::error_code error;
  fmt::print("searchgrader {}\n", SG_VERSION);
  fmt::print("executable:  {}\n", self ? self->string() : "(unknown)");
  fmt::print("data folder: {}\n", data ? data->string() : "(none beside the executable)");
  fmt::print("drivers:     {}\n", args.driver_dir.empty() ? "(unknown)" : args.driver_dir);
  fmt::print("sources:     {}{}\n", source.empty() ? "(unknown)" : source.string(),
             fs::exists(source / "CMakeLists.txt", error)
                 ? ""
                 : " (missing: `gradescope` needs --source)");
  fmt::print("python:      {}\n", args.python);
  // What calibrated time limits are scaled by on this machine (engine/machine_speed.h).
  if (const std::optional<double> probe = measure_speed_probe(args.python)) {
    fmt::print("speed probe: {:.3f} s of CPU ({}; compared with each calibration file's)\n", *probe,
               kSpeedProbeName);
  } else {
    fmt::print("speed probe: did not run under {}\n", args.python);
  }
  const SiteConfig& site = site_config();
  fmt::print("site:        {} (instance {}, box uids {}-{}, cgroup parent {}, favordynmods {})\n",
             site.source, site.instance.empty() ? "default" : site.instance, site.first_box_uid,
             site.first_box_uid + site.box_slots - 1,
             site.cgroup_parent.empty() ? "the grader's own cgroup" : site.cgroup_parent,
             site.cgroup_favordynmods ? "on" : "off");
  const IsolationProbe& probe = probe_isolation();
  std::string tiers;
  for (const IsolationTier tier : probe.available)
    tiers += (tiers.empty() ? "" : ", ") + std::string(to_string(tier));
  fmt::print("isolation:   best {} (available: {}; cgroup {})\n", to_string(probe.best), tiers,
             probe.cgroup);
  for (const std::string& note : probe.notes) fmt::print("             note: {}\n", note);
  const std::string boxes = box_reuse_problem();
  fmt::print("boxes:       {}\n",
             boxes.empty() ? "kept between runs in the full tier (a box was made and removed)"
                           : "one per run (" + boxes + ")");

  // What a Python assignment needs, the most demanding kind of submission.
  Assignment python_assignment;
  python_assignment.submission.language = "python";
  const auto problems =
      grading_tool_problems({args.driver_dir, args.python, {}, {}}, python_assignment);
  for (const std::string& problem : problems) error_line(problem);
  if (problems.empty() && !probe.available.empty()) {
    std::string forks;
    try {
      const auto runner = make_grading_runner(probe.best);
      forks = fork_session_problem(*runner, {args.driver_dir, args.python, {}, {}}, "/tmp");
    } catch (const std::exception& e) {
      forks = e.what();
    }
    fmt::print("imports:     {}\n",
               forks.empty() ? "once per submission, its tests forked from it (a fork server "
                               "started and forked a test)"
                             : "once per test (" + forks + ")");
  }
  fmt::print("{}\n", problems.empty() ? "ready to grade" : "NOT ready to grade (see above)");
  return problems.empty() ? kExitOk : kExitGraderFault;
}

}  // namespace sg
