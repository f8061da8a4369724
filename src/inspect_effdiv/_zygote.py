"""A warm harness server that runs inside one long-lived bwrap sandbox.

Started once per sandbox slot; it imports the harness (and every module the
harness needs later), then answers requests on stdin, one at a time: a request
is a 10-digit length and that many bytes of harness payload; the answer is a
10-digit length, then the run's 3-digit exit code and the harness's protocol
text.

Every program runs in namespaces of its own. For each request the server
clones a child straight into a new user, mount, pid, IPC and UTS namespace
(one ``clone`` system call, so the child is the init, pid 1, of the program's
pid namespace). The child maps the same uid, mounts fresh size-capped tmpfs
file systems on ``/tmp``, ``/dev/shm`` and ``/work``, drops every capability,
and forks the worker, pid 2, which runs the program; the init only reaps
orphans and reports the worker's wait status. The server itself is the
harness's supervisor: it polices the time limits and reads the worker's
records. So a program:

* cannot name the server (it is outside the program's pid namespace): no
  signal, ``prlimit``, ``setpriority``, ``sched_setaffinity``, ``ptrace`` or
  pidfd reaches the process that judges it;
* leaves nothing behind: its files, System V and POSIX IPC objects and
  processes belong to namespaces that the kernel destroys when the init exits
  (the server kills it at the end of every run). Nothing is wiped, so no
  permission trick can defeat a wipe. Kernel keys outlive namespaces, so a
  seccomp filter refuses the key calls (:func:`seccomp_program`);
* finds no writable directory on ``sys.path``, and every module the harness
  uses is loaded before the clone.

The sandbox's root, ``/dev`` and ``/effdiv`` are read-only (bwrap remounts them),
so outside the per-program mounts nothing is writable at all.

After every run the server compares its own state (resource limits, priority,
affinity, scheduler, open descriptors, mount points, other processes) with its
state at start; on any difference it answers and then exits, and the provider
starts a fresh sandbox for the next program. The server makes itself
non-dumpable. If a program's namespaces cannot be set up, the program never
runs and the run is a harness error. Where nested namespaces (or the raw
``clone`` this needs) are unavailable, the server exits before its first
answer and the provider uses a fresh sandbox per program instead.

Why ``clone`` rather than ``unshare`` and ``fork``: ``unshare`` of a pid
namespace moves only the caller's future children, so the old design needed a
supervisor, an init and a worker, three forks of a 10 MB Python per program.
Cloning straight into the namespaces makes the init the server's own child and
lets the server supervise, which saves one fork (about 0.5 ms per program).
Python has no ``clone``; :func:`make_clone` calls the system call through
ctypes with the interpreter's own fork hooks around it, as ``os.fork`` does.

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
_SIGCHLD = 17
_ENOSYS = 38
_EPERM = 1
#: ``clone3`` has one number on every architecture; the older ``clone`` has
#: per-machine numbers (the two listed take flags first and no stack here).
_SYS_CLONE3 = 435
_SYS_CLONE = {"x86_64": 56, "aarch64": 220}


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


#: The namespaces a program gets, all created by one clone.
NAMESPACES = _CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWPID | _CLONE_NEWIPC | _CLONE_NEWUTS


class IsolationError(Exception):
    """A program's namespaces could not be set up: the program did not run."""


