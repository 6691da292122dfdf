"""How much a transport asks the kernel for at once.

asyncio's socket and pipe transports read up to 256 KiB a time (`max_size`): each read makes
a buffer of that size and shrinks it to what arrived. Above glibc's mmap threshold (128 KiB)
that buffer is an mmap, an mremap and a munmap per read, plus a page fault: ~19 µs a read
against ~3 µs for a 64 KiB one (docs/performance.md, session 28). The router of a busy host
reads a few thousand times a second, a few hundred bytes each time; a 64 KiB read takes in
everything that is waiting all the same, and a longer message simply arrives in two reads.
"""

from __future__ import annotations

from typing import Final

READ_SIZE: Final = 64 * 1024  # under glibc's mmap threshold, over any usual message


def read_in_small_buffers(transport: object) -> None:
    """Have an asyncio transport read at most `READ_SIZE` bytes at once (a transport
    without a `max_size`, e.g. another event loop's, is left as it is)."""
    if isinstance(getattr(transport, "max_size", None), int):
        transport.max_size = READ_SIZE  # type: ignore[attr-defined]
