"""The README tells the truth: its set-up commands are what CI runs, and its rule table matches the registry."""

from __future__ import annotations

import inspect
import re
import shlex

import pytest

from deckcheck.cli import main
from deckcheck.rules.engine import load_rule_modules
from deckcheck.rules.registry import RULES
from tests._shared import PROJECT, SHARED, needs_decks

README = (PROJECT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_set_up_commands():
    set_up = README.split("## Set up", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [line.strip() for line in set_up.strip().splitlines()]
    assert commands == ["python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]'", "python -m pytest"]
    ci = (PROJECT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert all(command in ci for command in commands)
    assert "ruff check ." in ci


def test_rule_table_names_the_module_of_every_code():
    load_rule_modules()
    table = README.split("Every rule code lives in one module", 1)[1].split("\n\n", 2)[1]
    documented = {}
    for module, codes in re.findall(r"^\| `(\w+)\.py` \| (.+) \|$", table, flags=re.M):
        for code in re.findall(r"`([a-z-]+)`", codes):
            documented[code] = module
    actual = {code: inspect.getmodule(rule.check).__name__.rsplit(".", 1)[1] for code, rule in RULES.items()}
    assert documented == actual


def readme_examples() -> list[tuple[str, list[str]]]:
    """The README's `$ deckcheck validate|rules ...` examples on the project's own examples/ (the others read
    ../shared or write files), each with the lines printed under it up to the next `$` line. A `...` line
    ends what is compared; the JSON example is shortened by hand and is left out."""
    examples, block = [], None
    for line in README.splitlines():
        if line.startswith("```") and block is None:
            block = []
        elif line.startswith("```"):
            examples += _commands(block)
            block = None
        elif block is not None:
            block.append(line)
    return examples


def _commands(block: list[str]) -> list[tuple[str, list[str]]]:
    found = []
    for i, line in enumerate(block):
        if not line.startswith("$ deckcheck "):
            continue
        printed = []
        for after in block[i + 1:]:
            if after.startswith("$ "):
                break
            printed.append(after)
        command = line[2:]
        ours = command.startswith("deckcheck rules") or ("examples/" in command and "../shared" not in command)
        if ours and "--output json" not in command and command.split()[1] in ("validate", "rules"):
            found.append((command, printed))
    return found


EXAMPLES = readme_examples()


def test_the_readme_shows_validate_and_rules_examples():
    assert len(EXAMPLES) >= 8
    assert {command.split()[1] for command, _ in EXAMPLES} == {"validate", "rules"}


@pytest.mark.parametrize("command,printed", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_a_readme_example_prints_what_the_readme_shows(command, printed, capsys, monkeypatch):
    monkeypatch.chdir(PROJECT)
    try:
        main(shlex.split(command)[1:])
    except SystemExit:
        pass
    out, err = capsys.readouterr()
    shown = printed[: printed.index("...")] if "..." in printed else printed
    # the README shows what a terminal shows: stderr's lines (warnings) and stdout's, interleaved
    assert _interleaves(shown, out.splitlines(), err.splitlines(), whole="..." not in printed), (out, err)


def _interleaves(shown: list[str], out: list[str], err: list[str], *, whole: bool) -> bool:
    """Whether the shown lines are stdout's and stderr's lines, each in its order (all of them when `whole`)."""
    i = j = 0
    for line in shown:
        if i < len(out) and out[i] == line:
            i += 1
        elif j < len(err) and err[j] == line:
            j += 1
        else:
            return False
    return not whole or (i, j) == (len(out), len(err))


def readme_pipelines() -> list[tuple[str, list[str]]]:
    """The README's shell pipelines on the project's own files (`$ cat examples/... | deckcheck ... -`,
    `$ deckcheck ... | sed -n 4,18p`), each with what it prints up to the next `$` line; a `…` or `...` line ends
    what is compared (the README's cut). Those reading ../shared or the clipboard are left out."""
    found, lines = [], README.splitlines()
    for i, line in enumerate(lines):
        command = line[2:]
        if not line.startswith("$ ") or "|" not in command or "deckcheck " not in command \
                or "../shared" in command or "xclip" in command:
            continue
        printed = []
        for after in lines[i + 1:]:
            if after.startswith(("$ ", "```")):
                break
            printed.append(after)
        while printed and not printed[-1].strip():
            printed.pop()
        found.append((command, printed))
    return found


PIPELINES = readme_pipelines()


def test_the_readme_shows_stdin_and_a_spanish_list_printed_back_in_english():
    commands = [command for command, _ in PIPELINES]
    assert "cat examples/wizard-legal-es.txt | deckcheck validate --rules coe - 2>/dev/null" in commands
    assert any(c.startswith("deckcheck convert --to markdown examples/wizard-legal-es.txt") for c in commands)


@pytest.mark.parametrize("command,printed", PIPELINES, ids=[c for c, _ in PIPELINES])
def test_a_readme_pipeline_prints_what_the_readme_shows(command, printed):
    import os
    import subprocess
    import sys
    from pathlib import Path

    bin_dir = Path(sys.executable).parent
    assert (bin_dir / "deckcheck").exists(), f"the deckcheck command is not installed beside {sys.executable}"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", "-c", command], cwd=PROJECT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)
    cut = next((printed.index(mark) for mark in ("…", "...") if mark in printed), None)
    shown = printed if cut is None else printed[:cut]
    assert done.returncode == 0, done.stderr
    assert _interleaves(shown, done.stdout.splitlines(), done.stderr.splitlines(), whole=cut is None), \
        (done.stdout, done.stderr)


def readme_sessions_on_the_real_decks() -> list[list[tuple[str, list[str]]]]:
    """The README's example blocks that read the real decks of ../shared, each as its `$` commands in order (a line
    ending in a backslash goes on over the next), each command with what it prints up to the next `$` line; a `…`
    or `...` line ends what is compared. `simulate` is left out (10,000 games take seconds each), so is the
    clipboard."""
    sessions, block = [], None
    for line in README.splitlines():
        if line.startswith("```") and block is None:
            block = []
        elif line.startswith("```"):
            commands = []
            for shown in block:
                if shown.startswith("$ ") and commands and commands[-1][0].endswith("\\"):
                    raise AssertionError(f"a continued command is followed by another: {shown}")
                if shown.startswith("$ "):
                    commands.append((shown[2:], []))
                elif commands and commands[-1][0].endswith("\\"):
                    commands[-1] = (commands[-1][0][:-1] + " " + shown.strip(), [])
                elif commands:
                    commands[-1][1].append(shown)
            kept = [(c, p) for c, p in commands if "simulate" not in c and "xclip" not in c]
            if any("../shared" in command for command, _ in commands) and any("deckcheck" in c for c, _ in kept):
                sessions.append(kept)
            block = None
        elif block is not None:
            block.append(line)
    return sessions


SESSIONS = readme_sessions_on_the_real_decks()


def test_the_readme_shows_examples_on_the_real_decks():
    commands = [command for session in SESSIONS for command, _ in session]
    assert any(c.startswith("deckcheck show ") for c in commands) and any(c.startswith("deckcheck diff ")
                                                                        for c in commands)
    assert len(commands) >= 6
    # a path a newcomer cannot copy ("…/E - Gandalf"): every example names its files as they are
    assert not re.search(r"^\$ .*[\"' ](\.\.\.|…)/", README, flags=re.M)


@needs_decks
@pytest.mark.parametrize("session", SESSIONS, ids=[s[0][0][:60] for s in SESSIONS])
def test_a_readme_example_on_the_real_decks_prints_what_the_readme_shows(session, tmp_path):
    """Run as a newcomer runs them: in a clone (here a folder holding the examples) with ../shared beside it,
    one shell for the whole block (a variable set in one line is used in the next), copied as written."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    clone = tmp_path / "clone"
    clone.mkdir()
    (clone / "examples").symlink_to(PROJECT / "examples")
    (tmp_path / "shared").symlink_to(SHARED)
    script = "".join(f"{{ {command}\n}} >out.{i} 2>err.{i}\n" for i, (command, _) in enumerate(session))
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    subprocess.run(["bash", "-c", script], cwd=clone, env=env, timeout=300, check=False)
    for i, (command, printed) in enumerate(session):
        while printed and not printed[-1].strip():
            printed = printed[:-1]
        out = (clone / f"out.{i}").read_text(encoding="utf-8").splitlines()
        err = (clone / f"err.{i}").read_text(encoding="utf-8").splitlines()
        cut = next((printed.index(mark) for mark in ("…", "...") if mark in printed), None)
        shown = printed if cut is None else printed[:cut]
        assert _interleaves(shown, out, err, whole=cut is None), (command, out, err)
