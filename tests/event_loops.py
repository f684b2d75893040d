"""Run a coroutine on an event loop of its own, whatever the test's thread is running.

A pytest worker that ran the browser tests first keeps Playwright's (sync API) event loop running in its main
thread for the session, and ``asyncio.run`` refuses to start inside a running loop; a fresh thread has none.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_in_own_loop(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own; its result (or its exception) comes back here.

    >>> async def three(): return 3
    >>> run_in_own_loop(three())
    3
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
