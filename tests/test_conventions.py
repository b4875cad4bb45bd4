"""The conventions of the tools players already use (ruff, pip, sqlfluff): -V, -q/-v, colour with NO_COLOR and
FORCE_COLOR, wrapping to the terminal, a closing summary, -o's suffix picking the format, help for every option
and the same default for the same option everywhere."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile

import click
import pytest

from deckcheck import __version__, console
from deckcheck.cli import cli
from tests._shared import COE_CARDS, PROJECT, needs_coe
from tests._shared import run_main as run

EXAMPLES = PROJECT / "examples"
LEGAL = str(EXAMPLES / "wizard-legal.meccg")
ILLEGAL = str(EXAMPLES / "wizard-illegal.meccg")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def deckcheck(*args: str, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True,
                          env={**environment, **(env or {})}, cwd=cwd, timeout=120)


def every_command(groups: bool = False):
    """(name, command) of every command of the tree; with groups, the groups too ("" is deckcheck itself)."""
    ctx = click.Context(cli)

    def walk(group, prefix):
        if groups:
            yield " ".join(prefix), group
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                yield from walk(command, (*prefix, name))
            else:
                yield " ".join((*prefix, name)), command

    return list(walk(cli, ()))


# ---------------------------------------------------------------- -V


def test_version_names_the_card_data_and_the_rulesets():
    for flag in ("-V", "--version"):
        result = deckcheck(flag)
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert lines[0] == f"deckcheck {__version__}"
        assert re.fullmatch(r"card data: Council of Elrond MECCG card database at commit [0-9a-f]{12} \(1683 cards\)",
                            lines[1])
        assert re.fullmatch(r"rulesets: coe [0-9a-f]{12}, rulebook [0-9a-f]{12}, dreamcards [0-9a-f]{12}, "
                            r"sealed [0-9a-f]{12}, meccg-online [0-9a-f]{12}, dc-cube [0-9a-f]{12} "
                            r"\(digests of rulesets/<name>/\*\.toml\)", lines[2])


def test_the_ruleset_revision_changes_with_the_rules(tmp_path, monkeypatch):
    import shutil

    from deckcheck import about

    shutil.copytree(PROJECT / "rulesets", tmp_path / "rulesets")
    monkeypatch.setattr(about, "data_dir", lambda name: tmp_path / name)
    before = about.ruleset_revision("coe")
    wizard = tmp_path / "rulesets" / "coe" / "wizard.toml"
    wizard.write_text(wizard.read_text(encoding="utf-8").replace("resources_min = 30", "resources_min = 31"),
                      encoding="utf-8")
    assert about.ruleset_revision("coe") != before
    assert about.ruleset_revision("rulebook") == about.ruleset_revision("rulebook")
    shutil.rmtree(tmp_path / "rulesets" / "rulebook")
    assert "rulebook missing" in about.rulesets_line()


# ---------------------------------------------------------------- -q / -v


def test_quiet_keeps_the_report_and_drops_the_warnings(capsys):
    deck = str(PROJECT / "tests" / "fixtures" / "batch" / "wizard-illegal.meccg")
    code, out, err = run(capsys, "validate", deck)
    assert "warning" in err            # the reader's count-mismatch warnings
    code_q, out_q, err_q = run(capsys, "validate", "-q", deck)
    assert (code_q, out_q, err_q) == (code, out, "")
    _, out_q2, err_q2 = run(capsys, "-q", "validate", deck)
    assert (out_q2, err_q2) == (out, "")


def test_verbose_before_or_after_the_command(capsys):
    for argv in (("-v", "validate", LEGAL), ("validate", "-v", LEGAL)):
        _, _, err = run(capsys, *argv)
        assert "deckcheck: rules = coe  (built-in default)" in err


def test_q_and_v_also_after_a_group_name(capsys):
    # the README: -v works before or after the command's name; `deckcheck cards -v show X` was a usage error
    groups = [name for name, command in every_command(groups=True) if name and isinstance(command, click.Group)]
    assert groups == ["cards"]
    before = run(capsys, "-v", "cards", "show", "Gandalf")
    assert DATA_LINE.search(before[2])
    for argv in (("cards", "-v", "show", "Gandalf"), ("cards", "show", "Gandalf", "-v")):
        assert run(capsys, *argv) == before
    quiet = run(capsys, "-q", "cards", "show", "Glamdrng")
    assert run(capsys, "cards", "-q", "show", "Glamdrng") == quiet
    assert "Glamdring" in quiet[1] and quiet[2] == ""


# A command line of every command that runs here (nothing from ../shared), for -v.
RUNNABLE = {
    "batch": ["batch", str(EXAMPLES / "registrations.csv")],
    "cards search": ["cards", "search", "--name", "Gandalf"],
    "cards show": ["cards", "show", "Gandalf"],
    "convert": ["convert", LEGAL, "--to", "json"],
    "diff": ["diff", LEGAL, ILLEGAL],
    "hand": ["hand", LEGAL, "--seed", "1"],
    "matchups": ["matchups", LEGAL, str(EXAMPLES / "balrog-legal.meccg"), "--games", "2", "--jobs", "1"],
    "meta": ["meta", str(EXAMPLES)],
    "odds": ["odds", LEGAL],
    "rules": ["rules"],
    "sheet": ["sheet", LEGAL],
    "show": ["show", LEGAL],
    "simulate": ["simulate", LEGAL, "--games", "10"],
    "stats": ["stats", LEGAL],
    "validate": ["validate", LEGAL, ILLEGAL],
}
# Commands -v is not run on here, and why.
NOT_RUN = {"cards import-coe": "needs ../shared's coe-cards.json and writes a catalog: "
                               "test_import_says_its_sources_with_v",
           "cards import-gccg": "needs ../shared's GCCG set files and writes a catalog: tests/test_dreamcards.py"}
DATA_LINE = re.compile(r"^deckcheck: card data: .* at commit [0-9a-f]{12} \(\d+ cards\); "
                       r"rulesets: coe [0-9a-f]{12}, rulebook [0-9a-f]{12}, dreamcards [0-9a-f]{12}, "
                       r"sealed [0-9a-f]{12}, meccg-online [0-9a-f]{12}, dc-cube [0-9a-f]{12}$", re.M)


def test_every_command_is_run_with_v():
    assert {name for name, _ in every_command()} == set(RUNNABLE) | set(NOT_RUN)


@pytest.mark.parametrize("name", sorted(RUNNABLE))
def test_verbose_says_more_on_every_command(capsys, name):
    """-v adds lines and takes none away: the data the answer comes from (as -V), each setting the command takes
    with where it came from, how each deck was read; the report on stdout stays the same."""
    argv = RUNNABLE[name]
    code, out, err = run(capsys, *argv)
    code_v, out_v, err_v = run(capsys, *argv, "-v")
    timing = re.compile(r"\d+ games in [\d.]+ s \([\d,]+ games/s\)")    # how long it took differs each run
    out, out_v, err, err_v = (timing.sub("(timing)", text) for text in (out, out_v, err, err_v))
    assert (code_v, out_v) == (code, out)
    added = [line for line in err_v.splitlines() if line not in err.splitlines()]
    assert set(err.splitlines()) <= set(err_v.splitlines())
    assert DATA_LINE.search(err_v), err_v
    command = dict(every_command())[name]
    for setting in sorted({getattr(p, "setting", None) for p in command.params} - {None}):
        assert any(line.startswith(f"deckcheck: {setting} = ") and "(built-in default)" in line for line in added)
    decks = [a for a in argv[1:] if a.endswith(".meccg")] if name != "meta" else \
        sorted(str(p) for p in EXAMPLES.glob("*.meccg"))
    for deck in decks:
        assert any(line.startswith(f"deckcheck: read {deck} as gccg format, ") for line in added), (deck, added)
    if name == "batch":
        assert "deckcheck: row 6 Illegal Ivy: illegal (wizard-illegal.meccg): unique-limit: " in err_v


@needs_coe
def test_import_says_its_sources_with_v(capsys, tmp_path):
    code, _, err = run(capsys, "cards", "import-coe", str(COE_CARDS), "-o", str(tmp_path), "-v")
    assert code == 0 and DATA_LINE.search(err)


def test_verbose_tells_how_a_deck_was_read(capsys):
    _, _, err = run(capsys, "show", ILLEGAL, "-v")
    assert (f"deckcheck: read {ILLEGAL} as gccg format, utf-8, 92 cards in 50 entries, wizard: avatar Gandalf [H] "
            "(TW) ×2 in the play deck, 1 copy of names that are no card\n") in err


# ---------------------------------------------------------------- colour


def test_colour_only_on_a_terminal_unless_forced():
    piped = deckcheck("validate", ILLEGAL)
    assert not ANSI.search(piped.stdout) and not ANSI.search(piped.stderr)
    forced = deckcheck("validate", ILLEGAL, env={"FORCE_COLOR": "1"})
    assert "\x1b[31m\x1b[1mILLEGAL\x1b[0m" in forced.stdout
    assert "  \x1b[31m\x1b[1merror\x1b[0m   pool" in forced.stdout
    assert ANSI.sub("", forced.stdout) == piped.stdout
    no_colour = deckcheck("validate", ILLEGAL, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert no_colour.stdout == piped.stdout


def test_colour_decision(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert console.colour() is None                       # click decides: a terminal gets colour
    monkeypatch.setenv("FORCE_COLOR", "0")
    assert console.colour() is None
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert console.colour() is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert console.colour() is False


def test_warnings_and_errors_on_stderr_are_coloured_when_forced():
    deck = str(PROJECT / "tests" / "fixtures" / "batch" / "wizard-illegal.meccg")
    result = deckcheck("validate", deck, "/no/such/deck", env={"FORCE_COLOR": "1"})
    assert ": \x1b[33mwarning\x1b[0m: " in result.stderr
    assert "\x1b[31m\x1b[1mdeckcheck: /no/such/deck: no such file\x1b[0m" in result.stderr


# ---------------------------------------------------------------- wrapping


def test_a_verdict_wraps_to_the_width_with_continuations_under_the_code():
    text = deckcheck("validate", ILLEGAL).stdout
    assert max(len(line) for line in text.splitlines()) > 150     # piped: one line per violation
    wrapped = console.wrap_report(text, 80)
    assert max(len(line) for line in wrapped.splitlines()) <= 80
    assert " ".join(wrapped.split()) == " ".join(text.split())      # the same words, only the line ends differ
    lines = wrapped.splitlines()
    first = next(i for i, line in enumerate(lines) if "unique-limit" in line)
    assert lines[first].startswith("  error   pool         unique-limit: ")
    assert lines[first + 1].startswith(" " * 23) and not lines[first + 1].startswith(" " * 24)


def test_reports_wrap_only_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(console, "terminal_width", lambda: 60)
    _, out, _ = run(capsys, "validate", ILLEGAL)
    assert max(len(line) for line in out.splitlines()) <= 60
    monkeypatch.setattr(console, "terminal_width", lambda: None)
    _, out, _ = run(capsys, "validate", ILLEGAL)
    assert max(len(line) for line in out.splitlines()) > 150


# ---------------------------------------------------------------- closing summary


def test_several_decks_end_with_a_summary(capsys):
    code, out, err = run(capsys, "validate", LEGAL, ILLEGAL, str(EXAMPLES / "balrog-legal.meccg"))
    assert code == 1
    assert out.endswith("\n\n3 decks: 2 legal, 1 illegal (6 errors)\n")
    code, out, err = run(capsys, "validate", LEGAL, "/no/such/deck")
    assert code == 2 and out.endswith("\n2 decks: 1 legal, 0 illegal, 1 not checked\n")
    # a deck read well that the ruleset cannot judge (the rulebook has no Balrog rules) is not "unreadable"
    code, out, err = run(capsys, "validate", "--rules", "rulebook", LEGAL, str(EXAMPLES / "balrog-legal.meccg"))
    assert code == 2 and "has no rules for a balrog deck" in err
    assert out.endswith("\n2 decks: 1 legal, 0 illegal, 1 not checked\n")
    code, out, err = run(capsys, "validate", "--output", "json", LEGAL, ILLEGAL)
    assert json.loads(out)["decks"] and "deckcheck: 2 decks: 1 legal, 1 illegal (6 errors)" in err
    _, out, _ = run(capsys, "validate", LEGAL)
    assert "1 deck" not in out                                       # one deck: its verdict is the summary


# ---------------------------------------------------------------- an input that cannot be read

# Every command line that reads a file the user names, with BAD where that file goes.
READS_A_FILE = [
    ["validate", "BAD"], ["validate", LEGAL, "BAD"], ["show", "BAD"], ["convert", "--to", "json", "BAD"],
    ["stats", "BAD"], ["odds", "BAD"], ["simulate", "--games", "1", "BAD"],
    ["simulate", "--games", "1", LEGAL, "--against", "BAD"], ["sheet", "BAD"], ["diff", LEGAL, "BAD"],
    ["diff", "BAD", LEGAL], ["batch", "BAD"], ["meta", LEGAL, "BAD"],
    ["matchups", "--jobs", "1", "--one", "BAD", LEGAL], ["cards", "import-coe", "BAD"],
]   # meta: a field of inputs, each that cannot be read left out in one line (alone, a second says none was)


def _denied(monkeypatch, path) -> None:
    """`path` unreadable, as it is for a user without read permission (the tests may run as root, whom file
    modes do not stop): access() says no and opening it fails with EACCES."""
    import errno

    real_access, real_open, real_builtin_open = os.access, os.open, open

    def access(p, mode, *a, **k):
        return False if os.fspath(p) == str(path) else real_access(p, mode, *a, **k)

    def os_open(p, flags, *a, **k):
        if os.fspath(p) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(p, flags, *a, **k)

    def builtin_open(p, *a, **k):
        if isinstance(p, (str, os.PathLike)) and os.fspath(p) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_builtin_open(p, *a, **k)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "open", os_open)
    monkeypatch.setattr("builtins.open", builtin_open)


@pytest.mark.parametrize("argv", READS_A_FILE, ids=" ".join)
def test_a_folder_or_an_unreadable_file_is_one_line_naming_it(capsys, monkeypatch, tmp_path, argv):
    """Not click's usage block (Usage:, Try --help, Error: Invalid value...): the file is an input error like a
    missing one, one line naming it, exit 2 -- on every command, as stats and odds always did."""
    folder = tmp_path / "decks.xlsx" if argv[0] == "batch" else tmp_path / "deck.meccg"
    folder.mkdir()
    locked = tmp_path / ("locked.csv" if argv[0] == "batch" else "locked.meccg")
    locked.write_text((EXAMPLES / "wizard-legal.meccg").read_text(encoding="utf-8"), encoding="utf-8")
    _denied(monkeypatch, locked)
    for bad in ([] if argv[0] in ("meta", "validate") else [folder]) + [locked]:   # a folder is their input
        code, out, err = run(capsys, *(str(bad) if a == "BAD" else a for a in argv))
        # meta writes its report of the decks it could read: a report written is never exit 2
        assert code == (0 if argv[0] == "meta" and len(argv) > 2 else 2), (bad, err)
        assert "Usage:" not in err and "Traceback" not in err, err
        assert len(err.strip().splitlines()) == 1 and str(bad) in err, err


# ---------------------------------------------------------------- -o picks the format


def test_stats_writes_the_format_the_file_name_says(tmp_path):
    html, xlsx, as_json, txt = (tmp_path / f"r.{s}" for s in ("html", "xlsx", "json", "txt"))
    for target in (html, xlsx, as_json, txt):
        result = deckcheck("stats", LEGAL, "-o", str(target))
        assert result.returncode == 0, result.stderr
    assert html.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    assert "xl/workbook.xml" in zipfile.ZipFile(xlsx).namelist()
    assert json.loads(as_json.read_text(encoding="utf-8"))["play_deck_size"] == 65
    assert txt.read_text(encoding="utf-8").startswith(deckcheck("stats", LEGAL).stdout[:40])


@pytest.mark.parametrize("argv, words", [
    (["stats", LEGAL, "-o", "r.html", "--output", "json"], "the name says html but --output is json"),
    (["stats", LEGAL, "-o", "r.pdf"], "cannot tell the format from .pdf; end the name in .txt, .text, .json, "
                                      ".xlsx, .html, .htm, or give --output"),
    (["stats", LEGAL, "--output", "xlsx"], "--output xlsx writes a file: give it with -o FILE"),
    (["convert", LEGAL, "-o", "d.json", "--to", "gccg"], "the name says json but --to is gccg"),
    (["matchups", LEGAL, LEGAL, "-o", "m.json", "--output", "html"], "the name says json but --output is html"),
    (["meta", LEGAL, "-o", "m.xlsx", "--output", "text"], "the name says xlsx but --output is text"),
    (["batch", str(EXAMPLES / "registrations.csv"), "-o", "r.json", "--output", "csv"],
     "the name says json but --output is csv"),
])
def test_a_file_name_that_contradicts_the_format_is_an_error(tmp_path, argv, words):
    result = deckcheck(*argv, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert words in result.stderr and len(result.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []                            # nothing written


@pytest.mark.parametrize("argv, words", [
    (["validate", "--rules", "foo", "x"],
     "validate: --rules on the command line: 'foo' is not one of 'rulebook', 'coe'"),
    (["validate"], "validate: Missing argument 'DECKS...'"),
    (["validate", "--bogus", "x"], "validate: No such option '--bogus'"),
    (["stats", "--draws", "abc", "x"], "stats: --draws on the command line: 'abc' is not a valid integer range"),
])
def test_a_usage_error_is_one_line_naming_where_the_bad_value_came_from(argv, words):
    """Not click's four-line block, which blames DECKCHECK_RULES for a value typed on the command line."""
    result = deckcheck(*argv)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"deckcheck: {words}") and line.endswith(f"(see 'deckcheck {argv[0]} --help')"), line
    assert "DECKCHECK_" not in line


