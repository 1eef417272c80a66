// A command-line program written in Java (`language: program`, `build: auto` or `javac`): the
// sources are compiled once with javac in the sandbox, the course's support jars on the class
// path, and the class that declares `main` is run with `java`. The JVM's options keep it inside
// every isolation tier: its heap is half the test's memory (the cgroup's limit where the JVM sees
// one, else half of RLIMIT_AS, which HotSpot sizes by itself), its fixed reservations are small
// enough for an address-space limit, and one GC thread and one processor keep its threads well
// inside the pids limit.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sg {

/// The `*.java` files of `tree` (relative paths, sorted; build output folders and hidden folders
/// skipped), at most four levels deep. Empty for a single file or a folder without Java.
std::vector<std::string> java_sources(const std::filesystem::path& tree);

/// The JVM options SearchGrader starts every student JVM with (java, and javac through -J).
const std::vector<std::string>& jvm_options();

/// The class path for a tree whose support files are `support_files` (names as staged in the
/// working directory): "." then every `.jar` among them, joined by ':'.
std::string java_class_path(const std::vector<std::filesystem::path>& support_files);

/// The build argv: every source of the working directory compiled into it by javac (-encoding
/// UTF-8, -d .), run through /bin/sh so the list of sources is found inside the box; `extra`
/// sources (the grader's own, in a hidden folder the search skips) compiled with them.
std::vector<std::string> javac_command(const std::string& class_path,
                                       const std::vector<std::string>& extra = {});

/// The class a compiled tree runs: a class that declares `static void main(String...)`.
struct JavaMainClass {
  std::string name;                 ///< Fully qualified, e.g. "eightpuzzle.Solver".
  std::string source;               ///< Its source file, relative to the tree.
  std::optional<std::string> note;  ///< Said in the report (e.g. the package it was found in).
};

/// Finds the class to run in a tree javac compiled (`sources` as java_sources found them). With
/// several classes declaring main, the one whose simple name matches an `entry` candidate
/// (letters and digits compared without case: `sliding_puzzle` names `SlidingPuzzle`) wins.
/// Returns nullopt with `problem` set when no class, or no single one, can be chosen; a class
/// whose .class file javac did not write is not a candidate.
std::optional<JavaMainClass> find_java_main(const std::filesystem::path& tree,
                                            const std::vector<std::string>& sources,
                                            const std::vector<std::string>& entry,
                                            std::string& problem);

/// The argv prefix that runs `main_class` from the tree: java, jvm_options(), -cp, the class.
std::vector<std::string> java_run_command(const std::string& class_path,
                                          const std::string& main_class);

}  // namespace sg
