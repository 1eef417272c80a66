#include "batch/class_intake.h"

#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "batch/archive_extract.h"
#include "batch/canvas_filename.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace class_intake_test {

namespace fs = std::filesystem;

// Writes a zip holding `files` (path in the archive, content), with libarchive's writer.
void write_zip(const fs::path& zip, const std::vector<std::pair<std::string, std::string>>& files) {
  archive* writer = archive_write_new();
  ASSERT_EQ(archive_write_set_format_zip(writer), ARCHIVE_OK);
  ASSERT_EQ(archive_write_open_filename(writer, zip.c_str()), ARCHIVE_OK);
  for (const auto& [name, content] : files) {
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, name.c_str());
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_entry_set_perm(entry, 0644);
    archive_entry_set_size(entry, static_cast<la_int64_t>(content.size()));
    ASSERT_EQ(archive_write_header(writer, entry), ARCHIVE_OK);
    ASSERT_EQ(archive_write_data(writer, content.data(), content.size()),
              static_cast<la_ssize_t>(content.size()));
    archive_entry_free(entry);
  }
  archive_write_close(writer);
  archive_write_free(writer);
}

void write_file(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << content;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

class ClassIntakeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("sg-intake-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    options_.staging_dir = dir_ / "staging";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
  IntakeOptions options_;
};

TEST(CanvasFileName, ParsesOnTimeLateAndReuploadedFiles) {
  auto parsed = parse_canvas_file_name("smithjane_1234_5678_torus_puzzle.py");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->name, "smithjane");
  EXPECT_EQ(parsed->user_id, "1234");
  EXPECT_EQ(parsed->submission_id, "5678");
  EXPECT_EQ(parsed->original, "torus_puzzle.py");
  EXPECT_FALSE(parsed->late);

  parsed = parse_canvas_file_name("doejohn_LATE_99_100_torus_puzzle-1.py");
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(parsed->late);
  EXPECT_EQ(parsed->user_id, "99");
  EXPECT_EQ(parsed->original, "torus_puzzle.py");

  EXPECT_FALSE(parse_canvas_file_name("torus_puzzle.py"));
  EXPECT_FALSE(parse_canvas_file_name("alice"));
}

TEST_F(ClassIntakeTest, FoldersLayoutTakesFoldersAndSingleFiles) {
  const fs::path cls = dir_ / "class";
  write_file(cls / "alice" / "torus_puzzle.py", "print('a')\n");
  write_file(cls / "bob.py", "print('b')\n");
  write_file(cls / ".DS_Store", "junk");
  write_file(cls / "__MACOSX" / "x", "junk");
  const ClassIntake intake = read_class_input(cls, options_);
  EXPECT_EQ(intake.layout, ClassLayout::folders);
  ASSERT_EQ(intake.submissions.size(), 2u);
  EXPECT_EQ(intake.submissions[0].student_id, "alice");
  EXPECT_EQ(intake.submissions[0].path, cls / "alice");
  EXPECT_EQ(intake.submissions[1].student_id, "bob");
  EXPECT_EQ(intake.submissions[1].path, cls / "bob.py");
}

TEST_F(ClassIntakeTest, OutputFolderInsideTheInputIsNotAStudent) {
  const fs::path cls = dir_ / "class";
  write_file(cls / "alice" / "torus_puzzle.py", "");
  fs::create_directories(cls / "out");
  options_.exclude = {cls / "out"};
  const ClassIntake intake = read_class_input(cls, options_);
  ASSERT_EQ(intake.submissions.size(), 1u);
  EXPECT_EQ(intake.submissions[0].student_id, "alice");
}

TEST_F(ClassIntakeTest, CanvasZipIsGroupedByUserIdUnderOriginalNames) {
  const fs::path zip = dir_ / "submissions.zip";
  write_zip(zip, {{"smithjane_1234_5678_torus_puzzle.py", "jane\n"},
                  {"doejohn_LATE_99_100_torus_puzzle-1.py", "john\n"},
                  {"doejohn_LATE_99_100_PriorityQueue.py", "queue\n"}});
  const ClassIntake intake = read_class_input(zip, options_);
  EXPECT_EQ(intake.layout, ClassLayout::canvas);
  ASSERT_EQ(intake.submissions.size(), 2u);
  const ClassSubmission& john = intake.submissions[1];
  const ClassSubmission& jane = intake.submissions[0];
  EXPECT_EQ(jane.student_id, "1234");
  EXPECT_EQ(jane.student_name, "smithjane");
  EXPECT_FALSE(jane.late);
  EXPECT_EQ(read_file(jane.path / "torus_puzzle.py"), "jane\n");
  EXPECT_EQ(john.student_id, "99");
  EXPECT_TRUE(john.late);
  EXPECT_TRUE(john.source.ends_with(" [late]")) << john.source;
  EXPECT_EQ(read_file(john.path / "torus_puzzle.py"), "john\n");
  EXPECT_EQ(read_file(john.path / "PriorityQueue.py"), "queue\n");
  EXPECT_TRUE(fs::path(john.path).string().starts_with(options_.staging_dir.string()));
}