def test_validate_takes_a_folder_as_meta_and_matchups_do(tmp_path):
    folder = tmp_path / "decks"
    (folder / "more").mkdir(parents=True)
    (folder / "legal.meccg").write_bytes((EXAMPLES / "wizard-legal.meccg").read_bytes())
    (folder / "README.md").write_text("# My decks\n\nThe ones I take to tournaments.\n", encoding="utf-8")
    result = deckcheck("validate", str(folder))
    assert result.returncode == 0, result.stderr                   # the README is left out, said, no error
    assert "legal.meccg: LEGAL" in result.stdout and "README.md" in result.stderr and "left out" in result.stderr
    (folder / "more" / "illegal.meccg").write_bytes((EXAMPLES / "wizard-illegal.meccg").read_bytes())
    result = deckcheck("validate", str(folder))
    assert result.returncode == 1 and "illegal.meccg: ILLEGAL" in result.stdout   # a deck in a subfolder is checked
    empty = tmp_path / "empty"
    empty.mkdir()
    result = deckcheck("validate", str(empty))
    assert result.returncode == 2 and "no deck files in this folder" in result.stderr


def test_a_report_written_is_never_exit_2(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "legal.meccg").write_bytes((EXAMPLES / "wizard-legal.meccg").read_bytes())
    (folder / "notes.md").write_text("# Notes\n\nNothing here.\n", encoding="utf-8")   # no decklist: left out
    result = deckcheck("meta", str(folder), "-o", str(tmp_path / "meta.json"))
    assert result.returncode == 0, result.stderr
    assert "notes.md" in result.stderr and json.loads((tmp_path / "meta.json").read_text(encoding="utf-8"))["decks"]


