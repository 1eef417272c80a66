// For end-to-end tests of specs written in YAML alone: grade each submission an expected.yaml
// lists with the built searchgrader and check its score and lost criteria (GoogleTest
// expectations, one scoped trace per submission).
#pragma once

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli/command_test_util.h"

namespace sg::test_util {

/// Grades each submission `expected_file` lists (a folder beside it) under `spec`, expecting the
/// exit status 0, the score and exactly the lost criteria it states; returns how many were graded.
inline std::size_t grade_as_expected(const std::filesystem::path& spec,
                                     const std::filesystem::path& expected_file) {
  const YAML::Node expected = YAML::LoadFile(expected_file.string());
  std::size_t graded = 0;
  for (const auto& entry : expected["submissions"]) {
    const std::string name = entry.first.as<std::string>();
    SCOPED_TRACE(name);
    const auto result =
        run_shell(searchgrader() + " grade " + spec.string() + " " +
                      (expected_file.parent_path() / name).string() + " --format json",
                  false);
    EXPECT_EQ(result.exit_code, 0) << result.output;
    if (result.exit_code != 0) continue;
    const auto report = nlohmann::json::parse(result.output);
    EXPECT_DOUBLE_EQ(report["score"].get<double>(), entry.second["score"].as<double>());
    std::set<std::string> lost, want;
    for (const auto& criterion : report["criteria"])
      if (criterion["status"] != "passed") lost.insert(criterion["id"].get<std::string>());
    if (entry.second["lost"])
      for (const auto& id : entry.second["lost"]) want.insert(id.as<std::string>());
    EXPECT_EQ(lost, want);
    ++graded;
  }
  return graded;
}

}  // namespace sg::test_util
