// Java: the submission, the driver (grader/drivers/JavaDriver.java) and the measuring agent
// (MeasuringAgent.java, CallCounter.java) are compiled together by javac once, in the sandbox,
// with Gson, ASM and the course's jars on the class path. The tests are then served by one JVM
// (`--serve`: each test in a class loader and a thread group of its own, one after another, as
// the JVM cannot fork; a test that exhausts the heap or stack, leaves threads running or reaches
// a limit ends it, and the next test starts another), its heap half the largest memory limit,
// the measuring agent started with it. Where tests are not served, each runs in a JVM of its own.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "languages/java_program.h"
#include "languages/language_driver.h"
#include "languages/manifest_jar.h"
#include "languages/tool_lookup.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

constexpr const char* kJavaDriverFile = "JavaDriver.java";
constexpr const char* kStagedJavaDriver = ".searchgrader/JavaDriver.java";
constexpr const char* kStagedGson = ".searchgrader/gson.jar";
constexpr const char* kDriverClass = "searchgrader.JavaDriver";
// The driver's other sources (the measuring agent, its call counter and a served test's class
// loader), ASM (loaded only by a test that counts calls) and the jar that names the agent to the
// JVM.
constexpr const char* kDriverSources[] = {"MeasuringAgent.java", "CallCounter.java",
                                          "TestClassLoader.java"};
constexpr const char* kStagedAsm = ".searchgrader/asm.jar";
constexpr const char* kStagedAgentJar = ".searchgrader/agent.jar";
constexpr const char* kAgentClass = "searchgrader.MeasuringAgent.";

// Debian's Gson (libgoogle-gson-java), the driver's JSON library.
fs::path gson_jar() {
  if (const char* path = std::getenv("SEARCHGRADER_GSON"); path != nullptr && *path != '\0')
    return path;
  return "/usr/share/java/gson.jar";
}

// Debian's ASM (libasm-java), with which the agent counts calls.
fs::path asm_jar() {
  if (const char* path = std::getenv("SEARCHGRADER_ASM"); path != nullptr && *path != '\0')
    return path;
  return "/usr/share/java/asm.jar";
}

std::string class_path(const Assignment& assignment) {
  std::vector<fs::path> names;
  for (const auto& file : assignment.submission.support_files) names.push_back(file.filename());
  return java_class_path(names) + ":" + kStagedGson + ":" + kStagedAsm;
}

// Whether a step calls the measuring agent (MeasuringAgent.java's static methods).
bool calls_agent(const nlohmann::json& steps) {
  if (!steps.is_array()) return false;
  for (const auto& step : steps)
    if (step.is_object() && step.value("op", "") == "call" &&
        step.value("function", "").starts_with(kAgentClass))
      return true;
  return false;
}

class JavaLanguage final : public LanguageDriver {
 public:
  std::string_view name() const override { return "java"; }

  DriverProcess process(const Assignment& assignment, const GradingContext&, const Limits& limits,
                        const nlohmann::json& steps) const override {
    return {jvm(assignment, limits, calls_agent(steps)), {}};
  }

  std::optional<DriverProcess> server(const Assignment& assignment, const GradingContext&,
                                      const Limits& limits) const override {
    // The agent costs a JVM about 10 ms of CPU: a server starts with it once for every test.
    DriverProcess process{jvm(assignment, limits, true), {}, /*serves_in_process=*/true};
    // Each test runs in a thread of its own, and glibc gives threads malloc arenas of 64 MiB of
    // address space each: under an address-space limit (the minimal tier) a JVM serving many
    // tests ran out of it. Two arenas hold the JVM's few threads.
    process.environment["MALLOC_ARENA_MAX"] = "2";
    process.argv.push_back("--serve");
    return process;
  }

  // The driver's JVM: heap from the memory limit, the agent when `agent`.
  static std::vector<std::string> jvm(const Assignment& assignment, const Limits& limits,
                                      bool agent) {
    std::vector<std::string> argv = {"java"};
    argv.insert(argv.end(), jvm_options().begin(), jvm_options().end());
    // The heap from the test's memory limit: a JVM that sees no cgroup limit would size it from
    // the host's memory.
    const std::uint64_t heap_mib = std::max<std::uint64_t>(limits.memory_bytes / 2 >> 20, 64);
    argv.push_back(fmt::format("-Xmx{}m", heap_mib));
    argv.push_back("-Djava.security.manager=allow");  // the driver turns System.exit into an error
    // The agent costs a JVM about 10 ms: a JVM per test starts it only for a test that calls it.
    if (agent) argv.push_back(std::string("-javaagent:") + kStagedAgentJar);
    argv.insert(argv.end(), {"-cp", class_path(assignment), kDriverClass});
    return argv;
  }

  std::optional<DriverBuild> build(const Assignment& assignment,
                                   const GradingContext& context) const override {
    DriverBuild build;
    std::vector<std::string> staged_sources = {kStagedJavaDriver};
    build.files = {{context.driver_dir / kJavaDriverFile, kStagedJavaDriver},
                   {gson_jar(), kStagedGson},
                   {asm_jar(), kStagedAsm}};
    for (const char* source : kDriverSources) {
      staged_sources.push_back(std::string(".searchgrader/") + source);
      build.files.push_back({context.driver_dir / source, staged_sources.back()});
    }
    build.argv = javac_command(class_path(assignment), staged_sources);
    build.written = {{kStagedAgentJar, manifest_jar("Manifest-Version: 1.0\n"
                                                    "Premain-Class: searchgrader.MeasuringAgent\n"
                                                    "Can-Retransform-Classes: true\n")}};
    build.shown = "javac *.java";
    return build;
  }

  std::string module_file(const Assignment& assignment) const override {
    return assignment.submission.module + ".java";
  }

  std::vector<std::string> tool_problems(const GradingContext& context) const override {
    std::vector<std::string> problems;
    for (const char* tool : {"java", "javac"})
      if (!runnable(tool))
        problems.push_back(fmt::format(
            "`{}` is not installed: Java submissions need the JDK (scripts/setup.sh installs "
            "openjdk-17-jdk-headless)",
            tool));
    std::error_code error;
    if (!fs::is_regular_file(gson_jar(), error))
      problems.push_back(
          fmt::format("the Java driver's JSON library {} is missing (scripts/setup.sh installs "
                      "libgoogle-gson-java; SEARCHGRADER_GSON names another copy)",
                      gson_jar().string()));
    if (!fs::is_regular_file(asm_jar(), error))
      problems.push_back(
          fmt::format("the Java agent's bytecode library {} is missing (scripts/setup.sh installs "
                      "libasm-java; SEARCHGRADER_ASM names another copy)",
                      asm_jar().string()));
    std::vector<const char*> sources = {kJavaDriverFile};
    sources.insert(sources.end(), std::begin(kDriverSources), std::end(kDriverSources));
    for (const char* source : sources)
      if (context.driver_dir.empty() || !fs::is_regular_file(context.driver_dir / source, error))
        problems.push_back(
            fmt::format("the Java driver's {} is missing (set its folder with --driver-dir or "
                        "SEARCHGRADER_DRIVER_DIR)",
                        (context.driver_dir / source).string()));
    return problems;
  }
};

}  // namespace

const LanguageDriver& java_language() {
  static const JavaLanguage language;
  return language;
}

}  // namespace sg
