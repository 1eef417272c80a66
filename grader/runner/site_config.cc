#include "runner/site_config.h"

#include <atomic>
#include <limits>
#include <stdexcept>
#include <utility>

#include "runner/resource_names.h"

namespace sg {
namespace {

SiteConfig& current() {
  static SiteConfig config;
  return config;
}

std::atomic<bool> frozen{false};

}  // namespace

const SiteConfig& site_config() { return current(); }

void install_site_config(SiteConfig config) {
  if (frozen.load()) {
    throw std::logic_error("install_site_config: the sandbox already started with another one");
  }
  if (config.first_box_uid == 0) throw std::invalid_argument("the first box uid must not be 0");
  if (config.box_slots == 0) throw std::invalid_argument("there must be at least one box slot");
  if (!config.instance.empty() && !valid_instance_name(config.instance)) {
    throw std::invalid_argument("the site instance must be 1 to 32 letters, digits or '_'");
  }
  const auto last = static_cast<unsigned long long>(config.first_box_uid) + config.box_slots - 1;
  if (last >= std::numeric_limits<uid_t>::max()) {
    throw std::invalid_argument("the box uid range runs past the largest uid");
  }
  current() = std::move(config);
}

void freeze_site_config() { frozen.store(true); }

}  // namespace sg
