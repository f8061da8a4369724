"""A warm harness server that runs inside one long-lived bwrap sandbox.

Started once per sandbox slot; it imports the harness, then answers requests on
stdin, one at a time: a request is a 10-digit length and that many bytes of
harness payload; the answer is a 10-digit length, then the run's 3-digit exit
code and the harness's protocol text. Each request runs in a fresh fork (so no
program sees another's memory); afterwards every other process of the sandbox
is killed and /tmp, /dev/shm, /work and System V IPC objects are wiped, so no
program sees another's files, processes or shared memory either.

The server makes itself non-dumpable, so programs (which run as the same uid)
cannot ptrace it or open its /proc entries; they can kill it, which ends the
slot: the provider then starts a fresh one.

Like ``_harness.py`` this file runs under the sandbox's own Python (3.8+) and
imports nothing from ``inspect_effdiv``.
"""

import os
import sys

_WIPE = ("/tmp", "/dev/shm", "/work")


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


def _no_dump():
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_dumpable = 4
    if libc.prctl(pr_set_dumpable, 0, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_DUMPABLE) failed")
    return libc


def _kill_others(me):
    """SIGKILL every process of this pid namespace but init (1) and the server.

    Returns False when some survive (a process forking faster than it is
    killed); the server then ends itself and its sandbox after answering.
    """
    for _ in range(20):  # processes may fork while we kill: repeat until none is left
        others = [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, me)]
        if not others:
            return True
        for pid in others:
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        try:  # reap the server's own children among them
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
        except ChildProcessError:
            pass
    return False


def _wipe(path):
    try:
        entries = os.listdir(path)
    except OSError:
        return
    for name in entries:
        full = os.path.join(path, name)
        try:
            if os.path.isdir(full) and not os.path.islink(full):
                _wipe(full)
                os.rmdir(full)
            else:
                os.unlink(full)
        except OSError:
            pass


def _remove_ipc(libc):
    """Remove System V shared memory, semaphores and message queues."""
    for table, remover in (("shm", libc.shmctl), ("sem", libc.semctl), ("msg", libc.msgctl)):
        try:
            with open("/proc/sysvipc/" + table) as fh:
                rows = fh.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) > 1:
                ident = int(fields[1])
                if table == "sem":
                    remover(ident, 0, 0)  # IPC_RMID = 0
                else:
                    remover(ident, 0, None)


def serve(harness):
    libc = _no_dump()
    me = os.getpid()
    while True:
        header = _read_exactly(0, 10)
        if header is None:
            return
        payload = _read_exactly(0, int(header))
        if payload is None:
            return
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read_fd)
                os.setsid()
                import marshal

                out = harness.supervise(marshal.loads(payload))
                _write_all(write_fd, out.encode("utf-8", "backslashreplace"))
            finally:
                os._exit(0)
        os.close(write_fd)
        chunks = []
        while True:
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
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
        clean = _kill_others(me)
        for path in _WIPE:
            _wipe(path)
        _remove_ipc(libc)
        # the run's exit code (3 digits) and its output
        answer = b"%03d" % min(code, 255) + b"".join(chunks)
        _write_all(1, b"%010d" % len(answer) + answer)
        if not clean:
            os._exit(3)  # the provider starts a fresh sandbox for the next program


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import _harness

    del sys.path[0]
    serve(_harness)


if __name__ == "__main__":
    main()
