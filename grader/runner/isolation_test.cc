// Tests of the isolation tiers: the probe, and what each layer contains, with tiny inline
// programs. Tests that need root, namespaces or a cgroup skip with the reason.
#include "runner/isolation.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "runner/cgroup.h"
#include "runner/proc_stat.h"
#include "runner/uid_slots.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

bool has_tier(IsolationTier tier) {
  const auto& available = probe_isolation().available;
  return std::find(available.begin(), available.end(), tier) != available.end();
}

std::string notes() {
  std::string text;
  for (const auto& note : probe_isolation().notes) text += note + "; ";
  return text;
}

#define REQUIRE_TIER(tier) \
  if (!has_tier(tier)) GTEST_SKIP() << "tier " << to_string(tier) << " unavailable: " << notes()

Invocation shell(const std::string& script) {
  Invocation invocation;
  invocation.argv = {"/bin/sh", "-c", script};
  invocation.limits.cpu_seconds = 5;
  invocation.limits.wall_seconds = 10;
  return invocation;
}

class TierTest : public ::testing::TestWithParam<IsolationTier> {
 protected:
  void SetUp() override {
    if (!has_tier(GetParam())) {
      GTEST_SKIP() << "tier " << to_string(GetParam()) << " unavailable: " << notes();
    }
    runner_ = make_sandbox_runner(GetParam());
  }
  std::unique_ptr<Runner> runner_;
};

TEST(IsolationProbe, MinimalIsAlwaysAvailableAndBestIsTheLast) {
  const IsolationProbe& probe = probe_isolation();
  ASSERT_FALSE(probe.available.empty());
  EXPECT_EQ(probe.available.front(), IsolationTier::minimal);
  EXPECT_EQ(probe.best, probe.available.back());
  EXPECT_TRUE(std::is_sorted(probe.available.begin(), probe.available.end()));
  EXPECT_TRUE(probe.cgroup == "v1" || probe.cgroup == "v2" || probe.cgroup == "none");
  EXPECT_EQ(&probe, &probe_isolation());  // cached
}

TEST(IsolationProbe, TierNamesRoundTrip) {
  for (IsolationTier tier :
       {IsolationTier::minimal, IsolationTier::degraded, IsolationTier::full}) {
    EXPECT_EQ(isolation_tier_from_string(to_string(tier)), tier);
  }
  EXPECT_FALSE(isolation_tier_from_string("strong"));
  EXPECT_LT(IsolationTier::minimal, IsolationTier::degraded);
  EXPECT_LT(IsolationTier::degraded, IsolationTier::full);
}

TEST(IsolationProbe, RootHostsOfferABoxTier) {
  if (::geteuid() != 0) GTEST_SKIP() << "not root";
  EXPECT_GE(probe_isolation().best, IsolationTier::degraded) << notes();
  EXPECT_FALSE(box_uids().empty());
}

TEST_P(TierTest, TierStringStartsWithTheTierName) {
  const std::string tier = runner_->isolation_tier();
  EXPECT_EQ(tier.rfind(std::string(to_string(GetParam())), 0), 0u) << tier;
  const Observation observation = runner_->run(shell("echo hello"));
  EXPECT_EQ(observation.isolation_tier, tier);
  EXPECT_EQ(observation.termination, Termination::exited) << observation.detail;
  EXPECT_EQ(observation.stdout_stream.data, "hello\n");
}

INSTANTIATE_TEST_SUITE_P(Tiers, TierTest,
                         ::testing::Values(IsolationTier::minimal, IsolationTier::degraded,
                                           IsolationTier::full),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param));
                         });

}  // namespace
}  // namespace sg
