"""A warm harness server that runs inside one long-lived bwrap sandbox.

Started once per sandbox slot; it imports the harness (and every module the
harness needs later), then answers requests on stdin, one at a time: a request
is a 10-digit length and that many bytes of harness payload; the answer is a
10-digit length, then the run's 3-digit exit code and the harness's protocol
text.

Every program runs in namespaces of its own. For each request the server forks
a supervisor, which enters a new user, mount, pid, IPC and UTS namespace, mounts
fresh size-capped tmpfs file systems on ``/tmp``, ``/dev/shm`` and ``/work``,
drops every capability, and then runs the harness's supervisor with a worker
that is the second process of the new pid namespace (its first is a small init
that reaps orphans). So a program:

* cannot name the server or its supervisor (they are outside its pid
  namespace): no signal, ``prlimit``, ``setpriority``, ``sched_setaffinity``,
  ``ptrace`` or pidfd reaches them;
* leaves nothing behind: its files, System V and POSIX IPC objects and
  processes belong to namespaces that the kernel destroys when the init exits
  (the supervisor kills it at the end of every run). Nothing is wiped, so no
  permission trick can defeat a wipe. Kernel keys outlive namespaces, so a
  seccomp filter refuses the key calls (:func:`seccomp_program`);
* finds no writable directory on ``sys.path``, and every module the harness
  uses is loaded before the fork.

The sandbox's root, ``/dev`` and ``/effdiv`` are read-only (bwrap remounts them),
so outside the per-program mounts nothing is writable at all.

After every run the server compares its own state (resource limits, priority,
affinity, scheduler, open descriptors, mount points, other processes) with its
state at start; on any difference it answers and then exits, and the provider
starts a fresh sandbox for the next program. A supervisor that overruns the
program's time budget or is stopped is killed (with its namespaces) and the
run is a harness error. The server makes itself non-dumpable. If namespaces
cannot be nested here, it exits before its first answer and the provider uses a
fresh sandbox per program instead.

Like ``_harness.py`` this file runs under the sandbox's own Python (3.8+) and
imports nothing from ``inspect_effdiv``.
"""

import os
import sys

#: Mount points that get a fresh tmpfs for every program.
SCRATCH = ("/tmp", "/dev/shm", "/work")
#: Size and inode cap of each scratch tmpfs (so at most 3 x 64 MiB per slot).
SCRATCH_BYTES = 64 * 1024 * 1024
SCRATCH_INODES = 16384
#: Seconds a supervisor may take beyond the program's own time budget.
GRACE = 3.0
#: Longest wait (s) between two looks at a running supervisor.
WATCH = 0.25

_CLONE_NEWNS = 0x00020000
_CLONE_NEWUTS = 0x04000000
_CLONE_NEWIPC = 0x08000000
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_MS_NOSUID = 2
_MS_NODEV = 4
_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_PR_CAP_AMBIENT = 47
_PR_CAP_AMBIENT_CLEAR_ALL = 4
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2


#: Per machine: the audit architecture and the numbers of add_key, request_key and
#: keyctl. Kernel keys are global objects: a program's keys stay listed in
#: /proc/keys for its uid until the kernel collects them, after its namespaces
#: are gone, so the next program could read what it named them. Programs never
#: need them: the calls fail with EPERM.
_KEY_CALLS = {
    "x86_64": (0xC000003E, (248, 249, 250)),
    "aarch64": (0xC00000B7, (217, 218, 219)),
}


def seccomp_program(machine=None):
    """A classic BPF seccomp filter (bytes) that refuses the key calls and every
    call of another architecture's ABI (x32 included), or None for a machine not
    listed in ``_KEY_CALLS``."""
    import struct

    arch, (add_key, request_key, keyctl) = _KEY_CALLS.get(
        machine or os.uname().machine, (0, (0, 0, 0))
    )
    if not arch:
        return None
    ld, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    allow, deny = 0x7FFF0000, 0x00050000 | 1  # SECCOMP_RET_ERRNO | EPERM
    program = [
        (ld, 0, 0, 4),  # seccomp_data.arch
        (jeq, 0, 6, arch),
        (ld, 0, 0, 0),  # seccomp_data.nr
        (jge, 4, 0, 0x40000000),  # x32 system calls
        (jeq, 3, 0, add_key),
        (jeq, 2, 0, request_key),
        (jeq, 1, 0, keyctl),
        (ret, 0, 0, allow),
        (ret, 0, 0, deny),
    ]
    return b"".join(struct.pack("=HBBI", *op) for op in program)


def _read_exactly(fd, n):
    chunks = []
    while n > 0:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def _write_all(fd, data):
    while data:
        n = os.write(fd, data)
        data = data[n:]


def _check(ctypes, result, what):
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, "%s: %s" % (what, os.strerror(errno)))


