#include "notation/line_template.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace sg {
namespace {

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

}  // namespace
}  // namespace sg
