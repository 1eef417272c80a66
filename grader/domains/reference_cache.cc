#include "domains/reference_cache.h"

#include <future>
#include <map>
#include <mutex>

namespace sg::detail {

namespace {

std::mutex& cache_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, std::shared_future<std::shared_ptr<const std::any>>>& cache() {
  static std::map<std::string, std::shared_future<std::shared_ptr<const std::any>>> entries;
  return entries;
}

}  // namespace

std::shared_ptr<const std::any> cached(const std::string& key,
                                       const std::function<std::any()>& compute) {
  std::promise<std::shared_ptr<const std::any>> promise;
  std::shared_future<std::shared_ptr<const std::any>> future;
  bool mine = false;
  {
    const std::lock_guard lock(cache_mutex());
    auto& entries = cache();
    const auto found = entries.find(key);
    if (found != entries.end()) {
      future = found->second;
    } else {
      future = promise.get_future().share();
      entries.emplace(key, future);
      mine = true;
    }
  }
  if (mine) {
    try {
      promise.set_value(std::make_shared<const std::any>(compute()));
    } catch (...) {
      promise.set_exception(std::current_exception());
      const std::lock_guard lock(cache_mutex());
      cache().erase(key);  // the next caller tries again
    }
  }
  return future.get();
}

}  // namespace sg::detail
