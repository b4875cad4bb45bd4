"""Headless Chromium for the tests, driven over the DevTools protocol through a pipe: no extra Python package.

Chromium comes from the system packages (`apt-get install -y chromium`; `.ci/run` installs it when missing).
`chromium_or_skip()` skips a test, saying why, where there is none or it cannot start.

    with Browser(chromium) as browser:
        page = browser.open(path, width=400, height=800, mobile=True)
        page.evaluate("document.title"); page.console_errors; page.screenshot(png); page.pdf(pdf)

`--remote-debugging-pipe` makes Chromium read protocol commands from file descriptor 3 and write replies and
events to 4, each message JSON ended by a NUL byte.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Known to work on the CI machines: no sandbox (root in a container), no GPU, nothing fetched from the network.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe")
TIMEOUT = 60.0


def find_chromium() -> str | None:
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium_or_skip() -> str:
    found = find_chromium()
    if found is None:
        pytest.skip(f"needs headless Chromium ({' or '.join(NAMES)} on PATH; `apt-get install -y chromium`, "
                    "which .ci/run does when it can)")
    return found


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, executable: str):
        self.executable = executable
        self.profile = tempfile.mkdtemp(prefix="deckcheck-chromium-")
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict] = []

    def __enter__(self) -> Browser:
        to_child, self._commands = os.pipe()
        self._replies, from_child = os.pipe()

        def as_fds_3_and_4():       # in the child: the pipe ends become fds 3 and 4, whatever they were
            a = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        try:
            self.process = subprocess.Popen([self.executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                            pass_fds=(3, 4), preexec_fn=as_fds_3_and_4, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finally:
            os.close(to_child)
            os.close(from_child)
        try:
            self.version = self.send("Browser.getVersion", timeout=30)["product"]
        except (BrowserError, TimeoutError, EOFError) as exc:
            self.__exit__(None, None, None)
            pytest.skip(f"headless Chromium ({self.executable}) did not start: {exc}")
        return self

    def __exit__(self, *exc) -> None:
        try:
            if self.process.poll() is None:
                self.send("Browser.close", timeout=10)
        except (BrowserError, TimeoutError, EOFError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._commands, self._replies):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    # ---- protocol

    def send(self, method: str, params: dict | None = None, *, session: str | None = None,
             timeout: float = TIMEOUT) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            self._events.append(reply)

    def wait_for(self, method: str, *, session: str, timeout: float = TIMEOUT) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for event in self._events:
                if event.get("method") == method and event.get("sessionId") == session:
                    self._events.remove(event)
                    return event
            self._events.append(self._read(deadline))

    def events(self, session: str) -> list[dict]:
        return [e for e in self._events if e.get("sessionId") == session]

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._replies], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("no answer from Chromium in time")
            chunk = os.read(self._replies, 1 << 20)
            if not chunk:
                raise EOFError("Chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    # ---- pages

    def open(self, path: Path, *, width: int, height: int = 900, mobile: bool = False) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                         "mobile": mobile}, session=session)
        self.send("Page.navigate", {"url": Path(path).resolve().as_uri()}, session=session)
        self.wait_for("Page.loadEventFired", session=session)
        return Page(self, session, width)


class Page:
    def __init__(self, browser: Browser, session: str, width: int):
        self.browser, self.session, self.width = browser, session, width

    def evaluate(self, expression: str):
        result = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                                   session=self.session)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:60]}...: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    @property
    def console_errors(self) -> list[str]:
        """Errors the page met: console.error, uncaught exceptions, failed loads and policy violations."""
        errors = []
        for event in self.browser.events(self.session):
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                errors.append(details.get("exception", {}).get("description") or details.get("text", "exception"))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                errors.append(params["entry"].get("text", "error"))
        return errors

    def screenshot(self, path: Path) -> None:
        """The whole page, however long, as PNG."""
        height = self.evaluate("document.documentElement.scrollHeight")
        shot = self.browser.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": self.width, "height": height, "scale": 1}}, session=self.session)
        Path(path).write_bytes(base64.b64decode(shot["data"]))

    def pdf(self, path: Path, *, paper: tuple[float, float] | None = None) -> int:
        """Print on `paper` (width, height in inches), else as the page's @page size says; returns the pages."""
        options = {"printBackground": True}
        options.update({"paperWidth": paper[0], "paperHeight": paper[1]} if paper else {"preferCSSPageSize": True})
        printed = self.browser.send("Page.printToPDF", options, session=self.session)
        data = base64.b64decode(printed["data"])
        Path(path).write_bytes(data)
        return pdf_pages(data)


def pdf_pages(data: bytes) -> int:
    """Pages of a PDF as Chromium writes it: its page objects (the /Pages tree's /Count says the same)."""
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", data, flags=re.S)]
    if counts and max(counts) != pages:
        raise BrowserError(f"the PDF says {max(counts)} pages but holds {pages}")
    return pages
