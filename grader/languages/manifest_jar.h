// A jar that holds only a manifest: how the JVM is given the grader's measuring agent
// (`-javaagent:JAR` needs a jar naming its Premain-Class; the class itself is compiled with the
// submission and found on the class path), written by the grader rather than by the JDK's `jar`
// tool, which would cost every submission another JVM.
#pragma once

#include <string>
#include <string_view>

namespace sg {

/// The bytes of a zip archive (a jar) holding META-INF/MANIFEST.MF with `manifest` (its lines
/// "Name: value", each ended by "\n"). Throws std::runtime_error when libarchive fails.
std::string manifest_jar(std::string_view manifest);

}  // namespace sg