def make_isolation(ctypes, libc):
    """A function that moves the calling process into fresh namespaces, with
    fresh scratch mounts and no capabilities; the process's next child is then
    the init of a new pid namespace. Everything it needs is prepared here, once.
    """
    flags = _CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWPID | _CLONE_NEWIPC | _CLONE_NEWUTS
    uid, gid = os.getuid(), os.getgid()
    # the same uid inside as outside: never root, so exec grants no capability
    maps = (
        ("/proc/self/setgroups", b"deny"),
        ("/proc/self/uid_map", b"%d %d 1" % (uid, uid)),
        ("/proc/self/gid_map", b"%d %d 1" % (gid, gid)),
    )
    options = b"size=%d,nr_inodes=%d,mode=1777" % (SCRATCH_BYTES, SCRATCH_INODES)
    targets = [t.encode() for t in SCRATCH]

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [
            ("effective", ctypes.c_uint32),
            ("permitted", ctypes.c_uint32),
            ("inheritable", ctypes.c_uint32),
        ]

    header = Header(_LINUX_CAPABILITY_VERSION_3, 0)
    no_capabilities = (Data * 2)()
    filters = seccomp_program()

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]

    seccomp = Program(len(filters) // 8, filters) if filters else None

    def isolation():
        _check(ctypes, libc.unshare(flags), "unshare")
        # a non-dumpable process's /proc files belong to root: it cannot write
        # its own maps. Nothing but the server runs in the sandbox at this point.
        _check(ctypes, libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
        for path, text in maps:
            fd = os.open(path, os.O_WRONLY)
            try:
                os.write(fd, text)
            finally:
                os.close(fd)
        # non-dumpable again before any program code runs: the program (same
        # uid) must not open this process's memory through /proc
        _check(ctypes, libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
        for target in targets:
            result = libc.mount(b"tmpfs", target, b"tmpfs", _MS_NOSUID | _MS_NODEV, options)
            _check(ctypes, result, "mount %s" % target.decode())
        os.chdir("/work")
        libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
        _check(ctypes, libc.capset(ctypes.byref(header), no_capabilities), "capset")
        if seccomp is not None:
            _check(ctypes, libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(NO_NEW_PRIVS)")
            _check(
                ctypes,
                libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(seccomp), 0, 0),
                "prctl(PR_SET_SECCOMP)",
            )

    return isolation


def spawner(libc, describe_exit):
    """A ``spawn`` for the harness's ``supervise``: the worker becomes pid 2 of the
    new pid namespace, under a small init (pid 1) that reaps orphans and reports
    the worker's wait status on a pipe. Killing the init ends every process of
    the namespace; so does the supervisor's death (the init's parent-death
    signal)."""

    def spawn(start_worker):
        status_r, status_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(status_r)
                libc.prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0)
                worker = os.fork()
                if worker == 0:
                    os.close(status_w)
                    start_worker()
                # the init keeps no descriptor but its status pipe: the
                # supervisor sees the worker's pipes close when the worker exits
                os.closerange(0, status_w)
                os.closerange(status_w + 1, 1 << 16)
                while True:
                    done, status = os.waitpid(-1, 0)
                    if done == worker:
                        _write_all(status_w, b"%d" % status)
                        break
            finally:
                os._exit(0)
        os.close(status_w)
        reported = []

        def reap(block):
            if reported:
                return reported[0]
            try:
                done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
            except OSError:
                done, status = pid, None
            if done == 0:
                return None
            text = os.read(status_r, 32)
            os.close(status_r)
            if text.isdigit():
                reported.append(describe_exit(int(text)))
            elif status is None:
                reported.append("worker vanished")
            else:
                reported.append(describe_exit(status))
            return reported[0]

        return pid, reap

    return spawn


def _budget(payload):
    """Seconds the supervisor of ``payload`` may take, or None if unknown."""
    import marshal

    try:
        limits = marshal.loads(payload)[3]
        return float(limits["program_timeout"]) + float(limits["input_timeout"]) + GRACE
    except Exception:
        return None


def _stopped(pid):
    """Whether process ``pid`` is stopped (or traced)."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as fh:
            state = fh.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in (b"T", b"t")


def _collect(read_fd, pid, budget):
    """The supervisor's output, or an error line if it overran or was stopped."""
    import select
    import time

    deadline = None if budget is None else time.monotonic() + budget
    chunks = []
    while True:
        wait = WATCH if deadline is None else min(WATCH, deadline - time.monotonic())
        ready = select.select([read_fd], [], [], max(wait, 0))[0]
        if ready:
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                return b"".join(chunks), None
            chunks.append(chunk)
            continue
        if deadline is not None and time.monotonic() >= deadline:
            problem = "the supervisor overran the program's time budget"
        elif _stopped(pid):
            problem = "the supervisor was stopped"
        else:
            continue
        try:
            os.kill(pid, 9)  # its init gets the parent-death signal: the namespace ends
        except OSError:
            pass
        return b"", problem


def _kill_others(me):
    """SIGKILL every process of this pid namespace but init (1) and the server.

    Programs run in pid namespaces that end with their run, so normally there is
    nothing to kill; returns False when some process was found (or survives).
    """
    found = False
    for _ in range(20):
        others = [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, me)]
        if not others:
            return not found
        found = True
        for pid in others:
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
        except ChildProcessError:
            pass
    return False


def own_state():
    """What a program must never change about the server: its resource limits,
    priority, affinity, scheduler, open descriptors and the (read-only) mount
    points under the per-program mounts."""
    import resource

    names = sorted(n for n in dir(resource) if n.startswith("RLIMIT_"))
    state = [(n, resource.getrlimit(getattr(resource, n))) for n in names]
    state.append(("priority", os.getpriority(os.PRIO_PROCESS, 0)))
    state.append(("affinity", sorted(os.sched_getaffinity(0))))
    state.append(("scheduler", os.sched_getscheduler(0), os.sched_getparam(0).sched_priority))
    state.append(("descriptors", sorted(os.listdir("/proc/self/fd"))))
    state.append(("scratch", [sorted(os.listdir(p)) for p in SCRATCH]))
    return state


def _harness_error(detail):
    """The protocol text of a run that failed in the harness, not in the program."""
    return ("EFFDIV 1\nP harness_error %s\nE error\n" % detail).encode("utf-8")


def _run_one(payload, harness, spawn, isolation):
    """Fork a supervisor for one payload; return (exit code, output)."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_fd)
            # the supervisor keeps no handle on the server's request and answer pipes
            null = os.open("/dev/null", os.O_RDWR)
            os.dup2(null, 0)
            os.dup2(null, 1)
            os.close(null)
            os.setsid()
            try:
                isolation()
            except OSError as exc:
                # never run a program without its namespaces
                detail = "cannot isolate the program: " + harness.escape(str(exc))
                _write_all(write_fd, _harness_error(detail))
                os._exit(0)
            import marshal

            out = harness.supervise(marshal.loads(payload), spawn)
            _write_all(write_fd, out.encode("utf-8", "backslashreplace"))
        finally:
            os._exit(0)
    os.close(write_fd)
    output, problem = _collect(read_fd, pid, _budget(payload))
    os.close(read_fd)
    code = 0
    try:
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status):
            code = 128 + os.WTERMSIG(status)
        else:
            code = os.WEXITSTATUS(status)
    except ChildProcessError:
        pass
    if problem is not None:
        return 0, _harness_error(problem)
    return code, output


def serve(harness, isolation, spawn):
    me = os.getpid()
    start = own_state()
    while True:
        header = _read_exactly(0, 10)
        if header is None or not header.isdigit():
            return
        payload = _read_exactly(0, int(header))
        if payload is None:
            return
        code, output = _run_one(payload, harness, spawn, isolation)
        clean = _kill_others(me) and own_state() == start
        # the run's exit code (3 digits) and its output
        answer = b"%03d" % min(code, 255) + output
        _write_all(1, b"%010d" % len(answer) + answer)
        if not clean:
            os._exit(3)  # the provider starts a fresh sandbox for the next program


def _nesting_works(isolation):
    """Whether this sandbox can give a program namespaces of its own."""
    pid = os.fork()
    if pid == 0:
        try:
            isolation()
            child = os.fork()
            if child == 0:
                os._exit(0 if os.getpid() == 1 else 1)
            os._exit(os.WEXITSTATUS(os.waitpid(child, 0)[1]))
        except BaseException:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def main(max_processes=None):
    """Serve requests until stdin closes.

    Args:
        max_processes: Process limit of the sandbox, set here (inside the
            sandbox's user namespace, where the kernel counts only its own
            processes) rather than on bubblewrap when every sandbox shares one uid.
    """
    # `-c` put the working directory first on sys.path: nothing may be
    # imported from a directory a program can write
    sys.path[:] = [p for p in sys.path if p]
    if max_processes is not None:
        import resource

        hard = resource.getrlimit(resource.RLIMIT_NPROC)[1]
        if hard != resource.RLIM_INFINITY:
            max_processes = min(max_processes, hard)
        resource.setrlimit(resource.RLIMIT_NPROC, (max_processes, max_processes))
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import _harness

    del sys.path[0]
    _harness.preload()
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    # programs run as this uid: they must not ptrace the server or open its /proc files
    _check(ctypes, libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
    isolation = make_isolation(ctypes, libc)
    if not _nesting_works(isolation):
        os._exit(4)  # before the first answer: the provider uses fresh sandboxes
    serve(_harness, isolation, spawner(libc, _harness.describe_exit))


if __name__ == "__main__":
    main()
