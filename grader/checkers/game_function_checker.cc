#include "checkers/game_function_checker.h"

#include <fmt/format.h>

#include <algorithm>

#include "checkers/python_value.h"
#include "notation/line_template.h"  // number_text

namespace sg {

nlohmann::json as_plain_lists(const nlohmann::json& value) {
  if (value.is_object() && value.size() == 1 && value.contains("$tuple"))
    return as_plain_lists(value["$tuple"]);
  if (value.is_object() && value.contains("$ndarray")) return as_plain_lists(value["$ndarray"]);
  if (value.is_array()) {
    nlohmann::json items = nlohmann::json::array();
    for (const auto& item : value) items.push_back(as_plain_lists(item));
    return items;
  }
  return value;
}

std::string encoded_type_shape(const nlohmann::json& value) {
  const auto items = [](const nlohmann::json& list) {
    std::vector<std::string> shapes;
    for (const auto& item : list) shapes.push_back(encoded_type_shape(item));
    return fmt::format("{}", fmt::join(shapes, ", "));
  };
  if (value.is_array()) return fmt::format("list[{}]", items(value));
  if (value.is_object() && value.size() == 1 && value.contains("$tuple"))
    return fmt::format("tuple[{}]", items(value["$tuple"]));
  if (value.is_boolean()) return "bool";
  if (value.is_number_integer()) return "int";
  if (value.is_number()) return "float";
  if (value.is_string()) return "str";
  if (value.is_null()) return "NoneType";
  return "object";
}

FunctionCallCheck check_player_value(double expected, const nlohmann::json& returned,
                                     const std::string& call, const std::string& why,
                                     const std::string& position) {
  FunctionCallCheck check;
  check.passed =
      returned.is_number() && !returned.is_boolean() && returned.get<double>() == expected;
  if (!check.passed)
    check.feedback = fmt::format("`{}` returned {}; expected {}: {}. The position:\n{}", call,
                                 python_repr(returned), number_text(expected), why, position);
  return check;
}

namespace {

// first_changed_item's walk: `path` is the index path so far ("[2]").
std::string changed_below(const nlohmann::json& before, const nlohmann::json& after,
                          const std::string& path) {
  if (before == after) return "";
  if (before.is_array() && after.is_array()) {
    for (std::size_t i = 0; i < before.size() && i < after.size(); ++i)
      if (std::string found = changed_below(before[i], after[i], fmt::format("{}[{}]", path, i));
          !found.empty())
        return found;
    if (before.size() != after.size())
      return fmt::format("{}: {} item(s) are now {}", path.empty() ? "it" : path, before.size(),
                         after.size());
  }
  return fmt::format("{}: {} is now {}", path.empty() ? "it" : path, python_repr(before),
                     python_repr(after));
}

// "[(0, 1)], [(0, 2)], ... (21 in all)": the first few legal moves, as Python prints them.
std::string some_moves(const std::vector<LegalMove>& legal, std::size_t shown = 6) {
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < legal.size() && i < shown; ++i) texts.push_back(legal[i].text);
  std::string listed = fmt::format("{}", fmt::join(texts, ", "));
  if (legal.size() > shown) listed += fmt::format(", ... ({} in all)", legal.size());
  return listed;
}

// What a move's worth means for the player who made it, at the search's depth.
std::string worth(double value) {
  if (value > 0) return fmt::format("{} (a win)", number_text(value));
  if (value < 0) return fmt::format("{} (a loss)", number_text(value));
  return number_text(value);
}

}  // namespace

std::string first_changed_item(const nlohmann::json& before, const nlohmann::json& after) {
  return changed_below(as_plain_lists(before), as_plain_lists(after), "");
}

FunctionCallCheck check_argument_unchanged(const nlohmann::json& before,
                                           const nlohmann::json& after, const std::string& call,
                                           const std::string& what, const std::string& position) {
  FunctionCallCheck check;
  const std::string changed = first_changed_item(before, after);
  check.passed = changed.empty();
  if (!check.passed)
    check.feedback = fmt::format(
        "`{}` changed {} it was given ({}): work on a copy, and leave the caller's as it was. "
        "What it was given:\n{}",
        call, what, changed, position);
  return check;
}

MoveCheck check_move(
    const std::vector<LegalMove>& legal, const ref::GameSearchRun& run, int depth,
    const nlohmann::json& returned, const std::string& type_shape, const std::string& call,
    const std::string& position,
    const std::function<std::optional<double>(const std::string& move)>& wins_later) {
  MoveCheck check;
  const nlohmann::json plain = as_plain_lists(returned);
  const auto found = std::find_if(legal.begin(), legal.end(), [&](const LegalMove& move) {
    return as_plain_lists(move.value) == plain;
  });
  check.legal.passed = found != legal.end();
  if (!check.legal.passed)
    check.legal.feedback = fmt::format(
        "`{}` returned {}, which is not a legal move in this position; the legal moves are {}. "
        "The position:\n{}",
        call, python_repr(returned), legal.empty() ? "none" : some_moves(legal), position);

  // An illegal move has neither a format nor a worth to judge: the legal aspect says why.
  if (found == legal.end()) return check;
  const std::string wanted = encoded_type_shape(found->value);
  check.format.passed = type_shape.empty() || type_shape == wanted;
  if (!check.format.passed)
    check.format.feedback =
        fmt::format("`{}` returned {} of type {}; the handout writes this move {}, of type {}",
                    call, python_repr(returned), type_shape, found->text, wanted);
  check.judged = true;
  const auto& best = run.best_actions;
  check.value.passed = std::find(best.begin(), best.end(), found->text) != best.end();
  if (check.value.passed) return check;
  if (run.value > 0 && wins_later) {
    if (const std::optional<double> later = wins_later(found->text); later && *later >= run.value) {
      check.value.passed = true;
      check.value.notes.push_back(fmt::format(
          "`{}` returned {}, which forces a win later; {} wins at once", call, found->text,
          fmt::join(best.begin(), best.begin() + std::min<std::ptrdiff_t>(3, std::ssize(best)),
                    ", ")));
      return check;
    }
  }
  // The evidence: the move's worth and the reply that makes it so, from the reference's run.
  std::string because;
  for (std::size_t i = 0; i < run.generated.size(); ++i) {
    const ref::GeneratedState& child = run.generated[i];
    if (child.parent != ref::GeneratedState::kRoot || child.action != found->text) continue;
    because = fmt::format("at depth {} it is worth {}", depth, worth(child.value));
    for (const ref::GeneratedState& reply : run.generated) {
      if (reply.parent != i || reply.value != child.value) continue;
      because += fmt::format(": the opponent's best reply is {}", reply.action);
      break;
    }
    break;
  }
  std::vector<std::string> best_texts(best.begin(), best.end());
  if (best_texts.size() > 6) {
    best_texts.resize(6);
    best_texts.push_back(fmt::format("... ({} in all)", best.size()));
  }
  check.value.feedback = fmt::format(
      "`{}` returned {}: {}; a minimax search {} move{} deep finds moves worth {}: {}. The "
      "position:\n{}",
      call, found->text, because.empty() ? "a move the reference never tried" : because, depth,
      depth == 1 ? "" : "s", worth(run.value), fmt::join(best_texts, ", "), position);
  return check;
}

}  // namespace sg
