#include "languages/language_driver.h"

#include <fmt/format.h>

#include <stdexcept>

namespace sg {

const LanguageDriver* language_driver(std::string_view language) {
  if (language == "python") return &python_language();
  if (language == "java") return &java_language();
  return nullptr;
}

const LanguageDriver& driver_for(const Assignment& assignment) {
  const LanguageDriver* driver = language_driver(assignment.submission.language);
  if (driver == nullptr)
    throw std::invalid_argument(fmt::format(
        "a `language: {}` submission has no driver: its tests call no functions or methods",
        assignment.submission.language));
  return *driver;
}

}  // namespace sg
