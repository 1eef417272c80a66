#include "runner/box_runner.h"

#include <mutex>
#include <utility>
#include <vector>

namespace sg {
namespace {

class BoxRunner final : public Runner {
 public:
  BoxRunner(BoxOptions options, std::unique_ptr<Runner> one_shot)
      : options_(std::move(options)), one_shot_(std::move(one_shot)) {}

  Observation run(const Invocation& invocation) override {
    if (!Box::can_run(invocation)) return one_shot_->run(invocation);
    std::unique_ptr<Box> box = take();
    if (!box) return one_shot_->run(invocation);
    Observation observation = box->run(invocation);
    if (box->reusable()) give_back(std::move(box));
    return observation;
  }

  std::unique_ptr<ForkSession> start_session(const Invocation& launch,
                                             const Limits& start_limits) override {
    if (!Box::can_run(launch)) return one_shot_->start_session(launch, start_limits);
    std::unique_ptr<Box> box = take();
    if (!box) return one_shot_->start_session(launch, start_limits);
    return Box::start_session(
        std::move(box), [this](std::unique_ptr<Box> done) { give_back(std::move(done)); }, launch,
        start_limits);
  }

  std::string isolation_tier() const override { return one_shot_->isolation_tier(); }

 private:
  // A free box, or a new one; null when one cannot be made.
  std::unique_ptr<Box> take() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (!free_.empty()) {
        std::unique_ptr<Box> box = std::move(free_.back());
        free_.pop_back();
        return box;
      }
    }
    try {
      return std::make_unique<Box>(options_);
    } catch (const std::exception&) {
      return nullptr;
    }
  }

  void give_back(std::unique_ptr<Box> box) {
    const std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(std::move(box));
  }

  BoxOptions options_;
  std::unique_ptr<Runner> one_shot_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Box>> free_;
};

}  // namespace

std::unique_ptr<Runner> make_box_runner(BoxOptions options, std::unique_ptr<Runner> one_shot) {
  return std::make_unique<BoxRunner>(std::move(options), std::move(one_shot));
}

}  // namespace sg
