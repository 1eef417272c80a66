// Pieces shared by the HTML renderers (feedback page, class summary): escaping untrusted text
// and wrapping a body into one self-contained page. The pages carry no scripts and load nothing:
// a Content-Security-Policy forbids both, so a hostile submission's output cannot run anything.
#pragma once

#include <string>
#include <string_view>

namespace sg::report_detail {

/// `text` made printable (see printable()) and escaped for HTML text and attribute values
/// (& < > " ').
std::string html_escape(std::string_view text);

/// A complete HTML5 document: UTF-8, the CSP above, `title` (escaped here), the shared style
/// sheet plus `extra_css`, and `body` (already HTML) inside <body>.
std::string html_page(std::string_view title, std::string_view extra_css, std::string_view body);

}  // namespace sg::report_detail