def make_clone(ctypes, flags=NAMESPACES):
    """A ``clone()`` that works like ``os.fork()`` but puts the child into new
    namespaces (``flags``), or None where the interpreter or the machine offers
    no way to call it.

    ``clone3`` (Linux 5.3+) is tried first, then the older ``clone`` on the
    machines of ``_SYS_CLONE``. The interpreter's fork hooks run around the call
    as in ``os.fork`` (import lock, ``os.register_at_fork`` callbacks, thread
    state), and the call holds the GIL (``PyDLL``).
    """
    try:
        api = ctypes.pythonapi
        before, in_child, in_parent = (
            api.PyOS_BeforeFork,
            api.PyOS_AfterFork_Child,
            api.PyOS_AfterFork_Parent,
        )
        syscall = ctypes.PyDLL(None, use_errno=True).syscall
    except (AttributeError, OSError):
        return None
    syscall.restype = ctypes.c_long
    # struct clone_args, first version: flags, pidfd, child_tid, parent_tid,
    # exit_signal, stack, stack_size, tls (no stack: the child runs on a copy)
    args = (ctypes.c_uint64 * 8)(flags, 0, 0, 0, _SIGCHLD, 0, 0, 0)
    size = ctypes.c_size_t(ctypes.sizeof(args))
    legacy = _SYS_CLONE.get(os.uname().machine)
    zero = ctypes.c_long(0)
    legacy_flags = ctypes.c_long(flags | _SIGCHLD)

    def clone():
        before()
        pid = syscall(ctypes.c_long(_SYS_CLONE3), ctypes.byref(args), size)
        errno = ctypes.get_errno() if pid < 0 else 0
        if pid < 0 and errno in (_ENOSYS, _EPERM) and legacy is not None:
            # no clone3 here, or a seccomp profile that refuses it
            pid = syscall(ctypes.c_long(legacy), legacy_flags, zero, zero, zero, zero)
            errno = ctypes.get_errno() if pid < 0 else 0
        if pid == 0:
            in_child()
            return 0
        in_parent()
        if pid < 0:
            raise OSError(errno, "clone: %s" % os.strerror(errno))
        return pid

    return clone


def make_isolation(ctypes, libc):
    """A function that completes the isolation of a process just cloned into new
    namespaces: the same uid mapped inside, fresh scratch mounts, no capabilities,
    the seccomp filter. Everything it needs is prepared here, once."""
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
        # a non-dumpable process's /proc files belong to root: it cannot write
        # its own maps. Nothing else runs in the new namespaces yet.
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


def spawner(clone, isolation, libc, describe_exit):
    """A ``spawn`` for the harness's ``supervise``, run by the server itself.

    ``clone()`` makes the init (pid 1) of the program's new namespaces, which
    isolates itself and forks the worker (pid 2); the init then reaps orphans
    and reports the worker's wait status on a pipe. Killing the init ends every
    process of the namespace; so does the server's death (the init's
    parent-death signal). The init first answers one byte on the same pipe:
    ``+`` once isolated, or ``!`` and the reason, in which case the worker is
    never forked and ``spawn`` raises :class:`IsolationError`.
    """

    def in_init(status_w, start_worker):
        # the init keeps no handle on the server's request and answer pipes
        null = os.open("/dev/null", os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.close(null)
        os.setsid()  # its own process group, which the server kills at the end
        libc.prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0)
        try:
            if os.getpid() != 1:
                raise OSError(0, "the clone is not the init of a new pid namespace")
            isolation()
        except OSError as exc:
            # never run a program without its namespaces
            _write_all(status_w, b"!" + str(exc).encode("utf-8", "replace"))
            return
        _write_all(status_w, b"+")
        worker = os.fork()
        if worker == 0:
            os.close(status_w)
            start_worker()
        # the init keeps no descriptor but its status pipe: the server sees
        # the worker's pipes close when the worker exits
        os.closerange(0, status_w)
        os.closerange(status_w + 1, 1 << 16)
        while True:
            done, status = os.waitpid(-1, 0)
            if done == worker:
                _write_all(status_w, b"%d" % status)
                return

    def spawn(start_worker):
        status_r, status_w = os.pipe()
        try:
            pid = clone()
        except OSError as exc:
            os.close(status_r)
            os.close(status_w)
            raise IsolationError(str(exc))
        if pid == 0:
            try:
                os.close(status_r)
                in_init(status_w, start_worker)
            finally:
                os._exit(0)
        os.close(status_w)
        answer = os.read(status_r, 1)
        if answer != b"+":
            detail = _read_rest(status_r) if answer == b"!" else "the init ended at once"
            os.close(status_r)
            try:
                os.kill(pid, 9)
            except OSError:
                pass
            os.waitpid(pid, 0)
            raise IsolationError(detail)
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


def _read_rest(fd):
    chunks = []
    while True:
        chunk = os.read(fd, 4096)
        if not chunk or sum(map(len, chunks)) > 4096:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


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


