#include "languages/interpreter_compat.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>

namespace sg {
namespace {

// The restoring module: each restored name answered by its module's __getattr__ (PEP 562), so
// `time.clock()` and `from time import clock` both find it, and the first use of each is
// written to the used-names file for the report's note.
std::string restore_code(const std::vector<std::string>& names) {
  std::map<std::string, std::vector<std::string>> by_module;
  for (const std::string& name : names) {
    const RemovedPythonName* removed = find_removed_python_name(name);
    if (removed == nullptr) continue;
    const std::size_t dot = removed->name.rfind('.');
    const std::size_t target_dot = removed->restored_as.rfind('.');
    by_module[removed->name.substr(0, dot)].push_back(fmt::format(
        "'{}': ('{}', '{}')", removed->name.substr(dot + 1),
        removed->restored_as.substr(0, target_dot), removed->restored_as.substr(target_dot + 1)));
  }
  std::string table;
  for (const auto& [module, entries] : by_module)
    table += fmt::format("    '{}': {{{}}},\n", module, fmt::join(entries, ", "));
  return fmt::format(
      R"py(# Written by SearchGrader: names the course's Python had that this one removed, restored as
# the spec asks (submission.python.restore). Not the student's code.
import os as _os

_USED = _os.path.abspath('{used}')
_RESTORED = {{
{table}}}
_marked = set()


def _mark(name):
    if name in _marked:
        return
    _marked.add(name)
    try:
        with open(_USED, 'a') as used:
            used.write(name + '\n')
    except OSError:
        pass


def _install():
    import importlib
    for module_name, names in _RESTORED.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        previous = module.__dict__.get('__getattr__')

        def __getattr__(name, _module=module_name, _names=names, _previous=previous):
            if name in _names:
                target_module, target = _names[name]
                _mark(_module + '.' + name)
                return getattr(importlib.import_module(target_module), target)
            if _previous is not None:
                return _previous(name)
            raise AttributeError('module %r has no attribute %r' % (_module, name))

        module.__getattr__ = __getattr__


_install()
)py",
      fmt::arg("used", kCompatUsedFile), fmt::arg("table", table));
}

}  // namespace

const std::vector<RemovedPythonName>& removed_python_names() {
  static const std::vector<RemovedPythonName> names = [] {
    std::vector<RemovedPythonName> all = {
        {"time.clock", "3.8", "time.process_time"},
        {"fractions.gcd", "3.9", "math.gcd"},
        {"base64.encodestring", "3.9", "base64.encodebytes"},
        {"base64.decodestring", "3.9", "base64.decodebytes"},
    };
    // The abstract classes collections re-exported until 3.10.
    for (const char* name :
         {"Mapping", "MutableMapping", "Sequence", "MutableSequence", "Set", "MutableSet",
          "Iterable", "Iterator", "Callable", "Hashable", "Sized", "Container", "Generator"})
      all.push_back(
          {fmt::format("collections.{}", name), "3.10", fmt::format("collections.abc.{}", name)});
    return all;
  }();
  return names;
}

const RemovedPythonName* find_removed_python_name(std::string_view name) {
  for (const RemovedPythonName& removed : removed_python_names())
    if (removed.name == name) return &removed;
  return nullptr;
}

void add_course_python(const CourseInterpreter& interpreter, Invocation& invocation) {
  if (interpreter.restore.empty()) return;
  invocation.written_files.push_back(
      {std::string(kCompatFolder) + "/sitecustomize.py", restore_code(interpreter.restore)});
  invocation.environment["PYTHONPATH"] = kCompatFolder;
  invocation.output_files.push_back(kCompatUsedFile);
}

std::vector<std::string> course_python_notes(const CourseInterpreter& interpreter,
                                             const Observation& observation,
                                             std::string_view text) {
  std::vector<std::string> notes;
  const std::string version =
      interpreter.version.empty() ? "the course's Python" : "Python " + interpreter.version;
  for (const OutputFile& file : observation.output_files) {
    if (file.path != kCompatUsedFile || file.kind != OutputFile::Kind::regular) continue;
    std::vector<std::string> used;
    std::size_t start = 0;
    const std::string& content = file.content.data;
    while (start < content.size()) {
      const std::size_t end = std::min(content.find('\n', start), content.size());
      const RemovedPythonName* removed =
          find_removed_python_name(std::string_view(content).substr(start, end - start));
      if (removed != nullptr)
        used.push_back(fmt::format("{} (removed in Python {}; here {})", removed->name,
                                   removed->removed_in, removed->restored_as));
      start = end + 1;
    }
    if (!used.empty())
      notes.push_back(fmt::format(
          "the course graded on {}, and this run used what it had and this grader's Python "
          "removed: {}. Restored as the course had it, as the spec asks; not charged",
          version, fmt::join(used, ", ")));
  }
  // "AttributeError: module 'time' has no attribute 'clock'" or "ImportError: cannot import
  // name 'Mapping' from 'collections' (...)".
  static const std::regex failure(
      R"(module '([A-Za-z_][\w.]*)' has no attribute '(\w+)'|cannot import name '(\w+)' from '([A-Za-z_][\w.]*)')");
  const std::string searched(text);
  for (auto it = std::sregex_iterator(searched.begin(), searched.end(), failure);
       it != std::sregex_iterator(); ++it) {
    const std::smatch& match = *it;
    const std::string name = match[1].matched ? match[1].str() + "." + match[2].str()
                                              : match[4].str() + "." + match[3].str();
    const RemovedPythonName* removed = find_removed_python_name(name);
    if (removed == nullptr) continue;
    if (std::find(interpreter.restore.begin(), interpreter.restore.end(), name) !=
        interpreter.restore.end())
      continue;
    const std::string note = fmt::format(
        "{} was removed in Python {}, and this grader's Python is newer{}. Use {} instead (it "
        "is what {} was); a course that graded on an older Python restores it with "
        "`submission.python: {{restore: [{}]}}` in its spec",
        removed->name, removed->removed_in,
        interpreter.version.empty() ? "" : " than the course's " + interpreter.version,
        removed->restored_as, removed->name, removed->name);
    if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
  }
  // "ModuleNotFoundError: No module named 'psutil'": a package the course's machine may have had.
  static const std::regex missing_module(R"(No module named '([A-Za-z_][\w.]*)')");
  std::smatch module;
  if (std::regex_search(searched, module, missing_module)) {
    const std::string name = module[1].str();
    notes.push_back(fmt::format(
        "the module {} is not installed where this is graded: a program here may import Python's "
        "standard library (and numpy){}",
        name,
        name == "psutil" ? "; its memory is resource.getrusage(resource.RUSAGE_SELF).ru_maxrss "
                           "(kilobytes on Linux), from the standard library"
                         : ""));
  }
  // input() in a graded run: nobody types, and the call reads the end of its input.
  if (searched.find("EOFError: EOF when reading a line") != std::string::npos)
    notes.push_back(
        "the program called input(), and nobody types in a graded run: the call read the end of "
        "its input (EOFError). Leave out the pause at the end (\"Press Enter\")");
  return notes;
}

}  // namespace sg