def test_convert_takes_the_format_from_the_name(tmp_path):
    for name, holds in (("d.json", '"format": "deckcheck-deck"'), ("d.md", "\n## Pool"),
                        ("d.meccg", "# Middle-earth Deck\n"), ("d.deck", "# GCCG v0.9.4 Middle-earth deck\n"),
                        ("d.o8d", "<deck game=")):
        result = deckcheck("convert", LEGAL, "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        assert holds in (tmp_path / name).read_text(encoding="utf-8")
    assert json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))["format"] == "deckcheck-deck"
    result = deckcheck("convert", LEGAL)
    assert result.returncode == 2
    assert "give --to gccg|meccg|cardnum|octgn|tts|json|markdown, or -o FILE" in result.stderr
    # NetMECCG's .dck is read, not written: refused, not GCCG text in a file named for NetMECCG
    result = deckcheck("convert", LEGAL, "-o", str(tmp_path / "d.dck"))
    assert result.returncode == 2 and "netmeccg is not one this command writes" in result.stderr
    assert not (tmp_path / "d.dck").exists()


# ---------------------------------------------------------------- help and defaults


def test_every_option_of_every_command_says_what_it_does():
    """Every option of every command and group (deckcheck's own -V, --debug too) has its help text; -h is
    click's own."""
    missing = [f"deckcheck {name} {option.opts[0]}".replace("  ", " ")
               for name, command in every_command(groups=True) for option in command.get_params(click.Context(cli))
               if isinstance(option, click.Option) and not option.help]
    assert missing == []
    # and the walk reached the groups and their options
    group_options = {o.opts[0] for o in dict(every_command(groups=True))[""].get_params(click.Context(cli))}
    assert {"-V", "--debug", "-q", "-v", "-h"} <= group_options


