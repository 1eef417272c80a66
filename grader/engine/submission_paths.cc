#include "engine/submission_paths.h"

#include <cctype>

namespace sg {
namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

std::string relative_to_submission(std::string text, const std::string& workdir) {
  if (workdir.empty() || workdir == "/") return text;
  std::string base = workdir;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  replace_all(text, base + "/./", "");
  replace_all(text, base + "/", "");
  // The folder itself, where the name ends there ("cd /box &&", not "/boxes").
  for (std::size_t at = text.find(base); at != std::string::npos; at = text.find(base, at + 1)) {
    const std::size_t end = at + base.size();
    const bool ends =
        end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) ||
                                text[end] == '_' || text[end] == '-' || text[end] == '.');
    if (ends) text.replace(at, base.size(), ".");
  }
  return text;
}

void show_paths_relative_to_submission(TestOutcome& outcome, const std::string& workdir) {
  outcome.observed = relative_to_submission(std::move(outcome.observed), workdir);
  outcome.feedback = relative_to_submission(std::move(outcome.feedback), workdir);
  for (auto& note : outcome.notes) note = relative_to_submission(std::move(note), workdir);
  for (auto& aspect : outcome.aspects)
    aspect.feedback = relative_to_submission(std::move(aspect.feedback), workdir);
}

}  // namespace sg
