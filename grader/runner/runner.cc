#include "runner/runner.h"

namespace sg {

Runner::~Runner() = default;

std::unique_ptr<ForkSession> Runner::start_session(const Invocation& /*launch*/,
                                                   const Limits& /*start_limits*/) {
  return nullptr;
}

}  // namespace sg
