#!/usr/bin/env python3
"""Fails when the build or the tests use a Debian package that scripts/setup.sh does not install.

A new machine has only what setup.sh installs (and what those packages depend on, and Debian's
essential and required packages). This maps every file the build used to the package that owns
it, and requires each such package to be in that set:
  - every system header the compiler read (the build's depfiles, *.d);
  - every shared library the built executables link to (ldd);
  - every file or program CMake found (CMakeCache.txt: compilers, package configs, libraries);
  - the programs the tests run (python3, chromium, cc, make, cmake, ...);
  - the Python modules the tests import (junitparser, numpy).

usage: check-build-deps.py BUILD_DIR [--omit PACKAGE]...
  --omit PACKAGE  pretend setup.sh does not list PACKAGE (to prove the check can fail)
Exit status: 0 all covered; 1 a package is used but not installed by setup.sh; 2 bad usage.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
DPKG_INFO = '/var/lib/dpkg/info'

# Programs the build and the tests run by name (fixtures build C/C++, the browser tests start
# chromium, the install test runs cmake, the driver tests run python3, Java fixtures javac and
# java).
PROGRAMS = ['cmake', 'ctest', 'make', 'c++', 'cc', 'g++', 'python3', 'pkg-config', 'chromium',
            'sh', 'bash', 'env', 'timeout', 'setsid', 'ldd', 'apt-cache', 'dpkg-query',
            # Java submissions: compiled and run in the sandbox
            'javac', 'java',
            # the Slurm cluster test (scripts/slurm-class-test.sh)
            'slurmctld', 'slurmd', 'munged', 'sbatch', 'squeue', 'sinfo', 'scontrol']
# Python modules the tests import from Debian's python3 (the JUnit consumer test reads the
# reports with junitparser; submissions may import numpy).
PYTHON_MODULES = ['junitparser', 'numpy']
# Files the grader reads at run time by path (the Java driver's JSON library, Gson, and the
# measuring agent's bytecode library, ASM).
RUNTIME_FILES = ['/usr/share/java/gson.jar', '/usr/share/java/asm.jar']


def setup_packages(omit):
    listed = subprocess.run([os.path.join(HERE, 'setup.sh'), '--list'], check=True,
                            capture_output=True, text=True).stdout.split()
    return [p for p in listed if p not in omit]


def installed_closure(roots):
    """The packages `roots` need on a new machine: themselves and their dependencies, recursively
    (apt-cache resolves virtual packages and alternatives), plus essential and required ones."""
    out = subprocess.run(
        ['apt-cache', 'depends', '--recurse', '--installed', '--no-recommends', '--no-suggests',
         '--no-conflicts', '--no-breaks', '--no-replaces', '--no-enhances'] + roots,
        check=True, capture_output=True, text=True).stdout
    closure = set()
    for line in out.splitlines():
        name = line.strip()
        if ':' in name and not line.startswith(' '):
            name = name.split(':')[0]
        elif ':' in name:
            name = name.split(':', 1)[1].strip()
        name = name.strip('<>').split(':')[0]
        if name:
            closure.add(name)
    base = subprocess.run(['dpkg-query', '-W', '-f', '${Package} ${Essential} ${Priority}\n'],
                          check=True, capture_output=True, text=True).stdout
    for line in base.splitlines():
        parts = line.split()
        if len(parts) >= 3 and (parts[1] == 'yes' or parts[2] == 'required'):
            closure.add(parts[0])
    return closure


def file_owners():
    """Path -> package, from dpkg's own file lists."""
    owners = {}
    for entry in os.listdir(DPKG_INFO):
        if not entry.endswith('.list'):
            continue
        package = entry[:-len('.list')].split(':')[0]
        with open(os.path.join(DPKG_INFO, entry), encoding='utf-8', errors='replace') as listing:
            for line in listing:
                owners.setdefault(line.rstrip('\n'), package)
    return owners


def owner_of(path, owners):
    """The package owning `path`, trying the merged-/usr spellings and the resolved path."""
    candidates = [path, os.path.realpath(path)]
    for candidate in list(candidates):
        if candidate.startswith('/usr/'):
            candidates.append(candidate[len('/usr'):])
        else:
            candidates.append('/usr' + candidate)
    for candidate in candidates:
        if candidate in owners:
            return owners[candidate]
    return None


