#include "engine/shared_feedback.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace sg {
namespace {

bool worth_sharing(const std::string& text) { return text.find('\n') != std::string::npos; }

}  // namespace

std::string shared_feedback_reference(const SharedFeedback& shared) {
  const std::string first_line = shared.text.substr(0, shared.text.find('\n'));
  return fmt::format("{} (error {}, shown in full once for the whole submission)", first_line,
                     shared.id);
}

void share_repeated_feedback(GradeReport& report) {
  // Which tests each long text occurs in, and in what order texts first occur.
  std::map<std::string, std::vector<std::string>> tests_of;
  std::vector<std::string> order;
  for (const TestOutcome& test : report.tests) {
    std::set<std::string> texts;
    if (worth_sharing(test.feedback)) texts.insert(test.feedback);
    for (const AspectOutcome& aspect : test.aspects)
      if (worth_sharing(aspect.feedback)) texts.insert(aspect.feedback);
    // In order of appearance in this test: its own feedback first.
    std::vector<std::string> in_order;
    if (texts.count(test.feedback)) in_order.push_back(test.feedback);
    for (const AspectOutcome& aspect : test.aspects)
      if (texts.count(aspect.feedback) &&
          std::find(in_order.begin(), in_order.end(), aspect.feedback) == in_order.end())
        in_order.push_back(aspect.feedback);
    for (const std::string& text : in_order) {
      auto& tests = tests_of[text];
      if (tests.empty()) order.push_back(text);
      tests.push_back(test.id);
    }
  }
  std::map<std::string, std::string> replacement;
  for (const std::string& text : order) {
    const auto& tests = tests_of[text];
    if (tests.size() < 2) continue;
    SharedFeedback shared{fmt::format("E{}", report.shared_feedback.size() + 1), text, tests};
    replacement[text] = shared_feedback_reference(shared);
    report.shared_feedback.push_back(std::move(shared));
  }
  if (replacement.empty()) return;
  for (TestOutcome& test : report.tests) {
    if (const auto found = replacement.find(test.feedback); found != replacement.end())
      test.feedback = found->second;
    for (AspectOutcome& aspect : test.aspects)
      if (const auto found = replacement.find(aspect.feedback); found != replacement.end())
        aspect.feedback = found->second;
  }
}

}  // namespace sg
