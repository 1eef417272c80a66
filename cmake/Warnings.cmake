# sg_warnings: an interface target carrying the project's warning flags.
# Our own code builds clean with these; third-party headers come in as SYSTEM includes.
# SG_WERROR=ON (scripts/test.sh, hence CI) turns every warning into an error.
option(SG_WERROR "Treat compiler warnings as errors" OFF)
add_library(sg_warnings INTERFACE)
target_compile_options(sg_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                             $<$<BOOL:${SG_WERROR}>:-Werror>)
