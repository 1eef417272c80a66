#include "reports/student_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace sg {
namespace {

std::string last_component(const std::string& path) {
  if (path.empty()) return path;
  std::filesystem::path value(path);
  while (!value.empty() && value.filename().empty()) value = value.parent_path();
  return value.filename().string();
}

}  // namespace

GradeReport student_view(const GradeReport& report) {
  GradeReport view = report;
  view.spec_path = last_component(report.spec_path);
  view.submission_path = last_component(report.submission_path);

  std::map<std::string, std::string> renamed;  // hidden test id -> placeholder id
  std::set<std::string> visible_ids;
  std::size_t hidden = 0;
  for (TestOutcome& test : view.tests) {
    if (test.visibility == Visibility::visible) {
      visible_ids.insert(test.id);
      continue;
    }
    ++hidden;
    const std::string placeholder = fmt::format("hidden-{}", hidden);
    renamed[test.id] = placeholder;
    test.id = placeholder;
    test.name = fmt::format("hidden test {}", hidden);
    test.call.clear();
    test.expected.clear();
    test.observed.clear();
    test.feedback.clear();
    test.notes.clear();
    test.cpu_seconds = 0.0;
    test.wall_seconds = 0.0;
    test.peak_memory_bytes = 0;
    for (AspectOutcome& aspect : test.aspects) aspect.feedback.clear();
  }

  // Summaries are written anew from the tests (a stored or merged report may hold any text).
  for (CriterionOutcome& criterion : view.criteria) {
    for (std::string& id : criterion.test_ids) {
      if (const auto found = renamed.find(id); found != renamed.end()) id = found->second;
    }
    criterion.summary = summarize_criterion(criterion.id, criterion.status, view.tests);
  }

  std::vector<SharedFeedback> shared;
  for (SharedFeedback& entry : view.shared_feedback) {
    std::erase_if(entry.test_ids, [&](const std::string& id) { return !visible_ids.count(id); });
    if (!entry.test_ids.empty()) shared.push_back(std::move(entry));
  }
  view.shared_feedback = std::move(shared);
  return view;
}

}  // namespace sg
