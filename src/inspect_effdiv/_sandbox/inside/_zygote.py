"""A warm harness server that runs inside one long-lived bwrap sandbox.

Started once per sandbox slot; it imports the harness (and every module the
harness needs later), then answers requests on stdin, one at a time: a request
is a 10-digit length and that many bytes of harness payload; the answer is a
10-digit length and the harness's protocol text.

At start the sandbox's first process enters a user namespace of its own (the
same uid mapped inside, never root) and forks the server as the init of a new
pid namespace: there the server holds the capabilities it needs to give every
program namespaces of its own, and nothing the sandbox has from outside (its
mounts belong to bubblewrap's namespace, where the server has none).

For each program the server moves its future children into a fresh pid
namespace and starts two of them:

* the namespace's init (pid 1), a ``pause()`` cloned with ``CLONE_VM``: it
  shares the server's memory, runs nothing but that one libc call, and costs
  neither a copy of the server nor a single page fault. Killing it at the end of
  the run makes the kernel end every process of the namespace;
* the worker (pid 2), forked from the server, which enters new mount, IPC and
  UTS namespaces, mounts fresh size-capped tmpfs file systems on ``/tmp``,
  ``/dev/shm`` and ``/work``, drops every capability, installs the seccomp
  filter, and only then waits for its program.

The server itself is the harness's supervisor: it polices the time limits and
reads the worker's records. Both children are started right after the previous
answer, so the payload finds them ready. A program therefore:

* cannot name the server (it is outside the program's pid namespace): no
  signal, ``prlimit``, ``setpriority``, ``sched_setaffinity``, ``ptrace`` or
  pidfd reaches the process that judges it. It can name its init, which ignores
  every signal from inside its namespace (it has no handlers), and cannot trace
  it or read its memory (the server's memory is not dumpable);
* leaves nothing behind: its files, System V and POSIX IPC objects and
  processes belong to namespaces that the kernel destroys when the init dies
  (the server kills it at the end of every run). Nothing is wiped, so no
  permission trick can defeat a wipe. Kernel keys outlive namespaces, so a
  seccomp filter refuses the key calls (:func:`seccomp_program`);
* finds no writable directory on ``sys.path``, and every module the harness
  uses is loaded before the fork.

The sandbox's root, ``/dev`` and ``/effdiv`` are read-only (bwrap remounts them),
so outside the per-program mounts nothing is writable at all.

After every run the server compares its own state (resource limits, priority,
affinity, scheduler, open descriptors, mount points, other processes) with its
state at start; on any difference it answers and then exits, and the provider
starts a fresh sandbox for the next program. If a program's namespaces cannot
be set up, the program never runs and the run is a harness error. Where nested
namespaces are unavailable, the server exits before its first answer and the
provider uses a fresh sandbox per program instead.

Why this shape: a pid namespace's first process must be its init, and a
program must not be that process (an init ignores the signals a program may
send itself). The init therefore costs a process per program. Cloned with
``CLONE_VM`` it copies nothing and takes no page fault; a forked Python init
cost about 1 ms of copying and page faults, more than a quarter of the run.

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
#: Stack of the ``pause()`` init (it needs a few hundred bytes).
INIT_STACK = 64 * 1024

_CLONE_VM = 0x00000100
_CLONE_FILES = 0x00000400
_CLONE_NEWNS = 0x00020000
_CLONE_NEWUTS = 0x04000000
_CLONE_NEWIPC = 0x08000000
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_MS_NOSUID = 2
_MS_NODEV = 4
_PR_SET_DUMPABLE = 4
_PR_CAP_AMBIENT = 47
_PR_CAP_AMBIENT_CLEAR_ALL = 4
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2
_SIGCHLD = 17

#: The namespaces each worker enters itself (its pid namespace comes from the server).
WORKER_NAMESPACES = _CLONE_NEWNS | _CLONE_NEWIPC | _CLONE_NEWUTS


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


class IsolationError(Exception):
    """A program's namespaces could not be set up: the program did not run."""


