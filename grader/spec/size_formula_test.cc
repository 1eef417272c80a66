#include "spec/size_formula.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace sg {
namespace {

using ::testing::HasSubstr;

const SourceLocation kWhere{"specs/8puzzle-algs4.yaml", 12, 5};

TEST(SizeFormula, ReadsTheCoursesBoundsAsWritten) {
  const SizeFormula board = SizeFormula::parse("4 n^2 + 32 n + 64", {"n"}, kWhere);
  EXPECT_DOUBLE_EQ(board({{"n", 2}}), 16 + 64 + 64);
  EXPECT_DOUBLE_EQ(board({{"n", 128}}), 4.0 * 128 * 128 + 32 * 128 + 64);
  EXPECT_EQ(board.text(), "4 n^2 + 32 n + 64");

  const SizeFormula solver =
      SizeFormula::parse("(moves + 1) * (4*n^2 + 96) + 2(n - 1)/2", {"n", "moves"}, kWhere);
  EXPECT_DOUBLE_EQ(solver({{"n", 3}, {"moves", 4}}), 5 * (36 + 96) + 2);
  EXPECT_DOUBLE_EQ(SizeFormula::parse("-2^2 + 2^3^2", {}, kWhere)({}), -4 + 512);
}

TEST(SizeFormula, ABadFormulaNamesItsPlaceAndWhatWasExpected) {
  try {
    SizeFormula::parse("4 m^2", {"n"}, kWhere);
    FAIL() << "an unknown name was accepted";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("specs/8puzzle-algs4.yaml:12:5"));
    EXPECT_THAT(error.what(), HasSubstr("unknown name `m`: it may use n"));
  }
  EXPECT_THROW(SizeFormula::parse("4 n +", {"n"}, kWhere), SpecError);
  EXPECT_THROW(SizeFormula::parse("(n + 1", {"n"}, kWhere), SpecError);
  try {
    SizeFormula::parse("4 n ! 2", {"n"}, kWhere);
    FAIL() << "a stray character was accepted";
  } catch (const SpecError& error) {
    EXPECT_THAT(error.what(), HasSubstr("`!` at character 5: expected +, -, *, /, ^ or the end"));
  }
}

}  // namespace
}  // namespace sg