def test_the_command_list_shows_each_summary_whole():
    result = deckcheck("--help")
    listing = result.stdout.split("Commands:", 1)[1]
    assert "..." not in listing
    for name, command in every_command():
        if " " not in name:
            first = console.first_sentence(command.help)
            assert first in " ".join(listing.split()), name


# Options whose default differs between commands, and why. Anything else shares one default everywhere.
DIFFERENT_DEFAULTS = {
    "--games": "matchups plays both decks' full turns, some 50 times a goldfish game's cost: 200 a pair",
    "--length": "simulate uses the deck's declared length when none is set",
    "--seed": "hand deals a new shuffle unless a seed is given (and prints the seed to repeat it)",
    "--turns": "hand shows the first few turns a player shuffles up to see, not a whole game",
    "--output": "where -o can name a file its suffix picks the format: no fixed default",
}


# Options whose values differ between commands, and why. Anything else takes the same values everywhere.
DIFFERENT_TYPES = {
    "--output": "each command writes its own formats",
    "--alignment": "cards search filters cards by their own alignment (Hero, Minion...); the others set a deck's",
}


def shared_options() -> dict[str, dict[str, click.Option]]:
    """--long-name -> {command: the option}, for every option of every command."""
    found: dict[str, dict] = {}
    for name, command in every_command():
        for option in command.params:
            if isinstance(option, click.Option):
                found.setdefault(max(option.opts, key=len), {})[name] = option
    return found


