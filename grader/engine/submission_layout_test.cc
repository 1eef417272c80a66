// inspect_submission in single-file mode (SubmissionInterface::accept): a notebook or .py file of
// any name, given directly or inside a folder, staged under the module's name.
#include "engine/submission_layout.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace submission_layout_test {

namespace fs = std::filesystem;

class AcceptLayoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sg-layout-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    interface_.module = "a2_submission";
    interface_.accept = {".ipynb", ".py"};
    interface_.definitions_only = true;
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path touch(const std::string& name) {
    const fs::path path = dir_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << "{}";
    return path;
  }

  fs::path dir_;
  SubmissionInterface interface_;
};

TEST_F(AcceptLayoutTest, ASingleFileOfAnyNameIsStagedUnderTheModule) {
  const SubmissionLayout layout = inspect_submission(touch("Darcy-A2.ipynb"), interface_);
  EXPECT_TRUE(layout.missing.empty());
  ASSERT_EQ(layout.renamed.size(), 1u);
  EXPECT_EQ(layout.renamed[0].destination, "a2_submission.ipynb");
  EXPECT_NE(layout.notes.at(0).find("`Darcy-A2.ipynb`"), std::string::npos);
}

TEST_F(AcceptLayoutTest, InAFolderTheNotebookWinsOverHelperScripts) {
  touch("hw/A2grader.py");
  touch("hw/Smith A2.ipynb");
  touch("hw/.ipynb_checkpoints/Smith A2-checkpoint.ipynb");
  const SubmissionLayout layout = inspect_submission(dir_, interface_);
  EXPECT_TRUE(layout.missing.empty()) << layout.missing_feedback;
  ASSERT_EQ(layout.renamed.size(), 1u);
  EXPECT_EQ(layout.renamed[0].source.filename(), "Smith A2.ipynb");
  EXPECT_EQ(layout.root, dir_);
}

TEST_F(AcceptLayoutTest, TwoNotebooksOrNoneAreExplained) {
  touch("a.ipynb");
  touch("b.ipynb");
  const SubmissionLayout two = inspect_submission(dir_, interface_);
  ASSERT_FALSE(two.missing.empty());
  EXPECT_NE(two.missing_feedback.find("2 .ipynb files (a.ipynb, b.ipynb)"), std::string::npos)
      << two.missing_feedback;
  const SubmissionLayout none = inspect_submission(touch("notes.txt"), interface_);
  ASSERT_FALSE(none.missing.empty());
  EXPECT_NE(none.missing_feedback.find("no .ipynb or .py file"), std::string::npos)
      << none.missing_feedback;
}

TEST_F(AcceptLayoutTest, AProgramWrappedInAFolderIsFound) {
  SubmissionInterface program;
  program.language = "program";
  program.entry = {"sliding_puzzle.py", "sliding_puzzle"};
  touch("hw1/__MACOSX/sliding_puzzle.py");
  touch("hw1/src/Makefile");
  touch("hw1/README.txt");
  SubmissionLayout layout = inspect_submission(dir_, program);
  EXPECT_EQ(layout.root, dir_ / "hw1" / "src");
  ASSERT_EQ(layout.notes.size(), 1u);
  EXPECT_NE(layout.notes[0].find("hw1/src"), std::string::npos);
  // A program at the top level is graded where it is, even with folders beside it.
  touch("sliding_puzzle.py");
  layout = inspect_submission(dir_, program);
  EXPECT_EQ(layout.root, dir_);
  EXPECT_TRUE(layout.notes.empty());
}

}  // namespace submission_layout_test
}  // namespace
}  // namespace sg
