// SHA-256 of bytes, as lowercase hex: identifies exactly which spec (and later, which submission)
// was graded. Backed by OpenSSL's EVP interface.
#pragma once

#include <string>
#include <string_view>

namespace sg {

/// 64 lowercase hex digits. Throws std::runtime_error if OpenSSL fails (it does not in practice).
std::string sha256_hex(std::string_view bytes);

}  // namespace sg