def test_the_same_option_has_the_same_default_in_every_command():
    defaults = {opt: {name: repr(o.default) for name, o in by_command.items()}
                for opt, by_command in shared_options().items()}
    differing = {opt for opt, by_command in defaults.items() if len(set(by_command.values())) > 1}
    assert differing == set(DIFFERENT_DEFAULTS)
    assert set(defaults["--draws"].values()) == {"5"} and set(defaults["--draws"]) == {"odds", "stats"}
    assert set(defaults["--rules"].values()) == {"'coe'"}
    assert set(defaults["--jobs"].values()) == {"1"}   # matchups too: a local Dask cluster only when asked for


def test_the_same_option_takes_the_same_values_and_short_name_in_every_command():
    def values(option: click.Option):
        choices = getattr(option.type, "choices", None)
        bounds = (getattr(option.type, "min", None), getattr(option.type, "max", None))
        return (tuple(choices) if choices else option.type.name, bounds, tuple(sorted(option.opts)),
                option.is_flag, option.multiple)

    differing = {opt for opt, by_command in shared_options().items()
                 if len({values(o) for o in by_command.values()}) > 1}
    assert differing == set(DIFFERENT_TYPES)
    shared = [opt for opt, by_command in shared_options().items() if len(by_command) > 1]
    assert {"--draws", "--rules", "--length", "--alignment", "--input-format", "--force", "--lang", "--games",
            "--seed", "--turns", "--jobs", "--out", "--output"} <= set(shared)


