#include "checkers/expansion_evidence.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

namespace sg {
namespace {

constexpr std::size_t kHead = 3;
constexpr std::size_t kBefore = 5;
constexpr std::size_t kAfter = 3;
constexpr std::size_t kMaxWidth = 36;  // two columns fit a 100-column text report

std::string cell(const std::vector<std::string>& items, std::size_t i) {
  if (i >= items.size()) return {};
  const std::string& item = items[i];
  if (item.size() <= kMaxWidth) return item;
  return item.substr(0, kMaxWidth - 3) + "...";
}

}  // namespace

std::string expansion_table(const std::vector<std::string>& yours,
                            const std::vector<std::string>& reference, std::size_t diverged_at,
                            std::string_view reference_label) {
  const std::size_t length = std::max(yours.size(), reference.size());
  // The rows shown: the head, and the window around the divergence.
  std::vector<std::size_t> rows;
  const std::size_t window_first = diverged_at > kBefore ? diverged_at - kBefore : 0;
  const std::size_t window_end = std::min(length, diverged_at + kAfter + 1);
  for (std::size_t i = 0; i < std::min(kHead, length); ++i) rows.push_back(i);
  for (std::size_t i = std::max(window_first, kHead); i < window_end; ++i) rows.push_back(i);

  std::size_t width = std::string_view("yours").size();
  for (const std::size_t i : rows) width = std::max(width, cell(yours, i).size());
  const std::size_t number_width = fmt::format("{}", length).size();

  std::string table =
      fmt::format("  {:>{}}   {:<{}}  {}", "#", number_width + 2, "yours", width, reference_label);
  std::size_t previous = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::size_t i = rows[r];
    if (r > 0 && i != previous + 1) table += fmt::format("\n  {:>{}}", "...", number_width + 2);
    const std::string mark = i == diverged_at ? ">" : " ";
    table += fmt::format("\n  {} {:>{}}   {:<{}}  {}", mark, i + 1, number_width, cell(yours, i),
                         width, cell(reference, i));
    // Trailing spaces of an empty reference column are not wanted in any report.
    while (table.back() == ' ') table.pop_back();
    previous = i;
  }
  if (!rows.empty() && rows.back() + 1 < length) {
    table += fmt::format("\n  {:>{}}   ({} yours, {} {})", "...", number_width + 2, yours.size(),
                         reference.size(), reference_label);
  }
  return table;
}

std::optional<std::string> first_repeated_expansion(const std::vector<std::string>& expanded) {
  std::unordered_map<std::string_view, std::size_t> first_seen;
  for (std::size_t i = 0; i < expanded.size(); ++i) {
    const auto [at, inserted] = first_seen.emplace(expanded[i], i);
    if (!inserted)
      return fmt::format("{} is expanded a second time at expansion {}; it was expansion {}",
                         expanded[i], i + 1, at->second + 1);
  }
  return std::nullopt;
}

}  // namespace sg
