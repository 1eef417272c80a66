// The site configuration file: defaults, every key, and errors that name file:line:col.
#include "cli/site_config_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "model/assignment.h"
#include "runner/site_config.h"

namespace sg {
namespace {
// Named too: a unity build of the tests compiles this file with others (cmake/Testing.cmake).
namespace site_config_file_test {

namespace fs = std::filesystem;

class SiteConfigFile : public ::testing::Test {
 protected:
  fs::path write(const std::string& text) {
    // One file per test: CTest runs tests of this binary in parallel.
    const fs::path path =
        fs::path(::testing::TempDir()) /
        (std::string("searchgrader-site-") +
         ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml");
    std::ofstream(path) << text;
    return path;
  }
};

TEST_F(SiteConfigFile, EmptyFileKeepsTheBuiltInDefaults) {
  const SiteConfig config = read_site_config(write(""));
  const SiteConfig defaults;
  EXPECT_EQ(config.first_box_uid, defaults.first_box_uid);
  EXPECT_EQ(config.box_slots, defaults.box_slots);
  EXPECT_TRUE(config.allow_full && config.allow_degraded && config.allow_minimal);
  EXPECT_TRUE(config.cgroup_favordynmods);
  EXPECT_NE(config.source.find("searchgrader-site-"), std::string::npos);
}

TEST_F(SiteConfigFile, ReadsEveryKey) {
  const SiteConfig config =
      read_site_config(write("instance: staging_2\n"
                             "box_uids: {first: 70000, slots: 8}\n"
                             "cgroup:\n"
                             "  parent: /judging/searchgrader\n"
                             "  favordynmods: false\n"
                             "  favordynmods_mount: /run/sg-fdm\n"
                             "isolation: {allowed_tiers: [full]}\n"));
  EXPECT_EQ(config.instance, "staging_2");
  EXPECT_EQ(config.first_box_uid, 70000u);
  EXPECT_EQ(config.box_slots, 8u);
  EXPECT_EQ(config.cgroup_parent, "/judging/searchgrader");
  EXPECT_FALSE(config.cgroup_favordynmods);
  EXPECT_EQ(config.favordynmods_mount, "/run/sg-fdm");
  EXPECT_TRUE(config.allow_full);
  EXPECT_FALSE(config.allow_degraded);
  EXPECT_FALSE(config.allow_minimal);
}

TEST_F(SiteConfigFile, EveryProblemIsReportedWithItsPlace) {
  const fs::path path = write(
      "box_uids: {first: 0, slots: 32}\n"
      "cgroup: {parrent: /x}\n"
      "isolation: {allowed_tiers: [full, strict]}\n");
  try {
    read_site_config(path);
    FAIL() << "expected SpecErrors";
  } catch (const SpecErrors& e) {
    ASSERT_EQ(e.errors().size(), 3u) << e.what();
    EXPECT_EQ(e.errors()[0].where().line, 1);
    EXPECT_NE(e.errors()[0].message().find("box_uids.first between 1000"), std::string::npos);
    EXPECT_EQ(e.errors()[1].where().line, 2);
    EXPECT_NE(e.errors()[1].message().find("unknown key 'parrent'"), std::string::npos);
    EXPECT_EQ(e.errors()[2].where().line, 3);
    EXPECT_EQ(e.errors()[2].where().column, 35);
    EXPECT_NE(e.errors()[2].message().find("'strict'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find(path.string() + ":3:35"), std::string::npos);
  }
}

TEST_F(SiteConfigFile, RelativeCgroupParentIsRefused) {
  EXPECT_THROW(read_site_config(write("cgroup: {parent: searchgrader}\n")), SpecErrors);
  EXPECT_THROW(read_site_config(write("cgroup: {parent: /a/../b}\n")), SpecErrors);
}

// The instance goes into cgroup and folder names: nothing that could break a name or read as a pid.
TEST_F(SiteConfigFile, AnInstanceThatCannotNameAResourceIsRefused) {
  for (const std::string& bad :
       std::vector<std::string>{"\"\"", "a-b", "a.b", "../x", "a b", std::string(33, 'x')}) {
    try {
      read_site_config(write("instance: " + bad + "\n"));
      ADD_FAILURE() << "accepted instance " << bad;
    } catch (const SpecErrors& e) {
      ASSERT_EQ(e.errors().size(), 1u) << e.what();
      EXPECT_EQ(e.errors()[0].where().line, 1);
      EXPECT_NE(e.errors()[0].message().find("letters, digits or '_'"), std::string::npos)
          << e.what();
    }
  }
}

TEST_F(SiteConfigFile, NotYamlNamesThePlace) {
  try {
    read_site_config(write("box_uids: [first\n"));
    FAIL() << "expected SpecError";
  } catch (const SpecError& e) {
    EXPECT_GT(e.where().line, 0) << e.what();
  }
}

TEST_F(SiteConfigFile, AMissingExplicitFileIsAnError) {
  EXPECT_THROW(find_site_config(fs::path("/nonexistent/searchgrader.yaml")), SpecError);
}

TEST(SiteConfigInstall, RefusesAnEmptyOrWrappingUidRange) {
  SiteConfig zero_slots;
  zero_slots.box_slots = 0;
  EXPECT_THROW(install_site_config(zero_slots), std::invalid_argument);
  SiteConfig root_uid;
  root_uid.first_box_uid = 0;
  EXPECT_THROW(install_site_config(root_uid), std::invalid_argument);
  SiteConfig wrapping;
  wrapping.first_box_uid = static_cast<uid_t>(-10);
  wrapping.box_slots = 32;
  EXPECT_THROW(install_site_config(wrapping), std::invalid_argument);
}

TEST(SiteConfigInstall, TakesEffectUntilTheSandboxStarts) {
  SiteConfig config;
  config.first_box_uid = 1879050000;
  config.box_slots = 4;
  install_site_config(config);
  EXPECT_EQ(site_config().first_box_uid, 1879050000u);
  freeze_site_config();
  EXPECT_THROW(install_site_config(SiteConfig{}), std::logic_error);
  EXPECT_EQ(site_config().box_slots, 4u);
}

}  // namespace site_config_file_test
}  // namespace
}  // namespace sg
