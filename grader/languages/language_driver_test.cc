#include "languages/language_driver.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

namespace sg {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

Assignment assignment_in(const std::string& language, const std::string& module) {
  Assignment assignment;
  assignment.submission.language = language;
  assignment.submission.module = module;
  return assignment;
}

GradingContext context() { return {"/opt/drivers", "python3", {}, {}}; }

TEST(LanguageDriver, EachLanguageHasOneDriverAndAProgramNone) {
  EXPECT_EQ(language_driver("python")->name(), "python");
  EXPECT_EQ(language_driver("java")->name(), "java");
  EXPECT_EQ(language_driver("program"), nullptr);
  EXPECT_THROW(driver_for(assignment_in("program", "")), std::invalid_argument);
}

TEST(LanguageDriver, PythonRunsTheDriverInTheInterpreterAndForksTests) {
  const Assignment assignment = assignment_in("python", "torus_puzzle");
  const LanguageDriver& python = driver_for(assignment);
  const DriverProcess process = python.process(assignment, context(), Limits{}, nullptr);
  EXPECT_THAT(process.argv, ElementsAre("python3", "-I", "-B", ".searchgrader/python_driver.py"));
  ASSERT_EQ(process.files.size(), 1u);
  EXPECT_EQ(process.files[0].source, "/opt/drivers/python_driver.py");
  const std::optional<DriverProcess> server = python.server(assignment, context(), Limits{});
  ASSERT_TRUE(server);
  EXPECT_EQ(server->argv.back(), "--serve");
  EXPECT_FALSE(server->serves_in_process);  // it forks each test
  EXPECT_FALSE(python.build(assignment, context()));
  EXPECT_EQ(python.module_file(assignment), "torus_puzzle.py");
}

TEST(LanguageDriver, JavaCompilesTheDriverWithTheSubmissionAndSizesTheHeapFromTheTest) {
  Assignment assignment = assignment_in("java", "Board");
  assignment.submission.support_files = {"/course/algs4.jar", "/course/In.java"};
  const LanguageDriver& java = driver_for(assignment);

  const std::optional<DriverBuild> build = java.build(assignment, context());
  ASSERT_TRUE(build);
  EXPECT_THAT(build->argv.back(), HasSubstr("echo '.searchgrader/JavaDriver.java'"));
  EXPECT_THAT(build->argv.back(), HasSubstr("echo '.searchgrader/MeasuringAgent.java'"));
  EXPECT_THAT(build->argv.back(),
              HasSubstr("-cp '.:algs4.jar:.searchgrader/gson.jar:.searchgrader/asm.jar'"));
  EXPECT_THAT(build->argv.back(), HasSubstr("echo '.searchgrader/TestClassLoader.java'"));
  ASSERT_EQ(build->files.size(), 6u);
  EXPECT_EQ(build->files[0].source, "/opt/drivers/JavaDriver.java");
  EXPECT_EQ(build->files[1].destination, ".searchgrader/gson.jar");
  EXPECT_EQ(build->files[2].destination, ".searchgrader/asm.jar");
  EXPECT_EQ(build->files[3].source, "/opt/drivers/MeasuringAgent.java");
  // The agent's jar names its class and nothing more: a zip whose one entry is the manifest.
  ASSERT_EQ(build->written.size(), 1u);
  EXPECT_EQ(build->written[0].destination, ".searchgrader/agent.jar");
  EXPECT_EQ(build->written[0].content.substr(0, 2), "PK");
  EXPECT_THAT(build->written[0].content, HasSubstr("META-INF/MANIFEST.MF"));
  EXPECT_THAT(build->written[0].content, HasSubstr("Premain-Class: searchgrader.MeasuringAgent"));

  Limits limits;
  limits.memory_bytes = 1024ull << 20;
  const nlohmann::json measuring = {
      {{"op", "new"}, {"class", "Board"}, {"args", {{{1, 2}, {3, 0}}}}, {"bind", "board"}},
      {{"op", "call"},
       {"function", "searchgrader.MeasuringAgent.deepSize"},
       {"args", {{{"$ref", "board"}}}}}};
  // The agent only for a test that calls it (it costs every JVM a start of its own).
  EXPECT_THAT(java.process(assignment, context(), limits, {measuring[0]}).argv,
              Not(Contains("-javaagent:.searchgrader/agent.jar")));
  const DriverProcess process = java.process(assignment, context(), limits, measuring);
  EXPECT_EQ(process.argv.front(), "java");
  EXPECT_THAT(process.argv, Contains("-Xmx512m"));
  EXPECT_THAT(process.argv, Contains(".:algs4.jar:.searchgrader/gson.jar:.searchgrader/asm.jar"));
  EXPECT_THAT(process.argv, Contains("-javaagent:.searchgrader/agent.jar"));
  EXPECT_EQ(process.argv.back(), "searchgrader.JavaDriver");
  EXPECT_TRUE(process.files.empty());  // compiled into the built tree every test starts from
  // A JVM serves the tests one after another, in process; its heap from the server's limits,
  // the agent always there.
  limits.memory_bytes = 2048ull << 20;
  const std::optional<DriverProcess> server = java.server(assignment, context(), limits);
  ASSERT_TRUE(server);
  EXPECT_TRUE(server->serves_in_process);
  EXPECT_THAT(server->argv, Contains("-Xmx1024m"));
  EXPECT_THAT(server->argv, Contains("-javaagent:.searchgrader/agent.jar"));
  ASSERT_GE(server->argv.size(), 2u);
  EXPECT_EQ(server->argv[server->argv.size() - 2], "searchgrader.JavaDriver");
  EXPECT_EQ(server->argv.back(), "--serve");
  EXPECT_EQ(java.module_file(assignment), "Board.java");
}

TEST(LanguageDriver, AMissingDriverIsAToolProblemThatSaysWhereToSetIt) {
  const GradingContext nowhere{"/nonexistent", "python3", {}, {}};
  for (const char* language : {"python", "java"}) {
    const std::vector<std::string> problems = language_driver(language)->tool_problems(nowhere);
    EXPECT_TRUE(std::any_of(problems.begin(), problems.end(), [](const std::string& problem) {
      return problem.find("--driver-dir") != std::string::npos;
    })) << language;
  }
}

}  // namespace
}  // namespace sg
