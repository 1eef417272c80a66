// A bound a spec writes as arithmetic over named quantities, e.g. a Board's memory
// "4 n^2 + 32 n + 64" (bytes, n the board's dimension) or a Solver's
// "(moves + 1) * (4 n^2 + 96) + 512": numbers, variables, + - * / ^, parentheses, and a number
// or group written before a variable or group multiplies it ("32 n", "2(n + 1)").
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/assignment.h"

namespace sg {

class SizeFormula {
 public:
  /// Parses `text` over `variables` (the only names it may use). Throws SpecError at `where`
  /// naming the character and what was expected there ("unknown name `m`: the formula may use
  /// n, moves").
  static SizeFormula parse(const std::string& text, const std::vector<std::string>& variables,
                           const SourceLocation& where);

  /// The value for `values` (every variable the formula uses must be given; throws
  /// std::out_of_range otherwise).
  double operator()(const std::map<std::string, double>& values) const;

  /// As the spec wrote it.
  const std::string& text() const { return text_; }

  struct Node;

 private:
  std::string text_;
  std::shared_ptr<const Node> root_;
};

}  // namespace sg
