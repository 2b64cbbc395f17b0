// Whether this test binary is built with AddressSanitizer or ThreadSanitizer: such builds
// reserve terabytes of address space for their shadow memory, so a test that runs the engine
// under `ulimit -v` must leave the limit out (or skip) there.
#pragma once

// GCC says so with __SANITIZE_*__, clang (before 16) only through __has_feature.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CHUHE_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define CHUHE_TEST_SANITIZED 1
#endif
#endif

namespace chuhe::test {

#ifdef CHUHE_TEST_SANITIZED
constexpr bool SANITIZED = true;
#else
constexpr bool SANITIZED = false;
#endif

}  // namespace chuhe::test
