// BoxRunner: the full tier's runner when boxes are kept between runs
// (ProcessRunnerOptions::reuse_boxes). Each run takes a clean box (box.h) from the runner's pool,
// or makes one when none is free, and gives it back only when the box is clean and checked after
// the run; otherwise the box is destroyed. So concurrent runs never share a box, a batch with
// --jobs N keeps at most N boxes, and the boxes go when the runner goes.
//
// What a box cannot take goes to the one-shot runner it wraps: a request too large for the box
// server, or any run when a box cannot be created (the one-shot run then reports what fails).
#pragma once

#include <memory>

#include "runner/box.h"
#include "runner/runner.h"

namespace sg {

/// A Runner over a pool of boxes made with `options`, falling back to `one_shot` (the same
/// tier without reuse). Thread-safe.
std::unique_ptr<Runner> make_box_runner(BoxOptions options, std::unique_ptr<Runner> one_shot);

}  // namespace sg
