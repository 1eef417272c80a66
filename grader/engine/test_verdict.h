// A test's verdict, decided once. A kind judges what the process printed (its aspects) and says
// whether the process stopped abnormally (a limit, a crash, a fault: any verdict but accepted or
// wrong answer); everything else is decided here, in one place: the exit status under the test's
// ExitStatusPolicy, accepted versus wrong answer from the aspects bound to criteria, and that a
// test which did not run to its end earns nothing for any aspect. The text summary, the test lines
// and the points all read the result, so they cannot disagree.
#pragma once

#include <string>

#include "model/assignment.h"
#include "model/grade_report.h"
#include "model/observation.h"

namespace sg {

/// Feedback for a non-zero exit status, with the end of what the program wrote to stderr.
std::string exit_status_feedback(const Observation& observation);

/// Finishes `outcome` as the kind left it: identity (id, name, kind, visibility), one aspect entry
/// per criterion it is bound to (test.grades), the exit status when `program` (a
/// `language: program` submission) under test.exit_status, then the verdict:
/// - an abnormal verdict from the kind stands; otherwise, for a program with policy `required`
///   and a non-zero exit status, runtime error;
/// - otherwise wrong answer if a judged aspect bound to a criterion failed, else accepted;
/// - a verdict other than accepted or wrong answer fails every judged aspect (feedback kept, or
///   the verdict's feedback);
/// - under `exit_status: graded`, every program test gets an `exit` aspect (failed when the program
///   exited otherwise than with status 0, was stopped, or did not run);
/// - time limit exceeded on a test with a LimitCalibration adds what a correct solution uses;
/// - `feedback` is the first failed bound aspect's when the kind gave none.
void conclude_test(const TestSpec& test, TestOutcome& outcome, const Observation* observation,
                   bool program);

/// An outcome for a test that did not run because of `verdict` (every aspect of `aspects` failed
/// with `feedback`), before conclude_test().
TestOutcome not_run_outcome(const std::vector<std::string>& aspects, Verdict verdict,
                            std::string feedback);

}  // namespace sg
