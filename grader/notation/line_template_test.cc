#include "notation/line_template.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace line_template_test {

const std::vector<std::string> kFields = {"state", "h", "g", "max_frontier"};

TEST(LineTemplateTest, ReadsTheFieldsOfAMatchingLineWhateverItsSpacing) {
  const LineTemplate line("{state} h={h} moves: {g}", kFields);
  const auto fields = line.match("  [1, 2, 0, 4]   h=3  moves:\t2 ");
  ASSERT_TRUE(fields);
  EXPECT_EQ(fields->at("state"), "[1, 2, 0, 4]");
  EXPECT_EQ(fields->at("h"), "3");
  EXPECT_EQ(fields->at("g"), "2");
  EXPECT_FALSE(line.match("[1, 2, 0, 4] h=3"));
  EXPECT_FALSE(line.match("[1, 2, 0, 4] h=3 moves: 2 extra"));
  EXPECT_EQ(line.fields(), (std::vector<std::string>{"state", "h", "g"}));
}

// What students print with commas (`print(state, "h=", h)`) and other spacings reads as the
// template; a space between two words stays one.
TEST(LineTemplateTest, SpacesAroundTheFixedTextAreAnyRunOrNone) {
  const LineTemplate line("{state} h={h} moves: {g}", kFields);
  for (const char* printed :
       {"[1, 2, 0, 4] h= 3 moves: 2", "[1, 2, 0, 4] h = 3 moves: 2", "[1, 2, 0, 4] h =3 moves:2",
        "[1, 2, 0, 4]h=3moves:2", "[1, 2, 0, 4]  h=3  moves:  2", "[1, 2, 0, 4] h=3 moves :2"}) {
    const auto fields = line.match(printed);
    ASSERT_TRUE(fields) << printed;
    EXPECT_EQ(fields->at("state"), "[1, 2, 0, 4]") << printed;
    EXPECT_EQ(fields->at("h"), "3") << printed;
    EXPECT_EQ(fields->at("g"), "2") << printed;
  }
  const LineTemplate last("Max queue length: {max_frontier}", kFields);
  EXPECT_TRUE(last.match("Max queue length:46"));
  EXPECT_TRUE(last.match("Max  queue length :  46"));
  EXPECT_FALSE(last.match("Maxqueue length: 46")) << "a space between two words stays a space";
  const LineTemplate succ("{state} h={h}", kFields);
  EXPECT_TRUE(succ.match("[1, 0, 3, 4, 2, 5, 6, 7, 8] h= 5"));
}

TEST(LineTemplateTest, AnExactLayoutReadsSpacesOnlyWhereTheTemplateHasThem) {
  const LineTemplate line("{state} h={h} moves: {g}", kFields, LineLayout::exact);
  EXPECT_EQ(line.layout(), LineLayout::exact);
  EXPECT_TRUE(line.match("[1, 2, 0, 4] h=3 moves: 2"));
  EXPECT_TRUE(line.match("[1, 2, 0, 4]   h=3  moves:\t2")) << "a space is any run";
  EXPECT_FALSE(line.match("[1, 2, 0, 4] h= 3 moves: 2"));
  EXPECT_FALSE(line.match("[1, 2, 0, 4] h=3 moves:2"));
  const auto read = line.read("[1, 2, 0, 4] h= 3 moves:2");
  ASSERT_TRUE(read) << "read for its figures, though out of layout";
  EXPECT_EQ(read->at("h"), "3");
}

// `read` is for a line out of format: ':' and '=' stand for each other, commas may part the
// fixed text; a debugging line does not read at all.
TEST(LineTemplateTest, ReadTakesALineWhoseLayoutIsWrongButNotADebugPrint) {
  const LineTemplate line("{state} h={h} moves: {g}", kFields);
  for (const char* printed : {"[1, 2, 0, 4] h = 6, moves=0", "[1, 2, 0, 4] h: 6 moves=0",
                              "[1, 2, 0, 4], h=6; moves: 0"}) {
    EXPECT_FALSE(line.match(printed)) << printed;
    const auto fields = line.read(printed);
    ASSERT_TRUE(fields) << printed;
    EXPECT_EQ(fields->at("state"), "[1, 2, 0, 4]") << printed;
    EXPECT_EQ(fields->at("h"), "6") << printed;
    EXPECT_EQ(fields->at("g"), "0") << printed;
  }
  EXPECT_FALSE(line.read("[{'state': [1, 2, 0, 4], 'h': 0, 'g': 1, 'f': 1}]"));
  EXPECT_FALSE(line.read("print_succ started"));
}

TEST(LineTemplateTest, LiteralsWithRegexCharactersMatchThemselves) {
  const LineTemplate line("({state}) [h={h}]", kFields);
  EXPECT_TRUE(line.match("(Arad) [h=366]"));
  EXPECT_FALSE(line.match("Arad h=366"));
}

TEST(LineTemplateTest, RendersTheValuesBackIntoTheTemplate) {
  const LineTemplate line("Max queue length: {max_frontier}", kFields);
  EXPECT_EQ(line.render({{"max_frontier", "46"}}), "Max queue length: 46");
  EXPECT_EQ(line.render({}), "Max queue length: ?");
  EXPECT_TRUE(line.has("max_frontier"));
  EXPECT_FALSE(line.has("h"));
}

TEST(LineTemplateTest, AFieldsLabelIsTheTextBeforeIt) {
  const LineTemplate last("Max queue length: {max_frontier}", {"max_frontier"});
  EXPECT_EQ(last.label_of("max_frontier"), "Max queue length");
  const LineTemplate path("{state} h={h} moves: {g}", {"state", "h", "g"});
  EXPECT_EQ(path.label_of("h"), "h");
  EXPECT_EQ(path.label_of("g"), "moves");
  EXPECT_EQ(path.label_of("state"), "state") << "nothing names it";
  EXPECT_EQ(path.label_of("f"), "f") << "not in the template";
}

TEST(LineTemplateTest, RefusesTemplatesThatCannotBeReadOneWay) {
  EXPECT_THROW(LineTemplate("{state}{h}", kFields), std::invalid_argument);
  EXPECT_THROW(LineTemplate("{state} {cost}", kFields), std::invalid_argument);
  EXPECT_THROW(LineTemplate("{state h={h}", kFields), std::invalid_argument);
  EXPECT_THROW(LineTemplate("no field", kFields), std::invalid_argument);
  try {
    LineTemplate("{stat}", kFields);
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_STREQ(error.what(), "unknown field {stat}: use state, h, g, max_frontier");
  }
}

TEST(LineTemplateTest, NumbersReadAndPrintAsPythonDoes) {
  EXPECT_EQ(number_text(140.0), "140");
  EXPECT_EQ(number_text(2.5), "2.5");
  EXPECT_EQ(field_number("140.0"), 140.0);
  EXPECT_EQ(field_number("-1"), -1.0);
  EXPECT_FALSE(field_number("12a"));
  EXPECT_FALSE(field_number(""));
}

}  // namespace line_template_test
}  // namespace
}  // namespace sg
