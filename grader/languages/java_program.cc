#include "languages/java_program.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>

namespace sg {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Letters and digits, lower case: `sliding_puzzle.py` and `SlidingPuzzle` compare equal.
std::string simple_key(std::string_view name) {
  const std::size_t dot = name.find('.');
  if (dot != std::string_view::npos) name = name.substr(0, dot);
  std::string key;
  for (const char c : name)
    if (std::isalnum(static_cast<unsigned char>(c)) != 0)
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

// The package a source declares (its first `package x.y;` line), or "".
std::string declared_package(const std::string& text) {
  static const std::regex package_line(R"((?:^|\n)\s*package\s+([A-Za-z_][\w.]*)\s*;)");
  std::smatch match;
  return std::regex_search(text, match, package_line) ? match[1].str() : std::string();
}

bool declares_main(const std::string& text) {
  static const std::regex main_method(
      R"(\bstatic\s+(?:final\s+|public\s+|synchronized\s+)*void\s+main\s*\(\s*(?:final\s+)?String\b)"
      R"(|\bpublic\s+(?:final\s+)?static\s+void\s+main\s*\()");
  return std::regex_search(text, main_method);
}

}  // namespace

std::vector<std::string> java_sources(const fs::path& tree) {
  std::vector<std::string> sources;
  std::error_code error;
  if (!fs::is_directory(tree, error)) return sources;
  for (fs::recursive_directory_iterator
           it(tree, fs::directory_options::skip_permission_denied, error),
       end;
       it != end; it.increment(error)) {
    if (error) break;
    const std::string name = it->path().filename().string();
    if (it->is_directory(error)) {
      if (it.depth() >= 3 || name.starts_with('.') || name == "build" || name == "out" ||
          name == "bin" || name == "target" || name == "__MACOSX")
        it.disable_recursion_pending();
      continue;
    }
    if (it->path().extension() == ".java" && !name.starts_with("._"))
      sources.push_back(fs::relative(it->path(), tree, error).generic_string());
  }
  std::sort(sources.begin(), sources.end());
  return sources;
}

const std::vector<std::string>& jvm_options() {
  // The class space (1 GiB by default) and code cache are small, so that an address-space limit
  // leaves room for the heap. Class data sharing maps the JDK's archive of its own classes (some
  // 15 MB) when it can and starts without it when it cannot: it saves about a sixth of the CPU
  // of a JVM's start, as not keeping performance data in /tmp saves 3 % (docs/performance.md).
  // The JVM's own warnings (a thread it could not start) go to stderr, never into the output
  // the program is graded on.
  static const std::vector<std::string> options = {"-Xlog:disable",
                                                   "-Xlog:all=warning:stderr",
                                                   "-XX:+UseSerialGC",
                                                   "-XX:ActiveProcessorCount=1",
                                                   "-XX:MaxRAMPercentage=50",
                                                   "-Xshare:auto",
                                                   "-XX:-UsePerfData",
                                                   "-XX:CompressedClassSpaceSize=64m",
                                                   "-XX:ReservedCodeCacheSize=48m",
                                                   "-Dfile.encoding=UTF-8",
                                                   "-Dsun.stdout.encoding=UTF-8",
                                                   "-Dsun.stderr.encoding=UTF-8"};
  return options;
}

std::string java_class_path(const std::vector<fs::path>& support_files) {
  std::string path = ".";
  for (const fs::path& file : support_files)
    if (file.extension() == ".jar") path.append(":").append(file.filename().string());
  return path;
}

std::vector<std::string> javac_command(const std::string& class_path,
                                       const std::vector<std::string>& extra) {
  std::string appended;
  for (const std::string& source : extra)
    appended += fmt::format(" && echo '{}' >> .sg-java-sources", source);
  // javac's own JIT needs only C1: a compile of a few sources ends before C2's code would pay
  // back (2.7 s to 1.6 s of CPU for the 8-puzzle and the driver; the classes it writes are the
  // same). The submission's tests run with both compilers, as on the students' machines.
  std::string options = " -J-XX:TieredStopAtLevel=1";
  for (const std::string& option : jvm_options()) options += " -J" + option;
  // Sources under build/, out/, bin/ or hidden folders are an IDE's copies, not the program.
  return {"/bin/sh", "-c",
          fmt::format("find . -maxdepth 4 -name '*.java' ! -name '._*' ! -path '*/.*/*' "
                      "! -path './build/*' ! -path './out/*' ! -path './bin/*' "
                      "! -path './target/*' | LC_ALL=C sort > .sg-java-sources{} && "
                      "javac{} -encoding UTF-8 -nowarn -d . -cp '{}' @.sg-java-sources",
                      appended, options, class_path)};
}

std::optional<JavaMainClass> find_java_main(const fs::path& tree,
                                            const std::vector<std::string>& sources,
                                            const std::vector<std::string>& entry,
                                            std::string& problem) {
  std::vector<JavaMainClass> mains;
  for (const std::string& source : sources) {
    const std::string text = read_text(tree / source);
    if (!declares_main(text)) continue;
    const std::string package = declared_package(text);
    std::string package_dir = package;
    std::replace(package_dir.begin(), package_dir.end(), '.', '/');
    // The public class is named after its file; a file may also hold main in another class.
    std::vector<std::string> names = {fs::path(source).stem().string()};
    static const std::regex class_name(R"(\bclass\s+([A-Za-z_]\w*))");
    for (std::sregex_iterator it(text.begin(), text.end(), class_name), end; it != end; ++it)
      names.push_back((*it)[1].str());
    std::error_code error;
    for (const std::string& name : names) {
      if (!fs::is_regular_file(tree / package_dir / (name + ".class"), error)) continue;
      JavaMainClass main;
      main.name = package.empty() ? name : package + "." + name;
      main.source = source;
      if (!package.empty())
        main.note = fmt::format("{} declares `package {};`: ran its class as `{}`", source, package,
                                main.name);
      mains.push_back(std::move(main));
      break;
    }
  }
  if (mains.empty()) {
    problem = sources.empty() ? "no Java source to run"
                              : fmt::format(
                                    "none of your Java classes ({}) declares `public static "
                                    "void main(String[] args)`, so there is nothing to run",
                                    fmt::join(sources, ", "));
    return std::nullopt;
  }
  if (mains.size() == 1) return mains.front();
  for (const std::string& candidate : entry) {
    const std::string key = simple_key(candidate);
    for (const JavaMainClass& main : mains) {
      const std::string simple = main.name.substr(main.name.rfind('.') + 1);
      if (simple_key(simple) == key) return main;
    }
  }
  std::vector<std::string> names;
  for (const JavaMainClass& main : mains) names.push_back(main.name);
  problem = fmt::format(
      "several of your classes declare main ({}), and none is named after the program the "
      "assignment asks for ({}): name the class to run accordingly",
      fmt::join(names, ", "), fmt::join(entry, " or "));
  return std::nullopt;
}

std::vector<std::string> java_run_command(const std::string& class_path,
                                          const std::string& main_class) {
  std::vector<std::string> argv = {"java"};
  argv.insert(argv.end(), jvm_options().begin(), jvm_options().end());
  argv.insert(argv.end(), {"-cp", class_path, main_class});
  return argv;
}

}  // namespace sg
