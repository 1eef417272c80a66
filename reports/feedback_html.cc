#include "reports/feedback_html.h"

#include "reports/feedback_markdown.h"

namespace sg {

std::string render_feedback_html(const GradeReport& report, Audience audience) {
  std::string body = render_feedback_markdown(report, audience);
  std::string escaped;
  for (const char c : body) {
    if (c == '<') {
      escaped += "&lt;";
    } else if (c == '&') {
      escaped += "&amp;";
    } else {
      escaped += c;
    }
  }
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Feedback</title></head>"
         "<body><pre>" +
         escaped + "</pre></body></html>\n";
}

}  // namespace sg
