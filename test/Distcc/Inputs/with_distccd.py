#!/usr/bin/env python3
"""with_distccd.py [--share=FILE]... --log=LOG -- command...

Runs a command against a distccd of its own: the daemon listens on a free
loopback port, serves 127.0.0.1 only, logs to LOG, and is stopped when the
command ends, whatever happens (try/finally, with SIGTERM and SIGINT turned
into an exit). The command runs with DISTCC_HOSTS naming that daemon and
DISTCC_FALLBACK=0, so a compile the daemon refuses fails instead of quietly
running locally; the wrapper exits with the command's code.

Run as root, distccd drops to an unprivileged user, which must read what
the compile runs and write its temporary files. Each --share=FILE is copied
into a world-readable folder in /tmp (FILE.in becomes an executable FILE
with @SHARE@ replaced by the folder), that folder comes first on the PATH of
the daemon and of the command, @SHARE@ in the command names it, and the
daemon's TMPDIR is inside it.

distcc 3.4's daemon runs only compilers masqueraded in /usr/lib/distcc; a
compiler wrapper that a test brings cannot be there without changing the
system, so the daemon runs with --enable-tcp-insecure, which turns that
check off. It listens on loopback, serves 127.0.0.1 only and lives as long
as the command. (Its refusal of -fplugin= holds either way.)
"""
import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port, daemon, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if daemon.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def share_files(files):
    # In /tmp itself: lit's TMPDIR is private to this user.
    share = tempfile.mkdtemp(prefix="privateer-distcc-", dir="/tmp")
    os.chmod(share, 0o755)
    for f in files:
        if f.endswith(".in"):
            dest = os.path.join(share, os.path.basename(f)[:-3])
            with open(f) as src, open(dest, "w") as out:
                out.write(src.read().replace("@SHARE@", share))
        else:
            dest = os.path.join(share, os.path.basename(f))
            shutil.copy(f, dest)
        os.chmod(dest, 0o755)
    return share


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--share", action="append", default=[])
    parser.add_argument("--log", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")

    share = share_files(args.share)
    command = [a.replace("@SHARE@", share) for a in command]
    server_tmp = os.path.join(share, "server")
    os.mkdir(server_tmp)
    os.chmod(server_tmp, 0o1777)
    client_dir = os.path.join(share, "client")
    os.mkdir(client_dir)
    path = share + os.pathsep + os.environ.get("PATH", "")

    port = free_port()
    log = open(args.log, "w")
    # A process group of its own: distccd forks workers, and all of them go.
    daemon = subprocess.Popen(
        ["distccd", "--daemon", "--no-detach", "--enable-tcp-insecure",
         "--log-stderr", "--log-level=info", "--listen", "127.0.0.1",
         "--allow", "127.0.0.1", "--port", str(port), "--jobs", "2"],
        stdout=log, stderr=log, start_new_session=True,
        env=dict(os.environ, TMPDIR=server_tmp, PATH=path))

    def stop(*_):
        raise SystemExit(130)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        if not wait_for(port, daemon):
            log.flush()
            sys.stderr.write("with_distccd: distccd did not start; its log:\n")
            sys.stderr.write(open(args.log).read())
            return 1
        env = dict(os.environ, PATH=path,
                   DISTCC_HOSTS=f"127.0.0.1:{port}/2", DISTCC_FALLBACK="0",
                   DISTCC_SKIP_LOCAL_RETRY="1",
                   # The client's lock and state files, not in $HOME.
                   DISTCC_DIR=client_dir)
        return subprocess.call(command, env=env)
    finally:
        try:
            os.killpg(daemon.pid, signal.SIGTERM)
            daemon.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(daemon.pid, signal.SIGKILL)
            daemon.wait()
        log.close()
        shutil.rmtree(share, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
