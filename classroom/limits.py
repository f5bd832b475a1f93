"""Per-learner memory and CPU limits in Linux control groups, as SystemdSpawner sets them through systemd.

Each learner's server (and every kernel it starts) is moved into a control group of its own under the hub's, with a
memory ceiling and an equal CPU weight plus a CPU ceiling.  Both cgroup versions are handled: v2 (``memory.max``,
``cpu.weight``, ``cpu.max``) and v1 (``memory.limit_in_bytes``, ``cpu.shares``, ``cpu.cfs_quota_us``).  Where no
writable control group exists (not root, or a container without delegated controllers) nothing is enforced and
:func:`describe` says so; the hub prints that at start.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
GROUP = "tameri-classroom"
_UNITS = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_bytes(text: str) -> int:
    """``1G`` -> 1073741824, ``512M``, ``2048`` (bytes)."""
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    if text and text[-1] in _UNITS:
        return int(float(text[:-1]) * _UNITS[text[-1]])
    return int(text)


@dataclass(frozen=True)
class Limits:
    memory_bytes: int  # 0: none
    cpu: float  # cores; 0: none


def _own_group(controller: str | None) -> str:
    """The hub's own group path for a v1 controller (or for v2 with None), from /proc/self/cgroup."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller is None and controllers == "":
            return path
        if controller is not None and controller in controllers.split(","):
            return path
    return "/"


def _writable(path: Path) -> bool:
    return path.is_dir() and os.access(path, os.W_OK)


def group_dirs(name: str) -> dict[str, Path]:
    """The folders of learner ``name``'s group, by controller ('memory', 'cpu'), where they can be made."""
    if (ROOT / "cgroup.controllers").exists():  # v2
        parent = ROOT / _own_group(None).lstrip("/")
        enabled = (parent / "cgroup.subtree_control").read_text().split() if parent.exists() else []
        if _writable(parent) and {"memory", "cpu"} <= set(enabled):
            return {"memory": parent / GROUP / name, "cpu": parent / GROUP / name}
        return {}
    dirs = {}
    for controller in ("memory", "cpu"):
        parent = ROOT / controller / _own_group(controller).lstrip("/")
        if _writable(parent):
            dirs[controller] = parent / GROUP / name
    return dirs


def _write(path: Path, value: str) -> None:
    path.write_text(value)


def apply(name: str, pid: int, limits: Limits) -> dict[str, Path]:
    """Make learner ``name``'s group, set its limits and move process ``pid`` into it; return the folders used."""
    dirs = group_dirs(name)
    if not dirs:
        return {}
    version2 = (ROOT / "cgroup.controllers").exists()
    for folder in dirs.values():
        folder.mkdir(parents=True, exist_ok=True)
        if version2 and folder.parent != folder and (folder.parent / "cgroup.subtree_control").exists():
            with contextlib.suppress(OSError):
                _write(folder.parent / "cgroup.subtree_control", "+memory +cpu")
    memory, cpu = dirs.get("memory"), dirs.get("cpu")
    if version2:
        if limits.memory_bytes:
            _write(memory / "memory.max", str(limits.memory_bytes))
            with contextlib.suppress(OSError):
                _write(memory / "memory.swap.max", "0")
        _write(cpu / "cpu.weight", "100")
        if limits.cpu:
            _write(cpu / "cpu.max", f"{int(limits.cpu * 100_000)} 100000")
        _write(memory / "cgroup.procs", str(pid))
        return dirs
    if memory is not None and limits.memory_bytes:
        _write(memory / "memory.limit_in_bytes", str(limits.memory_bytes))
    if cpu is not None:
        _write(cpu / "cpu.shares", "1024")
        if limits.cpu:
            _write(cpu / "cpu.cfs_period_us", "100000")
            _write(cpu / "cpu.cfs_quota_us", str(int(limits.cpu * 100_000)))
    for folder in dirs.values():
        _write(folder / "cgroup.procs", str(pid))
    return dirs


def remove(name: str) -> None:
    """Remove learner ``name``'s groups once their processes are gone (left in place while any remains)."""
    for folder in group_dirs(name).values():
        with contextlib.suppress(OSError):
            folder.rmdir()


def describe(limits: Limits) -> str:
    """One line for the teacher: what is enforced, and how."""
    memory = f"{limits.memory_bytes / 2**30:.3g} GiB of memory" if limits.memory_bytes else "no memory ceiling"
    cpu = f"at most {limits.cpu:g} core(s)" if limits.cpu else "no CPU ceiling"
    dirs = group_dirs("probe")
    if not dirs:
        return f"limits per learner: {memory}, {cpu} - NOT enforced here (no writable control group; run as root)"
    version = "v2" if (ROOT / "cgroup.controllers").exists() else "v1"
    enforced = " and ".join(sorted(dirs))
    return f"limits per learner: {memory}, {cpu}, an equal CPU share (cgroup {version}: {enforced} enforced)"