def prepare(harness, spawn):
    """Start the next program's init and worker before its payload arrives.

    Cloning, isolating and forking take about 1.5 ms; done while the provider
    handles the previous answer, they leave the payload's path. The worker
    waits for its payload on a pipe; nothing of the program exists until then.

    Returns ``(pid, reap, payload_w, data_r, done_r)`` for :func:`_run_one`, or
    an :class:`IsolationError` for the next program.
    """
    data_r, data_w = os.pipe()
    done_r, done_w = os.pipe()
    payload_r, payload_w = os.pipe()

    def start_worker():
        try:
            os.close(data_r)
            os.close(done_r)
            os.close(payload_w)
            os.setpgid(0, 0)
            harness.run_worker_from(payload_r, data_w, done_w)
        finally:
            os._exit(0)

    try:
        pid, reap = spawn(start_worker)
    except IsolationError as exc:
        for fd in (data_r, done_r, payload_w):
            os.close(fd)
        return exc
    finally:
        for fd in (data_w, done_w, payload_r):
            os.close(fd)
    return pid, reap, payload_w, data_r, done_r


def _run_one(payload, harness, ready):
    """Run one payload on the prepared worker ``ready`` (see :func:`prepare`);
    return (exit code, output, whether the server may go on serving)."""
    import marshal
    import time

    if isinstance(ready, IsolationError):
        detail = "cannot isolate the program: " + harness.escape(str(ready))
        return 0, _harness_error(detail), True
    pid, reap, payload_w, data_r, done_r = ready
    try:
        version, _, inputs, limits = marshal.loads(payload)
        if version != harness.PROTOCOL:
            # the worker never gets it: the init dies, and the namespaces with it
            os.kill(pid, 9)
            reap(True)
            for fd in (payload_w, data_r, done_r):
                os.close(fd)
            return 0, harness.PROTOCOL_MISMATCH.encode(), True
        start = time.monotonic()
        try:
            _write_all(payload_w, payload)
        except OSError:
            pass  # the worker is gone: police() reports how it ended
        os.close(payload_w)
        out = harness.police(pid, reap, data_r, done_r, len(inputs), limits, start)
    except Exception as exc:
        # the server's own failure: answer, then let a fresh sandbox take over
        detail = "the warm server failed: " + harness.escape("%s: %s" % (type(exc).__name__, exc))
        return 0, _harness_error(detail), False
    return 0, out.encode("utf-8", "backslashreplace"), True


def serve(harness, spawn):
    me = os.getpid()
    start = own_state()
    ready = prepare(harness, spawn)
    while True:
        header = _read_exactly(0, 10)
        if header is None or not header.isdigit():
            return
        payload = _read_exactly(0, int(header))
        if payload is None:
            return
        code, output, sound = _run_one(payload, harness, ready)
        clean = sound and _kill_others(me) and own_state() == start
        # the run's exit code (3 digits) and its output
        answer = b"%03d" % min(code, 255) + output
        _write_all(1, b"%010d" % len(answer) + answer)
        if not clean:
            os._exit(3)  # the provider starts a fresh sandbox for the next program
        # only now, with the last program's namespaces gone and the server
        # checked, does the next program's init start
        ready = prepare(harness, spawn)


def _nesting_works(spawn, describe_exit):
    """Whether this sandbox can give a program namespaces of its own: a trial
    worker must find itself pid 2, the child of the namespaces' init."""

    def start_worker():
        os._exit(0 if (os.getpid(), os.getppid()) == (2, 1) else 1)

    try:
        _, reap = spawn(start_worker)
    except (IsolationError, OSError):
        return False
    return reap(True) == describe_exit(0)


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
    clone = make_clone(ctypes)
    if clone is None:
        os._exit(4)  # before the first answer: the provider uses fresh sandboxes
    isolation = make_isolation(ctypes, libc)
    spawn = spawner(clone, isolation, libc, _harness.describe_exit)
    if not _nesting_works(spawn, _harness.describe_exit):
        os._exit(4)
    serve(_harness, spawn)


if __name__ == "__main__":
    main()
