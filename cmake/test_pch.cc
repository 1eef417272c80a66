// The object the tests' precompiled header is built with (cmake/Testing.cmake).
