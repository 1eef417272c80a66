#include "languages/interpreter_compat.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sg {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// The restoring module, run as a program finds it (PYTHONPATH), in a folder of its own: Python
// 3.11 has no time.clock; with the module it has it again, as 3.6 had it, and says it was used.
TEST(InterpreterCompat, TheRestoringModuleGivesBackWhatTheSpecNames) {
  Invocation invocation;
  add_course_python({"3.6", {"time.clock", "collections.Mapping"}}, invocation);
  ASSERT_EQ(invocation.written_files.size(), 1u);
  EXPECT_EQ(invocation.environment.at("PYTHONPATH"), kCompatFolder);
  EXPECT_THAT(invocation.output_files, ElementsAre(kCompatUsedFile));
  char pattern[] = "/tmp/sg-compat-test-XXXXXX";
  ASSERT_NE(::mkdtemp(pattern), nullptr);
  const fs::path root = pattern;
  const fs::path module = root / invocation.written_files[0].destination;
  fs::create_directories(module.parent_path());
  std::ofstream(module) << invocation.written_files[0].content;
  const std::string command = "cd " + root.string() + " && PYTHONPATH=" + kCompatFolder +
                              " python3 -c 'import time, collections; from time import clock; "
                              "print(time.clock() >= 0, collections.Mapping is "
                              "__import__(\"collections.abc\").abc.Mapping)'";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char line[256] = {};
  const bool read = std::fgets(line, sizeof line, pipe) != nullptr;
  ::pclose(pipe);
  ASSERT_TRUE(read);
  EXPECT_EQ(std::string(line), "True True\n");
  std::stringstream used;
  used << std::ifstream(root / kCompatUsedFile).rdbuf();
  EXPECT_EQ(used.str(), "time.clock\ncollections.Mapping\n");
  Observation observation;
  observation.output_files = {
      {kCompatUsedFile, OutputFile::Kind::regular, "", {used.str(), used.str().size(), false}}};
  EXPECT_THAT(course_python_notes({"3.6", {"time.clock"}}, observation, ""),
              ElementsAre(HasSubstr("the course graded on Python 3.6, and this run used what it "
                                    "had and this grader's Python removed: time.clock (removed in "
                                    "Python 3.8; here time.process_time)")));
  fs::remove_all(root);
}

TEST(InterpreterCompat, NothingIsAddedWithoutANameToRestore) {
  Invocation invocation;
  add_course_python({"3.6", {}}, invocation);
  EXPECT_THAT(invocation.written_files, IsEmpty());
  EXPECT_FALSE(invocation.environment.contains("PYTHONPATH"));
}

// Never a bare traceback: the removed name, the version that removed it, what replaces it.
TEST(InterpreterCompat, AFailureOnARemovedNameIsExplained) {
  const std::string traceback =
      "Traceback (most recent call last):\n  File \"driver.py\", line 9, in <module>\n"
      "AttributeError: module 'time' has no attribute 'clock'\n";
  EXPECT_THAT(course_python_notes({}, Observation{}, traceback),
              ElementsAre(HasSubstr("time.clock was removed in Python 3.8, and this grader's "
                                    "Python is newer. Use time.process_time instead")));
  EXPECT_THAT(course_python_notes({}, Observation{},
                                  "ImportError: cannot import name 'Mapping' from 'collections' "
                                  "(/usr/lib/python3.11/collections/__init__.py)"),
              ElementsAre(HasSubstr("collections.Mapping was removed in Python 3.10")));
  EXPECT_THAT(
      course_python_notes({}, Observation{}, "ModuleNotFoundError: No module named 'psutil'"),
      ElementsAre(HasSubstr("the module psutil is not installed where this is graded")));
  EXPECT_THAT(course_python_notes({}, Observation{},
                                  "AttributeError: module 'time' has no "
                                  "attribute 'tick'"),
              IsEmpty());
  EXPECT_THAT(course_python_notes({}, Observation{}, "EOFError: EOF when reading a line"),
              ElementsAre(HasSubstr("nobody types in a graded run")));
  EXPECT_EQ(find_removed_python_name("time.clock")->restored_as, "time.process_time");
  EXPECT_EQ(find_removed_python_name("time.time"), nullptr);
}

}  // namespace
}  // namespace sg
