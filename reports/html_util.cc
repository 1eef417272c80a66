#include "reports/html_util.h"

#include <fmt/format.h>

#include "reports/render_util.h"

namespace sg::report_detail {
namespace {

constexpr std::string_view kBaseCss = R"(
:root { color-scheme: light; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --err: #8250df;
  --line: #d0d7de; --muted: #57606a; --mark: #ffebe9; --mark-strong: #ff8182; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto;
  max-width: 70em; padding: 0 1em; color: #1f2328; }
h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { border-bottom: 1px solid var(--line); }
table { border-collapse: collapse; } th, td { padding: .25em .6em; text-align: left;
  vertical-align: top; border-bottom: 1px solid var(--line); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
pre, code { font: 13px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; }
pre { background: #f6f8fa; padding: .5em; overflow-x: auto; white-space: pre-wrap; }
.muted { color: var(--muted); }
.badge { display: inline-block; min-width: 1.4em; padding: 0 .4em; border-radius: 1em;
  font-weight: 600; color: #fff; text-align: center; }
.ok { background: var(--ok); } .bad { background: var(--bad); } .warn { background: var(--warn); }
.err { background: var(--err); } .manual { background: var(--muted); }
.notice { border-left: 4px solid var(--err); padding: .3em .8em; background: #fbefff; }
)";

}  // namespace

std::string html_escape(std::string_view text) {
  const std::string safe = printable(text);
  std::string out;
  out.reserve(safe.size() + safe.size() / 8);
  for (const char c : safe) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string html_page(std::string_view title, std::string_view extra_css, std::string_view body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>{}{}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
      html_escape(title), kBaseCss, extra_css, body);
}

}  // namespace sg::report_detail
