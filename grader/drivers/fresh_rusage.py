"""Runs a command as the child of this small process.

Linux keeps a process's resident-size high-water mark across execve(2), and a
forked process starts with its parent's resident size as that mark: a student's
program forked by the grader (itself hundreds of megabytes) would read the
grader's size in getrusage(RUSAGE_SELF).ru_maxrss. Forked from this process, the
command's mark starts from a few megabytes, as it does under a shell. Used where
a test judges what a program measured of its own memory
(grader/adapters/program_run.h, start_with_fresh_rusage).

The command's exit status is this process's; a command ended by a signal ends
this process by the same signal.
"""
import os
import signal
import sys


def main():
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(sys.argv[1], sys.argv[1:])
        except OSError as error:
            os.write(2, ('could not start %s: %s\n' % (sys.argv[1], error.strerror)).encode())
            os._exit(127)
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            break
        except InterruptedError:
            continue
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


main()
