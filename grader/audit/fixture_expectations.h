// Fixture expectations: the outcome each known submission of a spec must get, as a course states
// it in fixtures/<assignment>/expected.yaml (like a Kattis problem package's accepted and
// wrong_answer folders, but per criterion):
//
//   spec: specs/road-map-search.yaml      # relative to the folder that holds fixtures/
//   submissions:
//     correct: {score: 100}
//     buggy-bfs-lifo:
//       score: 80
//       lost: [bfs]                        # exactly the criteria it must lose
//       feedback: ["the path first differs at position 2"]   # words its feedback must hold
//
// Every folder beside expected.yaml is a submission and must be listed.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sg {

struct FixtureExpectation {
  std::string name;                   ///< The submission's folder name.
  std::filesystem::path folder;       ///< Its path.
  double score = 0.0;                 ///< Exactly this score (points).
  std::vector<std::string> lost;      ///< Exactly these criterion ids, sorted.
  std::vector<std::string> feedback;  ///< Substrings its feedback must contain.
  /// `budget_cpu_seconds`: graded with at most this submission budget (seconds of CPU), for a
  /// submission that never ends: it loses at this budget what it loses at the spec's own, which
  /// it would reach minutes later. nullopt: the spec's budget.
  std::optional<double> budget_cpu_seconds;
};

struct FixtureSet {
  std::filesystem::path expected_file;          ///< The expected.yaml read.
  std::filesystem::path spec;                   ///< The spec it names, resolved.
  std::vector<FixtureExpectation> submissions;  ///< In the file's order.
  std::vector<std::string> unlisted;            ///< Folders beside it that it does not list.
};

/// Reads one expected.yaml; its `spec:` is relative to its own folder when the spec is there,
/// else to `root`. Throws SpecError at
/// the offending key (file:line:col) for a malformed file or a listed folder that is missing.
FixtureSet read_fixture_set(const std::filesystem::path& expected_file,
                            const std::filesystem::path& root);

/// The fixture set whose `spec:` is `spec`, among `fixtures_dir`/expected.yaml and
/// `fixtures_dir`/*/expected.yaml (`spec:` resolved against the expected.yaml's folder, or
/// fixtures_dir's parent), or nullopt when none names it.
std::optional<FixtureSet> find_fixture_set(const std::filesystem::path& spec,
                                           const std::filesystem::path& fixtures_dir);

/// Where a spec's fixtures are looked for by default, in order: `fixtures/` beside the spec's
/// folder (specs/x.yaml -> fixtures/: this repository, the course template), `fixtures/` inside
/// it, and the spec's folder itself (spec, submissions and expected.yaml side by side).
std::vector<std::filesystem::path> default_fixtures_dirs(const std::filesystem::path& spec);

}  // namespace sg