TEST_F(ClassIntakeTest, GradescopeExportGivesEachGroupMemberAnEntry) {
  const fs::path zip = dir_ / "export.zip";
  const std::string metadata = R"(---
submission_101:
  :submitters:
  - :name: Jane Smith
    :sid: '1234'
    :email: jane@uni.edu
  :created_at: 2026-11-01 10:00:00.000000000 -07:00
  :score: 0.0
submission_102:
  :submitters:
  - :name: John Doe
    :sid: '99'
    :email: john@uni.edu
  - :name: Ann Lee
    :sid: ''
    :email: ann@uni.edu
submission_103:
  :submitters:
  - :name: Gone Away
    :email: gone@uni.edu
)";
  write_zip(zip, {{"assignment_7_export/submission_metadata.yml", metadata},
                  {"assignment_7_export/submission_101/torus_puzzle.py", "jane\n"},
                  {"assignment_7_export/submission_102/torus_puzzle.py", "group\n"}});
  const ClassIntake intake = read_class_input(zip, options_);
  EXPECT_EQ(intake.layout, ClassLayout::gradescope);
  ASSERT_EQ(intake.submissions.size(), 3u);
  EXPECT_EQ(intake.submissions[0].student_id, "ann@uni.edu");
  EXPECT_EQ(intake.submissions[0].student_name, "Ann Lee");
  EXPECT_EQ(intake.submissions[1].student_id, "jane@uni.edu");
  EXPECT_EQ(intake.submissions[2].student_id, "john@uni.edu");
  EXPECT_EQ(intake.submissions[0].path, intake.submissions[2].path);
  EXPECT_EQ(read_file(intake.submissions[1].path / "torus_puzzle.py"), "jane\n");
  ASSERT_EQ(intake.warnings.size(), 1u);  // submission_103 has no folder
  EXPECT_NE(intake.warnings[0].find("submission_103"), std::string::npos);
}

TEST_F(ClassIntakeTest, BrokenGradescopeMetadataNamesTheFileAndLine) {
  const fs::path cls = dir_ / "export";
  write_file(cls / "submission_metadata.yml", "submission_1:\n  :submitters: [unclosed\n");
  fs::create_directories(cls / "submission_1");
  try {
    read_class_input(cls, options_);
    FAIL() << "accepted broken metadata";
  } catch (const ClassInputError& error) {
    EXPECT_NE(std::string(error.what()).find("submission_metadata.yml:"), std::string::npos)
        << error.what();
  }
}

TEST_F(ClassIntakeTest, HostileArchiveEntriesStayInsideTheStagingFolder) {
  const fs::path zip = dir_ / "hostile.zip";
  write_zip(zip, {{"../escaped.py", "bad\n"},
                  {"/etc/absolute.py", "bad\n"},
                  {"alice/torus_puzzle.py", "ok\n"}});
  const ExtractResult result = extract_archive(zip, dir_ / "unpacked");
  EXPECT_EQ(result.files, 1u);
  EXPECT_EQ(result.skipped.size(), 2u);
  EXPECT_FALSE(fs::exists(dir_ / "escaped.py"));
  EXPECT_TRUE(fs::exists(dir_ / "unpacked" / "alice" / "torus_puzzle.py"));

  ExtractLimits tiny;
  tiny.max_total_bytes = 2;
  EXPECT_THROW(extract_archive(zip, dir_ / "unpacked2", tiny), ArchiveError);
}

TEST_F(ClassIntakeTest, NotAnArchiveOrEmptyIsAClearError) {
  write_file(dir_ / "fake.zip", "not a zip at all");
  EXPECT_THROW(read_class_input(dir_ / "fake.zip", options_), ClassInputError);
  fs::create_directories(dir_ / "empty");
  EXPECT_THROW(read_class_input(dir_ / "empty", options_), ClassInputError);
  EXPECT_THROW(read_class_input(dir_ / "missing", options_), ClassInputError);
}

TEST_F(ClassIntakeTest, AStudentInTwoInputsIsRejected) {
  write_file(dir_ / "a" / "alice" / "torus_puzzle.py", "");
  write_file(dir_ / "b" / "alice.py", "");
  write_file(dir_ / "b" / "bob.py", "");
  try {
    read_class({dir_ / "a", dir_ / "b"}, options_);
    FAIL() << "accepted a duplicate student";
  } catch (const ClassInputError& error) {
    EXPECT_NE(std::string(error.what()).find("\"alice\" appears twice"), std::string::npos)
        << error.what();
  }
  write_file(dir_ / "c" / "carol.py", "");
  const auto all = read_class({dir_ / "a", dir_ / "c"}, options_);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].student_id, "carol");
}

}  // namespace class_intake_test
}  // namespace
}  // namespace sg
