#include "checkers/csp_judgements.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace sg {

std::optional<ref::CspAssignment> read_csp_answer(const ref::Csp& csp, const std::string& text,
                                                  bool digits, std::string& why) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text + " ") {
    const bool part = digits ? std::isdigit(static_cast<unsigned char>(c)) != 0
                             : std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (part) {
      word += c;
      if (digits) {
        words.push_back(word);
        word.clear();
      }
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  if (words.size() != csp.size()) {
    why = fmt::format("{} {} {}, where {} were expected (one for each of {} .. {})", words.size(),
                      digits ? "digits" : "values", words.size() == 1 ? "was read" : "were read",
                      csp.size(), csp.name(0), csp.name(csp.size() - 1));
    return std::nullopt;
  }
  ref::CspAssignment answer(csp.size());
  if (digits) {
    const auto open = static_cast<std::size_t>(std::count(words.begin(), words.end(), "0"));
    if (open > 0) {
      const auto first = std::find(words.begin(), words.end(), "0") - words.begin();
      why = fmt::format("{} cell{} left 0 ({} first): the assignment is not complete", open,
                        open == 1 ? " is" : "s are", csp.name(static_cast<std::size_t>(first)));
      return std::nullopt;
    }
  }
  for (std::size_t v = 0; v < csp.size(); ++v) {
    const auto value = csp.find_value(words[v]);
    if (!value) {
      why =
          fmt::format("{} is given `{}`, which is no value of this problem", csp.name(v), words[v]);
      return std::nullopt;
    }
    answer[v] = *value;
  }
  return answer;
}

AspectOutcome judge_csp_solution(const ref::Csp& csp, const ref::CspAssignment& answer) {
  AspectOutcome outcome{"solution", "", false, ""};
  for (std::size_t v = 0; v < csp.size(); ++v) {
    if (!answer[v]) {
      outcome.feedback =
          fmt::format("{} has no value: the assignment is not complete", csp.name(v));
      return outcome;
    }
    const auto& domain = csp.domain(v);
    if (std::find(domain.begin(), domain.end(), *answer[v]) == domain.end()) {
      outcome.feedback = domain.size() == 1
                             ? fmt::format("{} is {}, but the puzzle gives it {}", csp.name(v),
                                           csp.values()[*answer[v]], csp.values()[domain.front()])
                             : fmt::format("{} is {}, which is not in its domain", csp.name(v),
                                           csp.values()[*answer[v]]);
      return outcome;
    }
  }
  if (const auto broken = csp.violated(answer)) {
    outcome.feedback = fmt::format("the assignment breaks a constraint: {}", *broken);
    return outcome;
  }
  outcome.passed = true;
  return outcome;
}

AspectOutcome judge_csp_method(const std::optional<std::string>& named, const std::string& expected,
                               const std::string& why) {
  AspectOutcome outcome{"method", "", false, ""};
  if (!named) {
    outcome.feedback = fmt::format("no method was named; expected {} ({})", expected, why);
  } else if (*named != expected) {
    outcome.feedback =
        fmt::format("the method named is {}; expected {} ({})", *named, expected, why);
  } else {
    outcome.passed = true;
  }
  return outcome;
}

}  // namespace sg
