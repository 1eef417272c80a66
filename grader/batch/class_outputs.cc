#include "batch/class_outputs.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "batch/gradebook_csv.h"
#include "reports/class_summary.h"
#include "reports/feedback_html.h"
#include "reports/feedback_markdown.h"
#include "reports/json_report.h"
#include "spec/sha256.h"

namespace sg {

namespace fs = std::filesystem;

namespace {

void write_text_atomically(const std::string& text, const fs::path& path) {
  fs::create_directories(path.parent_path());
  const fs::path temporary = path.string() + fmt::format(".tmp-{}", ::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error(fmt::format("{}: cannot write", temporary.string()));
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error) {
    fs::remove(temporary);
    throw std::runtime_error(fmt::format("{}: cannot write: {}", path.string(), error.message()));
  }
}

}  // namespace

std::string student_file_stem(const std::string& student_id) {
  std::string stem;
  bool clean = !student_id.empty() && student_id.front() != '.' && student_id.size() <= 100;
  for (const char c : student_id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-' || c == '@';
    stem += ok ? c : '_';
    clean = clean && ok;
  }
  if (clean) return stem;
  if (stem.size() > 100) stem.resize(100);
  return fmt::format("{}-{}", stem, sha256_hex(student_id).substr(0, 8));
}

std::vector<fs::path> write_class_outputs(const fs::path& dir,
                                          const std::vector<ClassEntry>& entries) {
  std::vector<ClassEntry> sorted = entries;
  std::sort(sorted.begin(), sorted.end(),
            [](const ClassEntry& a, const ClassEntry& b) { return a.student_id < b.student_id; });
  std::vector<fs::path> written;
  fs::create_directories(dir);

  const fs::path gradebook = dir / "gradebook.csv";
  write_text_atomically(render_gradebook_csv(sorted), gradebook);
  written.push_back(gradebook);

  nlohmann::json students = nlohmann::json::array();
  for (const auto& entry : sorted) {
    students.push_back({{"student_id", entry.student_id},
                        {"student_name", entry.student_name},
                        {"submission_hash", entry.submission_hash},
                        {"report", to_json(entry.report)}});
  }
  const fs::path results = dir / "results.json";
  write_json_file_atomically(
      {{"format_version", kClassResultsJsonVersion}, {"students", std::move(students)}}, results);
  written.push_back(results);

  for (const auto& entry : sorted) {
    const std::string stem = student_file_stem(entry.student_id);
    const fs::path markdown = dir / "feedback" / (stem + ".md");
    write_text_atomically(render_feedback_markdown(entry.report, Audience::student), markdown);
    const fs::path html = dir / "feedback" / (stem + ".html");
    write_text_atomically(render_feedback_html(entry.report, Audience::student), html);
    written.push_back(markdown);
    written.push_back(html);
  }

  const fs::path summary = dir / "summary.html";
  write_text_atomically(render_class_summary_html(sorted), summary);
  written.push_back(summary);
  return written;
}

}  // namespace sg
