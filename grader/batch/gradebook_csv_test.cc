#include "batch/gradebook_csv.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace gradebook_csv_test {

ClassEntry entry(const std::string& id, const std::string& name, double a, double b) {
  ClassEntry e;
  e.student_id = id;
  e.student_name = name;
  e.report.max_score = 30;
  e.report.score = a + b;
  e.report.criteria = {{"succ", "Successors", a, 10, CriterionStatus::passed, {}, ""},
                       {"solve", "Solve", b, 20, CriterionStatus::partial, {}, ""}};
  return e;
}

TEST(GradebookCsv, QuotesFieldsPerRfc4180) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("Smith, Jane"), "\"Smith, Jane\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(GradebookCsv, CellsThatASpreadsheetWouldRunAsFormulasAreInert) {
  EXPECT_EQ(csv_text("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
  EXPECT_EQ(csv_text("+1+1"), "'+1+1");
  EXPECT_EQ(csv_text("-2+3"), "'-2+3");
  EXPECT_EQ(csv_text("@SUM(A1:A2)"), "'@SUM(A1:A2)");
  EXPECT_EQ(csv_text("\tcmd"), "'\tcmd");
  EXPECT_EQ(csv_text("Ann-Marie"), "Ann-Marie");  // only a leading trigger matters
  const std::string csv = render_gradebook_csv({entry("=1+1", "@evil", 10, 7.5)});
  EXPECT_NE(csv.find("\r\n'=1+1,'@evil,17.5,30,"), std::string::npos) << csv;
}

TEST(GradebookCsv, OneRowPerStudentSortedWithCriterionColumns) {
  const std::string csv =
      render_gradebook_csv({entry("bob", "Bob", 10, 7.5), entry("alice", "Smith, Alice", 0, 20)});
  EXPECT_EQ(csv,
            "student_id,name,total,max,succ,solve\r\n"
            "alice,\"Smith, Alice\",20,30,0,20\r\n"
            "bob,Bob,17.5,30,10,7.5\r\n");
}

TEST(GradebookCsv, GraderErrorsAndManualCriteriaAreBlankNotZero) {
  ClassEntry broken = entry("carol", "", 10, 0);
  broken.report.has_grader_errors = true;
  broken.report.criteria[1].status = CriterionStatus::grader_error;
  ClassEntry manual = entry("dave", "", 10, 0);
  manual.report.criteria[1].status = CriterionStatus::pending_manual;
  const std::string csv = render_gradebook_csv({broken, manual});
  EXPECT_NE(csv.find("carol,,,30,10,\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("dave,,10,30,10,\r\n"), std::string::npos) << csv;
}

TEST(GradebookCsv, NumbersLoseFloatingPointNoise) {
  ClassEntry e = entry("x", "", 0.1, 0.2);
  const std::string csv = render_gradebook_csv({e});
  EXPECT_NE(csv.find("x,,0.3,30,0.1,0.2"), std::string::npos) << csv;
}

}  // namespace gradebook_csv_test
}  // namespace
}  // namespace sg
