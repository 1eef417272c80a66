#include "engine/submission_paths.h"

#include <cctype>
#include <string_view>

namespace sg {
namespace {

// `text` with each `from` that `keep(end of match)` accepts replaced by `to` (built anew: gcc 12
// warns, wrongly, about in-place std::string::replace here).
template <typename Keep>
std::string replace_all(const std::string& text, const std::string& from, std::string_view to,
                        Keep keep) {
  std::string out;
  std::size_t copied = 0;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + from.size())) {
    if (!keep(at + from.size())) continue;
    out.append(text, copied, at - copied).append(to);
    copied = at + from.size();
  }
  return out.append(text, copied, std::string::npos);
}

}  // namespace

std::string relative_to_submission(std::string text, const std::string& workdir) {
  if (workdir.empty() || workdir == "/") return text;
  std::string base = workdir;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  const auto anywhere = [](std::size_t) { return true; };
  text = replace_all(text, std::string(base).append("/./"), "", anywhere);
  text = replace_all(text, std::string(base).append("/"), "", anywhere);
  // The folder itself, where the name ends there ("cd /box &&", not "/boxes").
  const auto name_ends = [&text](std::size_t end) {
    return end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) ||
                                   text[end] == '_' || text[end] == '-' || text[end] == '.');
  };
  return replace_all(text, base, ".", name_ends);
}

void show_paths_relative_to_submission(TestOutcome& outcome, const std::string& workdir) {
  outcome.observed = relative_to_submission(std::move(outcome.observed), workdir);
  outcome.feedback = relative_to_submission(std::move(outcome.feedback), workdir);
  for (auto& note : outcome.notes) note = relative_to_submission(std::move(note), workdir);
  for (auto& aspect : outcome.aspects)
    aspect.feedback = relative_to_submission(std::move(aspect.feedback), workdir);
}

}  // namespace sg
