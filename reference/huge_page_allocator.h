// An allocator for large lookup tables read at random (pattern databases): blocks aligned to
// 2 MiB and marked for transparent huge pages, so a lookup costs one cache miss instead of a
// cache miss and a page-table walk (Linux's default THP mode, "madvise", backs only such
// marked memory with huge pages). A hint: where the kernel refuses, the memory works as usual.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace sg::ref {

template <typename T>
class HugePageAllocator {
 public:
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>& /*other*/) noexcept {}

  /// Throws std::bad_alloc when the memory is not there.
  T* allocate(std::size_t count) {
    const std::size_t bytes = count * sizeof(T);
    if (bytes < kHugePage) {
      if (void* small = std::malloc(bytes == 0 ? 1 : bytes)) return static_cast<T*>(small);
      throw std::bad_alloc();
    }
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, rounded);
    if (memory == nullptr) throw std::bad_alloc();
    ::madvise(memory, rounded, MADV_HUGEPAGE);
    return static_cast<T*>(memory);
  }
  void deallocate(T* memory, std::size_t /*count*/) noexcept { std::free(memory); }

  template <typename U>
  bool operator==(const HugePageAllocator<U>& /*other*/) const noexcept {
    return true;
  }
};

}  // namespace sg::ref