def depfile_paths(build):
    paths = set()
    for root, _, files in os.walk(build):
        for name in files:
            if not name.endswith('.d'):
                continue
            with open(os.path.join(root, name), encoding='utf-8', errors='replace') as depfile:
                text = depfile.read().replace('\\\n', ' ')
            for token in re.split(r'(?<!\\)\s+', text):
                token = token.rstrip(':').replace('\\ ', ' ')
                if token.startswith('/'):
                    paths.add(token)
    return paths


def is_elf(path):
    try:
        with open(path, 'rb') as handle:
            return handle.read(4) == b'\x7fELF'
    except OSError:
        return False


def ninja_dep_paths(build):
    """Ninja reads the compiler's depfiles into its own log (.ninja_deps) and deletes them."""
    if not os.path.isfile(os.path.join(build, 'build.ninja')):
        return set()
    out = subprocess.run(['ninja', '-C', build, '-t', 'deps'], capture_output=True,
                         text=True).stdout
    return {line.strip() for line in out.splitlines()
            if line.startswith('    ') and line.strip().startswith('/')}


def linked_libraries(build):
    paths = set()
    for root, dirs, files in os.walk(build):
        dirs[:] = [d for d in dirs if d != 'share']   # links back into the sources
        for name in files:
            path = os.path.join(root, name)
            if not os.access(path, os.X_OK) or not is_elf(path):
                continue
            out = subprocess.run(['ldd', path], capture_output=True, text=True).stdout
            for match in re.finditer(r'(/\S+) \(0x', out):
                paths.add(match.group(1))
    return paths


def cmake_cache_paths(build):
    paths = set()
    with open(os.path.join(build, 'CMakeCache.txt'), encoding='utf-8') as cache:
        for line in cache:
            if line.startswith(('#', '//')) or '=' not in line:
                continue
            value = line.split('=', 1)[1].strip()
            for item in value.split(';'):
                if item.startswith('/') and os.path.exists(item):
                    paths.add(item)
    return paths


def program_paths():
    paths = set()
    for program in PROGRAMS:
        for directory in ('/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin'):
            path = os.path.join(directory, program)
            if os.path.exists(path):
                paths.add(path)
                break
        else:
            paths.add('missing-program:' + program)
    return paths


def runtime_file_paths():
    return {path if os.path.exists(path) else 'missing-file:' + path for path in RUNTIME_FILES}


def python_module_paths():
    paths = set()
    for module in PYTHON_MODULES:
        out = subprocess.run(['/usr/bin/python3', '-c', 'import %s; print(%s.__file__)'
                              % (module, module)], capture_output=True, text=True)
        paths.add(out.stdout.strip() if out.returncode == 0 and out.stdout.strip()
                  else 'missing-python-module:' + module)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('build')
    parser.add_argument('--omit', action='append', default=[])
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    if not os.path.isfile(os.path.join(build, 'CMakeCache.txt')):
        print('check-build-deps: %s is not a CMake build folder' % build, file=sys.stderr)
        return 2

    listed = setup_packages(set(args.omit))
    allowed = installed_closure(listed)
    owners = file_owners()
    used = {}          # package -> an example file
    unowned = set()
    sources = (depfile_paths(build) | ninja_dep_paths(build) | linked_libraries(build) | cmake_cache_paths(build) |
               program_paths() | python_module_paths() | runtime_file_paths())
    for path in sorted(sources):
        if path.startswith(('missing-program:', 'missing-python-module:', 'missing-file:')):
            unowned.add(path)
            continue
        resolved = os.path.realpath(path)
        if resolved.startswith((build + '/', SOURCE + '/', '/tmp/', '/proc/')) or path == build:
            continue
        if os.path.isdir(path):
            continue           # a folder CMake names (a prefix) is no dependency
        package = owner_of(path, owners)
        if package is None:
            unowned.add(path)
            continue
        used.setdefault(package, path)

    problems = ['the build uses %s (package %s), which scripts/setup.sh does not install: add %s '
                'to its lists' % (example, package, package)
                for package, example in sorted(used.items()) if package not in allowed]
    problems += ['the build uses %s, which no Debian package provides: install it through '
                 'scripts/setup.sh, or do not depend on it' % path
                 for path in sorted(unowned)]
    for problem in problems:
        print('check-build-deps: ' + problem, file=sys.stderr)
    print('check-build-deps: %d files from %d packages, all installed by scripts/setup.sh (%d '
          'listed, %d with their dependencies)' % (len(sources), len(used), len(listed),
                                                  len(allowed))
          if not problems else 'check-build-deps: %d problem(s)' % len(problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
