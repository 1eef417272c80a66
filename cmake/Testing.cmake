# sg_add_test(NAME SOURCES a_test.cc ... LIBS lib ... [TEST_FILTER filter] [PROPERTIES prop value
# ...]): one GoogleTest executable, each TEST registered with CTest by discovery (PROPERTIES are
# added to each test; TEST_FILTER, a --gtest_filter, registers only some: sg_discover_tests
# registers others with other PROPERTIES).
# Tests run from the source tree so fixtures/ and specs/ resolve the same way for everyone.
# Each test takes one of the machine's cores (RESOURCE_GROUPS ${SG_TEST_USES_A_CORE}) unless its
# PROPERTIES name other RESOURCE_GROUPS: scripts/test.sh gives CTest one slot per core and a lane
# for the hostile cases, which mostly wait for their wall-clock limit.
# The headers every test includes, compiled once (a precompiled header) and reused by each test
# executable: GoogleTest and GoogleMock, fmt, nlohmann-json, yaml-cpp and the standard library
# take most of a test file's compile time.
if(SG_BUILD_TESTS AND NOT TARGET sg_test_pch)
  add_library(sg_test_pch OBJECT ${CMAKE_CURRENT_LIST_DIR}/test_pch.cc)
  set_target_properties(sg_test_pch PROPERTIES UNITY_BUILD OFF)
  target_link_libraries(sg_test_pch PRIVATE GTest::gtest GTest::gmock fmt::fmt yaml-cpp
                                            nlohmann_json::nlohmann_json sg_warnings)
  target_precompile_headers(sg_test_pch PRIVATE
    <gmock/gmock.h> <gtest/gtest.h> <fmt/format.h> <nlohmann/json.hpp> <yaml-cpp/yaml.h>
    <algorithm> <filesystem> <fstream> <map> <memory> <optional> <set> <sstream> <string>
    <string_view> <vector>)
endif()

set(SG_TEST_USES_A_CORE "cpus:1")

# For the PROPERTIES of a test executable whose tests start box-uid processes that may outlive
# their parent for a while (a setsid escapee, a grader killed with SIGKILL, a fork server killed
# under its test): adopted by pid 1 until their runner or the next grader's sweep kills them, they
# would be counted by the hostile suite's post-conditions as a hostile case's orphans. Such
# executables take the hostile suite's lock, so none runs beside a hostile case.
set(SG_TEST_ORPHANS_BOX_PROCESSES RESOURCE_LOCK hostile_host_state)

# The test executables that load specs in their own process add this source: it installs the
# sandboxed rules oracle (domains/rules_world.h) as searchgrader's main does.
set(SG_TEST_RULES_ORACLE ${CMAKE_CURRENT_LIST_DIR}/test_rules_oracle.cc)

function(sg_add_test name)
  cmake_parse_arguments(ARG "" "TEST_FILTER" "SOURCES;LIBS;PROPERTIES" ${ARGN})
  if(NOT SG_BUILD_TESTS)
    return()
  endif()
  add_executable(${name} ${ARG_SOURCES})
  # Unity builds of the tests too, 8 files a unit: a test file's own code compiles in a fraction
  # of what each unit costs anyway (the sanitizers instrument every header function it uses), so
  # the tests compile in about a quarter of the time. Each test file keeps its helpers in a
  # namespace named after it, so that they never meet another file's.
  set_target_properties(${name} PROPERTIES UNITY_BUILD ${SG_UNITY_BUILD} UNITY_BUILD_BATCH_SIZE 8)
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gmock GTest::gtest_main
                                        fmt::fmt yaml-cpp nlohmann_json::nlohmann_json sg_warnings)
  target_precompile_headers(${name} REUSE_FROM sg_test_pch)
  target_compile_definitions(${name} PRIVATE SG_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                             SG_BINARY_DIR="${PROJECT_BINARY_DIR}")
  sg_discover_tests(${name} TEST_FILTER "${ARG_TEST_FILTER}" PROPERTIES ${ARG_PROPERTIES})
endfunction()

# sg_discover_tests(NAME [TEST_FILTER filter] [PROPERTIES prop value ...]): registers the tests of
# sg_add_test's executable NAME that match the --gtest_filter (all without one) with CTest, each
# with PROPERTIES. Called again on the same executable with another filter, it gives those tests
# other properties (fixtures/CMakeLists.txt: the torus fixtures' runs are a fixture of their own).
function(sg_discover_tests name)
  cmake_parse_arguments(ARG "" "TEST_FILTER" "PROPERTIES" ${ARGN})
  if(NOT SG_BUILD_TESTS)
    return()
  endif()
  # NO_PRETTY_VALUES: a parameterised test is named by its generated name alone, without
  # "  # GetParam() = ..." (spaces, and pointers that change from build to build), so CTest can
  # read its recorded cost back and start the slowest tests first.
  set(resources RESOURCE_GROUPS ${SG_TEST_USES_A_CORE})
  if("RESOURCE_GROUPS" IN_LIST ARG_PROPERTIES)
    set(resources)
  endif()
  set(filter)
  if(ARG_TEST_FILTER)
    set(filter TEST_FILTER "${ARG_TEST_FILTER}")
  endif()
  gtest_discover_tests(${name} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR} DISCOVERY_TIMEOUT 60
                       DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES ${filter}
                       PROPERTIES TIMEOUT 900 ${resources} ${ARG_PROPERTIES})
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
