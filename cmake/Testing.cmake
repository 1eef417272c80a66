# sg_add_test(NAME SOURCES a_test.cc ... LIBS lib ... [PROPERTIES prop value ...]): one GoogleTest
# executable, each TEST registered with CTest by discovery (PROPERTIES are added to each test).
# Tests run from the source tree so fixtures/ and specs/ resolve the same way for everyone.
function(sg_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;PROPERTIES" ${ARGN})
  if(NOT SG_BUILD_TESTS)
    return()
  endif()
  add_executable(${name} ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES UNITY_BUILD OFF)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gmock GTest::gtest_main
                                        sg_warnings)
  target_compile_definitions(${name} PRIVATE SG_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                             SG_BINARY_DIR="${PROJECT_BINARY_DIR}")
  gtest_discover_tests(${name} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR} DISCOVERY_TIMEOUT 60
                       DISCOVERY_MODE PRE_TEST
                       PROPERTIES TIMEOUT 900 ${ARG_PROPERTIES})
endfunction()

# sg_add_benchmark(NAME SOURCES ... LIBS ...): a Google Benchmark executable (not run by CTest;
# speed targets are measured, not asserted in unit tests).
function(sg_add_benchmark name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  if(NOT SG_BUILD_BENCHMARKS)
    return()
  endif()
  add_executable(${name} ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES UNITY_BUILD OFF)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} benchmark::benchmark benchmark::benchmark_main
                                        sg_warnings)
  target_compile_definitions(${name} PRIVATE SG_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endfunction()
