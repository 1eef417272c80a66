#include "engine/grading_tools.h"

#include "languages/language_driver.h"

namespace sg {

std::vector<std::string> grading_tool_problems(const GradingContext& context,
                                               const Assignment& assignment) {
  const LanguageDriver* driver = language_driver(assignment.submission.language);
  return driver == nullptr ? std::vector<std::string>{} : driver->tool_problems(context);
}

}  // namespace sg
