// Time limits that follow the machine. Calibrated limits (spec/limit_calibration_file.h) are
// multiples of CPU seconds measured on one machine; graded on a machine twice as slow, a correct
// submission that needed a third of its limit there needs two thirds here, and one that needed
// half its budget runs out of it. Machine names do not tell speed (two "AMD EPYC, 2 cores" hosts
// were seen to differ 2.9x), so `calibrate` times a fixed Python workload, the speed probe, beside
// its measurements, and grading times it again and scales the measured figures by the ratio.
//
// The probe is pure Python doing what student search code does (tuples, a dict, sorted
// successor lists, a priority queue scanned as a list), timed inside the interpreter
// (time.process_time, so neither interpreter start nor other processes count); the median of
// three runs. It is the grader's own code and runs outside the sandbox.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "model/assignment.h"

namespace sg {

/// The speed probe's name, recorded with its time: a changed workload gets a new name, and a
/// calibration that timed another probe is not compared with this one.
inline constexpr const char* kSpeedProbeName = "python-search-1";

/// This machine, as calibration files record it: "model name, N cores" from /proc/cpuinfo.
std::string this_machine_name();

/// CPU seconds the speed probe takes under `python`: the median of three runs, measured now.
/// nullopt when the interpreter cannot run it (not executable, exits non-zero, prints no number).
std::optional<double> measure_speed_probe(const std::filesystem::path& python);

/// measure_speed_probe, measured once per interpreter path and process, then remembered.
std::optional<double> speed_probe_cpu_seconds(const std::filesystem::path& python);

/// What scaling limits to this machine did.
struct MachineScaling {
  double factor = 1.0;             ///< Applied to every measured figure (1: unchanged).
  double here_cpu_seconds = 0.0;   ///< The probe here.
  double there_cpu_seconds = 0.0;  ///< The probe where the limits were measured.
  std::string note;                ///< One sentence for people; "" when nothing to say.
};

/// A probe ratio within this range counts as the same machine (limits unchanged), so grades
/// on the calibrating machine do not move with its noise; beyond it the factor is clamped.
inline constexpr double kSameSpeedLow = 0.8;
inline constexpr double kSameSpeedHigh = 1.25;
inline constexpr double kSmallestFactor = 0.25;
inline constexpr double kLargestFactor = 8.0;

/// The factor for a probe time `here` against `there` (both > 0): 1 within
/// [kSameSpeedLow, kSameSpeedHigh], else the ratio clamped to [kSmallestFactor, kLargestFactor].
double machine_time_factor(double here, double there);

/// Scales `assignment`'s calibrated limits to this machine (scale_measured_limits) when its
/// calibration recorded this probe. Nothing changes (factor 1, and a note saying why where that
/// matters) when there is no calibration, it predates the probe, or the probe cannot run here.
MachineScaling scale_limits_to_this_machine(Assignment& assignment,
                                            const std::filesystem::path& python);

}  // namespace sg
