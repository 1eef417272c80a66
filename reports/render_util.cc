#include "reports/render_util.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

namespace sg::report_detail {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed UTF-8 sequence starting at text[i], or 0 if it is not well formed.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // no overlong forms
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

std::uint32_t decode(std::string_view sequence) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(sequence[k]); };
  switch (sequence.size()) {
    case 1:
      return byte(0);
    case 2:
      return ((byte(0) & 0x1Fu) << 6) | (byte(1) & 0x3Fu);
    case 3:
      return ((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
    default:
      return ((byte(0) & 0x07u) << 18) | ((byte(1) & 0x3Fu) << 12) | ((byte(2) & 0x3Fu) << 6) |
             (byte(3) & 0x3Fu);
  }
}

}  // namespace

std::string format_points(double points) {
  if (!std::isfinite(points)) return "?";
  const double rounded = std::round(points * 100.0) / 100.0;
  if (rounded == 0.0) return "0";  // also turns -0 into 0
  std::string text = fmt::format("{:.2f}", rounded);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

double finite_or_zero(double value) { return std::isfinite(value) ? value : 0.0; }

std::string to_valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      out += kReplacement;
      ++i;
    } else {
      out += text.substr(i, length);
      i += length;
    }
  }
  return out;
}

std::string printable(std::string_view text) {
  const std::string valid = to_valid_utf8(text);
  const std::string_view view = valid;
  std::string out;
  out.reserve(valid.size());
  for (std::size_t i = 0; i < view.size();) {
    const std::size_t length = utf8_sequence_length(view, i);  // never 0 here: input is valid
    const std::uint32_t code = decode(view.substr(i, length));
    if (code == '\n' || code == '\t') {
      out += static_cast<char>(code);
    } else if (code == '\r') {
      out += "\\r";
    } else if (code < 0x20 || code == 0x7F) {
      out += fmt::format("\\x{:02x}", code);
    } else if (code >= 0x80 && code <= 0x9F) {
      out += fmt::format("\\u{:04x}", code);
    } else {
      out += view.substr(i, length);
    }
    i += length;
  }
  return out;
}

SentenceAndEvidence split_evidence(std::string_view feedback) {
  const std::size_t end = feedback.find('\n');
  if (end == std::string_view::npos) return {feedback, {}};
  return {feedback.substr(0, end), feedback.substr(end + 1)};
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  if (text.empty()) return lines;
  if (text.back() == '\n') text.remove_suffix(1);
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string clip_line(std::string_view line, std::size_t max_chars) {
  std::size_t chars = 0;
  std::size_t cut = line.size();
  for (std::size_t i = 0; i < line.size(); ++i) {
    // Count code points: every byte that is not a UTF-8 continuation byte starts one.
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) {
      if (chars == max_chars && cut == line.size()) cut = i;
      ++chars;
    }
  }
  if (chars <= max_chars) return std::string(line);
  return fmt::format("{} ... ({} more characters)", line.substr(0, cut), chars - max_chars);
}

std::string clip_text(std::string text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  const std::size_t dropped = text.size() - max_bytes;
  text.resize(max_bytes);
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
    text.pop_back();  // a continuation byte: drop the partial character
  if (!text.empty() && (static_cast<unsigned char>(text.back()) & 0x80) != 0) text.pop_back();
  return fmt::format("{}\n[cut: {} more bytes in the full report]\n", text, dropped);
}

bool withheld(const TestOutcome& test, Audience audience) {
  return audience == Audience::student && test.visibility != Visibility::visible;
}

bool fails_for_criterion(const TestOutcome& test, std::string_view criterion_id) {
  bool bound = false;
  bool judged = false;
  for (const AspectOutcome& aspect : test.aspects) {
    if (aspect.criterion_id != criterion_id) continue;
    bound = true;
    if (!aspect.judged) continue;
    judged = true;
    if (!aspect.passed) return true;
  }
  // The test gave nothing to judge this criterion on; its other tests decide it.
  if (bound && !judged && test.verdict != Verdict::grader_error) return false;
  if (test.verdict == Verdict::accepted) return false;
  // A wrong answer is decided aspect by aspect: if every aspect of this criterion passed, the
  // test did not fail this criterion. Any other verdict (a limit, a crash) fails all of them.
  return !(test.verdict == Verdict::wrong_answer && bound);
}

bool fails_overall(const TestOutcome& test) {
  if (test.verdict != Verdict::accepted) return true;
  for (const AspectOutcome& aspect : test.aspects) {
    if (!aspect.passed && aspect.judged && !aspect.criterion_id.empty()) return true;
  }
  return false;
}

std::vector<std::size_t> hidden_numbers(const GradeReport& report) {
  std::vector<std::size_t> numbers(report.tests.size(), 0);
  std::size_t next = 1;
  for (std::size_t i = 0; i < report.tests.size(); ++i) {
    if (report.tests[i].visibility != Visibility::visible) numbers[i] = next++;
  }
  return numbers;
}

std::size_t find_test(const GradeReport& report, std::string_view test_id) {
  for (std::size_t i = 0; i < report.tests.size(); ++i) {
    if (report.tests[i].id == test_id) return i;
  }
  return report.tests.size();
}

}  // namespace sg::report_detail