# Every command with -o, a file its suffix names in each format it writes, and what its first bytes hold.
WRITES = {
    "stats": (["stats", LEGAL], {".txt": b"", ".json": b"{", ".xlsx": b"PK", ".html": b"<!"}),
    "convert": (["convert", LEGAL], {".meccg": b"\n####\n", ".json": b"{", ".md": b"\n## Pool"}),
    "batch": (["batch", str(EXAMPLES / "registrations.csv")],
              {".json": b"{", ".xlsx": b"PK", ".csv": '\ufeff"row","player",'.encode()}),   # a BOM: Excel reads UTF-8
    "meta": (["meta", str(EXAMPLES)], {".txt": b"", ".json": b"{", ".xlsx": b"PK", ".html": b"<!"}),
    "matchups": (["matchups", LEGAL, str(EXAMPLES / "balrog-legal.meccg"), "--games", "2", "--jobs", "1"],
                 {".txt": b"", ".json": b"{", ".xlsx": b"PK", ".html": b"<!"}),
    "sheet": (["sheet", LEGAL], {".html": b"<!", ".htm": b"<!"}),
}
NOT_A_REPORT = {"cards import-coe": "-o names the folder of the catalog it writes (--out-dir)",
                "cards import-gccg": "-o names the folder of the catalog it writes (--out-dir)"}


def test_every_command_with_o_is_tried():
    with_o = {name for name, command in every_command()
              if any("-o" in getattr(p, "opts", ()) for p in command.params)}
    assert with_o == set(WRITES) | set(NOT_A_REPORT)


@pytest.mark.parametrize("name", sorted(WRITES))
def test_o_writes_the_format_its_suffix_names_and_refuses_one_it_cannot(capsys, tmp_path, name):
    argv, formats = WRITES[name]
    for suffix, holds in formats.items():
        target = tmp_path / f"report{suffix}"
        code, _, err = run(capsys, *argv, "-o", str(target))
        assert code in (0, 1), err
        head = target.read_bytes()[:200]
        assert holds in head, (suffix, head)
        if suffix == ".json":
            assert json.loads(target.read_text(encoding="utf-8"))["schema"].startswith("deckcheck/")
        if suffix in (".txt", ".meccg"):
            assert not head.lstrip().startswith((b"{", b"<", b"PK"))
    code, out, err = run(capsys, *argv, "-o", str(tmp_path / "report.pdf"))
    assert code == 2 and "cannot tell the format from .pdf" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "report.pdf").exists()