def enter_namespaces(ctypes, libc):
    """Give the calling process (the sandbox's first) a user namespace of its own,
    with its uid mapped to itself, and make its next child the init of a new pid
    namespace owned by it. That child, the server, then holds every capability
    in the new user namespace, which owns nothing of the sandbox."""
    uid, gid = os.getuid(), os.getgid()
    _check(ctypes, libc.unshare(_CLONE_NEWUSER), "unshare(CLONE_NEWUSER)")
    # a non-dumpable process's /proc files belong to root: it cannot write its
    # own maps. Nothing but this process runs in the sandbox yet.
    _check(ctypes, libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
    for path, text in (
        ("/proc/self/setgroups", b"deny"),
        ("/proc/self/uid_map", b"%d %d 1" % (uid, uid)),
        ("/proc/self/gid_map", b"%d %d 1" % (gid, gid)),
    ):
        fd = os.open(path, os.O_WRONLY)
        try:
            os.write(fd, text)
        finally:
            os.close(fd)
    _check(ctypes, libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
    _check(ctypes, libc.unshare(_CLONE_NEWPID), "unshare(CLONE_NEWPID)")


def make_isolation(ctypes, libc):
    """A function that isolates a freshly forked worker: new mount, IPC and UTS
    namespaces, fresh scratch mounts, no capabilities, the seccomp filter.
    Everything it needs is prepared here, once."""
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
        _check(ctypes, libc.unshare(WORKER_NAMESPACES), "unshare")
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


def make_init(ctypes, libc):
    """A function that starts the init of the server's next pid namespace and
    returns its pid: libc's ``clone`` running ``pause()`` on a stack of its own,
    in the server's memory (``CLONE_VM``) and descriptor table (``CLONE_FILES``),
    so that starting it copies nothing. Only one such init lives at a time.

    The init never runs Python, and it must never run a signal handler (it
    would run the handler on the server's memory): the server keeps every signal
    at its default or ignored (see :func:`main`)."""
    stack = ctypes.create_string_buffer(INIT_STACK)
    # the stack grows down on every machine Linux and Python run on together
    top = ctypes.c_void_p((ctypes.addressof(stack) + INIT_STACK - 64) & ~15)
    pause = ctypes.cast(libc.pause, ctypes.c_void_p)
    clone = libc.clone
    clone.restype = ctypes.c_int
    clone.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
    flags = _CLONE_VM | _CLONE_FILES | _SIGCHLD

    def start_init(_stack=stack):  # the init's stack lives as long as this function
        pid = clone(pause, top, flags, None)
        if pid < 0:
            errno = ctypes.get_errno()
            raise OSError(errno, "clone: %s" % os.strerror(errno))
        return pid

    return start_init


def spawner(libc, ctypes, own_pid_namespace, start_init, isolation, in_worker, describe_exit):
    """A ``spawn`` for the harness's ``supervise``, run by the server itself.

    The server enters a fresh pid namespace for its children, starts the init
    (pid 1) and forks the worker (pid 2), and returns to its own pid namespace.
    The worker isolates itself and answers one byte on a pipe: ``+`` once
    isolated, or ``!`` and the reason, in which case its program never runs and
    ``spawn`` raises :class:`IsolationError`. The returned pid is the init's:
    killing it ends the namespace. ``reap(True)`` waits for the worker and then
    the init (whose exit waits for the worker to be reaped).

    Args:
        in_worker: Called in the worker after its isolation (restores Python's
            signal handlers).
    """

    def worker(status_w, start_worker):
        # the worker keeps no handle on the server's request and answer pipes
        null = os.open("/dev/null", os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.close(null)
        os.close(own_pid_namespace)
        try:
            if os.getpid() != 2:
                raise OSError(0, "the worker is not pid 2 of a new pid namespace")
            isolation()
        except OSError as exc:
            # never run a program without its namespaces
            _write_all(status_w, b"!" + str(exc).encode("utf-8", "replace"))
            return
        in_worker()
        _write_all(status_w, b"+")
        os.close(status_w)
        start_worker()

    def start_both(start_worker, status_r, status_w):
        """Start the init and the worker in a fresh pid namespace; (init, worker)."""
        _check(ctypes, libc.unshare(_CLONE_NEWPID), "unshare(CLONE_NEWPID)")
        try:
            init = start_init()
            try:
                pid = os.fork()
            except OSError:
                _end(init, None)
                raise
            if pid == 0:
                try:
                    os.close(status_r)
                    worker(status_w, start_worker)
                finally:
                    os._exit(0)
            return init, pid
        finally:
            # the server's next children are born in its own pid namespace again
            if libc.setns(own_pid_namespace, _CLONE_NEWPID) != 0:
                errno = ctypes.get_errno()
                raise RuntimeError(
                    "setns back to the server's pid namespace: %s" % os.strerror(errno)
                )

    def spawn(start_worker):
        status_r, status_w = os.pipe()
        try:
            init, pid = start_both(start_worker, status_r, status_w)
        except OSError as exc:
            os.close(status_r)
            os.close(status_w)
            raise IsolationError(str(exc))
        os.close(status_w)
        answer = os.read(status_r, 1)
        if answer != b"+":
            detail = _read_rest(status_r) if answer == b"!" else "the worker ended at once"
            os.close(status_r)
            _end(init, pid)
            raise IsolationError(detail)
        os.close(status_r)
        reported = []

        def reap(block):
            if not reported:
                try:
                    done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
                except OSError:
                    done, status = pid, None
                if done == 0:
                    return None
                reported.append("worker vanished" if status is None else describe_exit(status))
            if block:
                _end(init, None)
            return reported[0]

        return init, reap

    return spawn


def _end(init, worker):
    """Kill the init (which ends its pid namespace) and reap the worker, then the
    init: the init's exit waits until the worker is reaped."""
    try:
        os.kill(init, 9)  # the kernel then kills every process of the namespace
    except OSError:
        pass
    for pid in (worker, init):
        if pid is not None:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def _caught_signals():
    """The signals this process has handlers for, as the kernel sees them (a
    bit mask; 0 when every signal is at its default or ignored)."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("SigCgt:"):
                return int(line.split()[1], 16)
    return -1  # unknown: assume the worst


def _read_rest(fd):
    chunks = []
    while True:
        chunk = os.read(fd, 4096)
        if not chunk or sum(map(len, chunks)) > 4096:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def _alone():
    """Whether the server and the sandbox's first process are the only processes
    left. Programs run in pid namespaces that end with their run, so normally
    nothing else is. (``/proc`` shows the sandbox's pid namespace: the server's
    own number there is ``/proc/self``.)"""
    me = os.readlink("/proc/self")
    return not [p for p in os.listdir("/proc") if p.isdigit() and p not in ("1", me)]


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

    The fork and the worker's isolation, done while the provider handles the
    previous answer, leave the payload's path. The worker
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
    return (protocol text, whether the server may go on serving)."""
    import marshal
    import time

    if isinstance(ready, IsolationError):
        detail = "cannot isolate the program: " + harness.escape(str(ready))
        return _harness_error(detail), True
    pid, reap, payload_w, data_r, done_r = ready
    try:
        version, _, inputs, limits = marshal.loads(payload)
        if version != harness.PROTOCOL:
            # the worker never gets it: the init dies, and the namespaces with it
            os.kill(pid, 9)
            reap(True)
            for fd in (payload_w, data_r, done_r):
                os.close(fd)
            return harness.PROTOCOL_MISMATCH.encode(), True
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
        return _harness_error(detail), False
    return out.encode("utf-8", "backslashreplace"), True


def serve(harness, spawn):
    start = own_state()
    ready = prepare(harness, spawn)
    while True:
        header = _read_exactly(0, 10)
        if header is None or not header.isdigit():
            return
        payload = _read_exactly(0, int(header))
        if payload is None:
            return
        output, sound = _run_one(payload, harness, ready)
        clean = sound and _alone() and own_state() == start
        _write_all(1, b"%010d" % len(output) + output)
        if not clean:
            os._exit(3)  # the provider starts a fresh sandbox for the next program
        # only now, with the last program's namespaces gone and the server
        # checked, do the next program's init and worker start
        try:
            ready = prepare(harness, spawn)
        except Exception:
            os._exit(3)


def _nesting_works(spawn, describe_exit):
    """Whether this sandbox can give a program namespaces of its own: a trial
    worker must isolate itself as pid 2 of a new pid namespace and exit."""
    try:
        _, reap = spawn(lambda: os._exit(0))
    except (IsolationError, OSError, RuntimeError):
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
    import signal

    libc = ctypes.CDLL(None, use_errno=True)
    # programs run as this uid: they must not ptrace the server, open its /proc
    # files, or (through the init, which shares its memory) read or write it
    _check(ctypes, libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0), "prctl(PR_SET_DUMPABLE)")
    try:
        enter_namespaces(ctypes, libc)
        start_init = make_init(ctypes, libc)
    except (OSError, AttributeError):
        os._exit(4)  # before the first answer: the provider uses fresh sandboxes
    # The inits share the server's memory and its signal dispositions: Python's
    # SIGINT handler (or faulthandler's) would run there, on the server's
    # memory. Workers restore Python's.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if "faulthandler" in sys.modules:
        sys.modules["faulthandler"].disable()
    if _caught_signals():
        os._exit(4)  # some handler is left: no warm server here
    server = os.fork()
    if server != 0:
        # the sandbox's first process only waits: the server has the pipes
        os.closerange(0, 2)
        _, status = os.waitpid(server, 0)
        os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
    own_pid_namespace = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)

    def in_worker():
        signal.signal(signal.SIGINT, signal.default_int_handler)

    spawn = spawner(
        libc,
        ctypes,
        own_pid_namespace,
        start_init,
        make_isolation(ctypes, libc),
        in_worker,
        _harness.describe_exit,
    )
    if not _nesting_works(spawn, _harness.describe_exit):
        os._exit(4)
    serve(_harness, spawn)


if __name__ == "__main__":
    main()
