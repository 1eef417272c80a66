// Fuzz target: any bytes given to the spec loader and the kinds' validation (what `validate`
// runs) end in an Assignment or in SpecErrors, never in a crash, a hang or another exception.
// Built with libFuzzer by scripts/fuzz.sh (clang); replayed over the kept corpus by CTest
// (spec_fuzz_replay, under the test build's sanitizers).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "kinds/kind_registry.h"
#include "spec/spec_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const sg::KindRegistry kinds = sg::KindRegistry::with_builtin_kinds();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<sg::SpecError> errors;
  const sg::Assignment assignment = sg::read_spec_from_string(text, "fuzz.yaml", errors);
  if (errors.empty()) kinds.check(assignment, errors);
  return 0;
}
