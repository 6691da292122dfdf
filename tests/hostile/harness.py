"""Running hostile inputs the way a user would meet them: in a real subprocess, bounded in time
and address space, its own peak memory measured (inside the child, written out when it exits:
`VmHWM` of /proc/self/status, the high-water mark of the memory it mapped after `exec`, and
not `getrusage`'s `ru_maxrss`, which Linux carries over from the forked parent, so a large
test process would be counted as the child's), its output kept for checks.

Every hostile-input test asserts the same things through `run_bounded` and the assertions
below: the process exits within a few seconds, its peak resident memory stays under a bound, it
fails (or succeeds) with a clean message rather than a Python traceback or a signal, and nothing
from outside the card directory is printed (`assert_nothing_leaked`).
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

SECONDS = 30          # generous for a loaded 2-core CI machine; a hang is far beyond it
PEAK_MIB = 600        # an interpreter with vgcore and lupa loaded takes ~100-150 MiB
ADDRESS_SPACE = 4 << 30  # the child may not map more: a runaway allocation fails, not the host
TRACEBACK = "Traceback (most recent call last)"
PEAK_MARK = "\n@@vgcore-test-peak-kib="

# The child: run `vgcore` (or a snippet) and, however it exits normally, report its own peak.
CHILD = f"""
import atexit, resource, sys

def peak_kib():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

atexit.register(lambda: sys.stderr.write({PEAK_MARK!r} + str(peak_kib()) + "\\n"))
code = sys.argv.pop(1)
if code == "-m":
    import runpy
    sys.argv[0] = "vgcore"
    runpy.run_module("vgcore.cli", run_name="__main__")
else:
    exec(compile(code, "<hostile>", "exec"))
"""


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str
    peak_mib: float
    seconds: float

    @property
    def text(self) -> str:
        return self.out + self.err


def _limit_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run_bounded(args: list[str], *, code: str | None = None, cwd: Path | None = None,
                seconds: float = SECONDS, stdin: str | None = None,
                env: dict[str, str] | None = None) -> Outcome:
    """Run `vgcore <args>` — or, with `code`, that Python snippet with `args` as its argv —
    in a child process; one still running after `seconds` is killed and the test fails."""
    command = [sys.executable, "-c", CHILD, "-m" if code is None else code, *args]
    start = time.monotonic()
    with subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, errors="replace",
                          env=env if env is not None else dict(os.environ),
                          preexec_fn=_limit_address_space) as proc:
        try:
            out, err = proc.communicate(stdin, timeout=seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            raise AssertionError(f"vgcore {args} still running after {seconds} s:\n"
                                 f"{out}{err}") from None
    elapsed = time.monotonic() - start
    peak_kib = 0
    found = re.search(re.escape(PEAK_MARK) + r"(\d+)\n", err)
    if found:
        peak_kib = int(found.group(1))
        err = err[:found.start()] + err[found.end():]
    return Outcome(proc.returncode, out, err, peak_kib / 1024, elapsed)


def assert_clean_refusal(outcome: Outcome, *must_name: str, peak_mib: float = PEAK_MIB) -> None:
    """A non-zero exit with a message (naming each of `must_name`), no traceback, no signal,
    bounded memory."""
    assert outcome.code > 0, (f"expected a refusal, got exit {outcome.code}"
                              f"{' (a signal)' if outcome.code < 0 else ''}:\n{outcome.text}")
    assert_bounded(outcome, peak_mib=peak_mib)
    for name in must_name:
        assert name in outcome.text, f"{name!r} not named in:\n{outcome.text}"


def assert_bounded(outcome: Outcome, *, peak_mib: float = PEAK_MIB) -> None:
    """No traceback, no signal, memory under the bound (whatever the exit code)."""
    assert outcome.code >= 0, f"killed by signal {-outcome.code}:\n{outcome.text}"
    assert TRACEBACK not in outcome.text, outcome.text
    assert 0 < outcome.peak_mib < peak_mib, f"peak {outcome.peak_mib:.0f} MiB:\n{outcome.text}"


def assert_nothing_leaked(outcome: Outcome, *secrets: str) -> None:
    """None of `secrets` (contents of files outside the card directory) was printed."""
    for secret in secrets:
        assert secret not in outcome.text, f"printed {secret!r}:\n{outcome.text}"
