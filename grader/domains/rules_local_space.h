// A local-search space a course writes as a Python rules file (`type: rules`, `is: local`): a
// class with `neighbors(state)` (the states one move away, in the rules' order) and
// `value(state)` (the objective). States are sequences of integers (a board, a tour, queens'
// rows), tuples in the rules. The rules are asked on demand, a state's neighbours and their
// values in two calls, and every answer is kept per spec and rules text, in memory and on disk
// (ask_rules), so a climb is asked once.
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "model/assignment.h"
#include "reference/local_search.h"

namespace sg {

/// True when a `type: rules` section describes a local-search space (`is: local`).
bool rules_section_is_local(const SpecSection& section);

/// A `type: rules`, `is: local` section as the reference's ref::LocalSpace. Neighbours and
/// values throw SpecError at `where` (the test) when the rules raise or answer something other
/// than sequences of integers and numbers. Every sequence of integers counts as a state (the
/// rules say nothing else of their states). States print as Python tuples: "(1, 2, 0)".
class RulesLocalSpace : public ref::LocalSpace {
 public:
  RulesLocalSpace(const SpecSection& section, std::string name, SourceLocation where);

  std::vector<ref::LocalState> neighbours(const ref::LocalState& state) const override;
  double value(const ref::LocalState& state) const override;
  bool is_state(const ref::LocalState&) const override { return true; }
  std::string why_not_state(const ref::LocalState&) const override { return ""; }
  std::string text(const ref::LocalState& state) const override;

 private:
  const SpecSection& section_;
  std::string name_;
  SourceLocation where_;
  mutable std::mutex mutex_;
  mutable std::map<ref::LocalState, double> values_;
};

}  // namespace sg
