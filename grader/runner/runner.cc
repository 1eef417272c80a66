#include "runner/runner.h"

namespace sg {

Runner::~Runner() = default;

}  // namespace sg
