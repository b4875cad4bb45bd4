"""Hostile input and hostile surroundings (issue 10): every way a command can end is one line and exit 2, never
a traceback; no special file is read, no input overwritten, no output half-written; numbers, encodings, NULs
and control characters from strangers are handled. The inputs are generated (tests/fixtures/attacks.py) in
small sizes; benchmarks/bench_attacks.py replays them at the sizes of the issue."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from deckcheck.decklist import parse_text
from deckcheck.errors import DeckcheckError
from deckcheck.fileio import atomic_write_bytes, atomic_write_files, read_text
from deckcheck.report.spreadsheet import is_formula_like, safe_cell
from deckcheck.terminal import printable, printable_json
from tests._shared import run_main
from tests.fixtures import attacks

PROJECT = Path(__file__).resolve().parents[1]
LEGAL = PROJECT / "examples" / "wizard-legal.meccg"
RAW_CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e")


def run_process(*argv, cwd=None, timeout=60, preexec_fn=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *argv], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, preexec_fn=preexec_fn)


def one_line(err: str) -> bool:
    return "Traceback" not in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- how a command ends


def test_an_internal_error_is_one_line_and_exit_2(capsys, monkeypatch):
    import deckcheck.rules.engine as engine

    def broken(*_args, **_kw):
        raise ZeroDivisionError("boom\nsecond line")

    monkeypatch.setattr(engine, "validate_file", broken)
    code, _, err = run_main(capsys, "validate", str(LEGAL))
    assert code == 2 and one_line(err)
    assert err == "deckcheck: internal error: ZeroDivisionError: boom (run with --debug for the traceback)\n"


def test_debug_shows_the_traceback_of_an_internal_error(capsys, monkeypatch):
    import deckcheck.rules.engine as engine

    monkeypatch.setattr(engine, "validate_file", lambda *a, **k: 1 / 0)
    code, _, err = run_main(capsys, "--debug", "validate", str(LEGAL))
    assert code == 2 and "Traceback (most recent call last)" in err
    assert err.rstrip().splitlines()[-1] == "deckcheck: internal error: ZeroDivisionError: division by zero"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full to fill a disk")
def test_a_report_that_cannot_be_written_to_stdout_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "deckcheck", "show", str(LEGAL)], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "deckcheck: cannot write the report to stdout: No space left on device\n"


def test_a_closed_pipe_ends_quietly():
    done = subprocess.run(f"{sys.executable} -m deckcheck show {LEGAL} | head -1", shell=True,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith(str(LEGAL)) and done.stderr == ""


# ---------------------------------------------------------------- special files are not read


def special_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe.meccg"
    os.mkfifo(fifo)
    directory = tmp_path / "dir.meccg"
    directory.mkdir()
    files = {"a FIFO (named pipe)": fifo, "a directory": directory}
    if Path("/dev/zero").exists():
        zero = tmp_path / "zero.xlsx"
        zero.symlink_to("/dev/zero")
        files["a device"] = zero
    return files


@pytest.mark.parametrize("command", [["validate"], ["show"], ["stats"], ["odds"], ["simulate"],
                                     ["convert", "--to", "json"]])
def test_no_deck_command_reads_a_fifo_a_device_or_a_directory(tmp_path, command):
    for what, path in special_files(tmp_path).items():
        done = run_process(command[0], str(path), *command[1:], timeout=30)
        if what == "a directory" and "on the command line" in done.stderr:   # click's own check of the argument
            assert done.returncode == 2 and "is a directory" in done.stderr and one_line(done.stderr)
            continue
        if what == "a directory" and command == ["validate"]:   # validate takes a folder of decks (6dcd6a9)
            assert done.returncode == 2 and one_line(done.stderr), done.stderr
            assert "no deck files in this folder" in done.stderr
            continue
        assert done.returncode == 2 and one_line(done.stderr), (what, done.stderr)
        assert f"is {what}, not a file; nothing was read" in done.stderr


def test_batch_reads_no_fifo_or_device_as_registrations(tmp_path):
    for what, path in special_files(tmp_path).items():
        registrations = path.with_suffix(".xlsx") if path.suffix != ".xlsx" else path
        if registrations != path:
            path.rename(registrations)
        done = run_process("batch", str(registrations), timeout=30)
        if what == "a directory" and "on the command line" in done.stderr:   # click's own check of the argument
            assert one_line(done.stderr)
            continue
        assert done.returncode == 2 and one_line(done.stderr), (what, done.stderr)
        assert f"is {what}, not a file" in done.stderr


# ---------------------------------------------------------------- writing


def limit_file_size():
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))   # writes beyond 2000 bytes fail with EFBIG


def test_a_failed_write_is_one_line_and_leaves_nothing(tmp_path):
    done = run_process("stats", str(LEGAL), "--output", "json", "-o", str(tmp_path / "stats.json"),
                       preexec_fn=limit_file_size)
    assert done.returncode == 2 and one_line(done.stderr), done.stderr
    assert done.stderr == f"deckcheck: {tmp_path / 'stats.json'}: cannot write: File too large\n"
    assert list(tmp_path.iterdir()) == []


def test_a_write_error_becomes_a_deckcheck_error(tmp_path, monkeypatch):
    def full(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(DeckcheckError, match="cannot write: No space left on device"):
        atomic_write_bytes(tmp_path / "out.json", b"{}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("existing", [False, True])
def test_a_pair_of_files_appears_whole_or_not_at_all(tmp_path, monkeypatch, existing):
    first, second = tmp_path / "results.csv", tmp_path / "results-violations.csv"
    if existing:
        first.write_bytes(b"old summary")
        second.write_bytes(b"old violations")
    real_replace, calls = os.replace, []

    def second_fails(src, dst):
        calls.append(dst)
        if Path(dst) == second:
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", second_fails)
    with pytest.raises(DeckcheckError, match="cannot write: Input/output error"):
        atomic_write_files([(first, b"new summary"), (second, b"new violations")])
    monkeypatch.setattr(os, "replace", real_replace)
    if existing:
        assert (first.read_bytes(), second.read_bytes()) == (b"old summary", b"old violations")
    else:
        assert not first.exists() and not second.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == (sorted([first.name, second.name]) if existing else [])


def test_stats_never_writes_over_its_deck(tmp_path):
    deck = tmp_path / "deck.meccg"
    deck.write_bytes(LEGAL.read_bytes())
    link = tmp_path / "link.json"
    link.symlink_to(deck)
    for target in (deck, link):
        done = run_process("stats", str(deck), "--output", "json", "-o", str(target), "--force")
        assert done.returncode == 2 and one_line(done.stderr)
        assert "an input of this command; the input is never overwritten" in done.stderr
    assert deck.read_bytes() == LEGAL.read_bytes()


def test_convert_and_import_never_write_over_their_input(tmp_path, capsys):
    deck = tmp_path / "deck.meccg"
    deck.write_bytes(LEGAL.read_bytes())
    code, _, err = run_main(capsys, "convert", str(deck), "--to", "meccg", "-o", str(deck), "--force")
    assert code == 2 and "the input is never overwritten" in err and deck.read_bytes() == LEGAL.read_bytes()
    source = tmp_path / "cards.json"
    source.write_text("{}", encoding="utf-8")
    code, _, err = run_main(capsys, "cards", "import-coe", str(source), "-o", str(tmp_path))
    assert code == 2 and "the input is never overwritten" in err and source.read_text(encoding="utf-8") == "{}"


# ---------------------------------------------------------------- numbers, encodings, NULs


@pytest.mark.parametrize("text, suffix, message", [
    (attacks.long_count_deck(5000), ".meccg", "count of more than 9 digits is not a plausible number"),
    (attacks.superscript_qty_octgn(), ".o8d", "qty '\u00b2' is not a number"),
    (attacks.huge_json_count(), ".json", "parts/hazards/0/count: inf is not of type 'integer'"),
])
def test_numbers_are_bounded_before_they_are_read(tmp_path, capsys, text, suffix, message):
    deck = tmp_path / f"deck{suffix}"
    deck.write_text(text, encoding="utf-8")
    code, _, err = run_main(capsys, "show", str(deck))
    assert "Traceback" not in err and message in err


def test_a_card_id_with_a_superscript_digit_is_no_id():
    deck = parse_text(attacks.superscript_id_wigy(), path="x.json")
    assert [d.code for d in deck.diagnostics][:1] == ["card-id-mismatch"]
    assert [(e.card.name, e.count) for e in deck.entries] == [("Twilight", 3)]


def test_an_unknown_encoding_in_an_xml_declaration_is_ignored():
    deck = parse_text(attacks.bad_encoding_octgn(), path="x.o8d")
    assert [d.code for d in deck.diagnostics] == [] and deck.entries[0].card.name == "Twilight"


def test_nul_anywhere_makes_a_binary_file(tmp_path):
    late = tmp_path / "late.meccg"
    late.write_text(attacks.late_nul_deck(20_000), encoding="utf-8")
    with pytest.raises(DeckcheckError, match="binary file, not a decklist"):
        from deckcheck.decklist import read_deck

        read_deck(late)
    assert "\x00" in read_text(late)[0][20_000:]


# ---------------------------------------------------------------- what reaches a terminal


def test_printable_escapes_controls_and_keeps_letters_tabs_and_lines():
    assert printable("Th\u00e9oden\t\u2013\n" + attacks.ESCAPES) == \
        "Th\u00e9oden\t\u2013\n\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202e"
    document = json.dumps({"name": attacks.ESCAPES + "\u00e9"}, ensure_ascii=False)
    assert json.loads(printable_json(document)) == {"name": attacks.ESCAPES + "\u00e9"}
    assert not any(c in printable_json(document) for c in RAW_CONTROLS)


@pytest.mark.parametrize("argv", [
    ["show"], ["show", "--output", "json"], ["validate"], ["validate", "--output", "json"], ["stats"],
    ["stats", "--output", "json"], ["odds"], ["odds", "--output", "json"], ["simulate", "--games", "100"],
    ["simulate", "--games", "100", "--output", "json"], ["convert", "--to", "markdown"],
    ["validate", "--all-formats"],
])
def test_no_command_prints_a_control_character_of_a_deck(tmp_path, capsys, argv):
    evil = tmp_path / f"evil{attacks.ESCAPES}.meccg"
    evil.write_text(attacks.escape_deck(), encoding="utf-8")
    code, out, err = run_main(capsys, argv[0], str(evil), *argv[1:])
    assert code in (0, 1) and "Traceback" not in err
    assert not [c for c in RAW_CONTROLS if c in out + err], (out + err)[:500]
    assert "\\x1b[2J" in out + err     # shown, not obeyed


# ---------------------------------------------------------------- spreadsheet cells


@pytest.mark.parametrize("text", attacks.FORMULA_RESIDUE)
def test_formula_residue_is_prefixed(text):
    assert is_formula_like(text) and safe_cell(text) == "'" + text


@pytest.mark.parametrize("text", ["\u2003Gandalf", "\u200bnote", "\ufeffPlayer", "\u00a0 1+1", "Sauron = evil"])
def test_blanks_before_harmless_text_do_not_prefix(text):
    assert not is_formula_like(text) and safe_cell(text) == text


# ---------------------------------------------------------------- batch: what it reads, writes and starts


def tournament(tmp_path: Path, cells: list[str]) -> Path:
    """tmp/private/secret.env beside tmp/tourney/ (registrations, decks/, symlinks in and out); returns the
    registrations file, one row per cell, every row declaring its alignment so that a read deck is judged."""
    private = tmp_path / "private"
    private.mkdir()
    (private / "secret.env").write_text(f"Hazards:\n{attacks.SECRET}\n", encoding="utf-8")
    tourney = tmp_path / "tourney"
    (tourney / "decks").mkdir(parents=True)
    (tourney / "decks" / "legal.meccg").write_bytes(LEGAL.read_bytes())
    (tourney / "link.meccg").symlink_to(private / "secret.env")
    (tourney / "inner.meccg").symlink_to(tourney / "decks" / "legal.meccg")
    registrations = tourney / "r.csv"
    import csv

    with open(registrations, "w", newline="", encoding="utf-8") as fh:
        rows = [[f"P{i}", cell, "Hero"] for i, cell in enumerate(cells)]
        csv.writer(fh).writerows([["Player", "Deck", "Alignment"], *rows])
    return registrations


OUTSIDE_CELLS = ["../private/secret.env", "decks/../../private/secret.env", "link.meccg", "~/secret.env",
                 "{private}/secret.env", "file://{private}/secret.env"]
INSIDE_CELLS = ["decks/legal.meccg", "inner.meccg", "{tourney}/decks/legal.meccg", "DECKS/Legal.meccg"]


def batch_json(capsys, *argv) -> tuple[int, dict, str]:
    code, out, err = run_main(capsys, "batch", *argv)
    return code, json.loads(out) if out else {}, err


def test_deck_paths_that_leave_the_registrations_folder_are_row_errors(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "private"))
    cells = [c.format(private=tmp_path / "private", tourney=tmp_path / "tourney")
             for c in OUTSIDE_CELLS + INSIDE_CELLS + ["missing.meccg"]]
    registrations = tournament(tmp_path, cells)
    code, document, err = batch_json(capsys, str(registrations))
    results = document["results"]
    assert code == 1 and "Traceback" not in err
    outside, inside, missing = (results[:len(OUTSIDE_CELLS)], results[len(OUTSIDE_CELLS):-1], results[-1])
    assert all(r["first_problem"].startswith("deck-file: deck path outside the registrations folder")
               for r in outside), [r["first_problem"] for r in outside]
    assert [r["status"] for r in inside] == ["legal"] * len(INSIDE_CELLS)
    assert missing["first_problem"] == "deck-file: missing.meccg: no such deck file (looked for missing.meccg)"
    printed = json.dumps(document["results"]) + err   # (the registrations file is named as the organizer gave it)
    assert "hunter2" not in printed and str(tmp_path / "tourney") not in printed.replace(cells[8], "")


def test_allow_outside_lets_the_organizer_read_decks_anywhere(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "private"))
    registrations = tournament(tmp_path, [c.format(private=tmp_path / "private") for c in OUTSIDE_CELLS])
    code, document, _ = batch_json(capsys, str(registrations), "--allow-outside")
    assert all("unknown-card" in {v["code"] for v in r["violations"]} for r in document["results"])


def test_decks_dir_is_where_deck_paths_resolve_and_must_stay(tmp_path, capsys):
    registrations = tournament(tmp_path, ["legal.meccg", "../r.csv", "../decks/legal.meccg"])
    code, document, _ = batch_json(capsys, str(registrations), "--decks-dir", str(tmp_path / "tourney" / "decks"))
    first, up, again = document["results"]
    assert first["status"] == "legal"
    assert up["first_problem"].startswith("deck-file: deck path outside the decks folder (--decks-dir)")
    assert again["status"] == "legal"      # leaves the folder and comes back into it: inside


def test_batch_never_writes_results_over_a_deck_it_reads(tmp_path, capsys):
    registrations = tournament(tmp_path, ["decks/legal.meccg"])
    deck = tmp_path / "tourney" / "decks" / "legal.meccg"
    for out in (deck, tmp_path / "tourney" / "inner.meccg"):
        code, _, err = run_main(capsys, "batch", str(registrations), "-o", str(out), "--output", "json", "--force")
        assert code == 2 and one_line(err) and "the input is never overwritten" in err
    assert deck.read_bytes() == LEGAL.read_bytes()


def test_batch_never_writes_results_over_a_file_a_one_line_cell_names(tmp_path, capsys):
    """A cell without a deck suffix ("a.csv", "A - Stewards of Gondor") is read as a pasted decklist, and, being
    none, as the file of that name there: that file is an input too, in the results as the cell names it."""
    deck = tmp_path / "a.csv"
    deck.write_bytes(LEGAL.read_bytes())
    registrations = tmp_path / "r.csv"
    registrations.write_text("Player,Deck\nAnn,a.csv\n", encoding="utf-8")
    code, _, err = run_main(capsys, "batch", str(registrations), "-o", str(deck), "--force")
    assert code == 2 and one_line(err) and "the input is never overwritten" in err
    assert deck.read_bytes() == LEGAL.read_bytes()
    code, document, _ = batch_json(capsys, str(registrations))
    assert code == 0 and [(r["deck"], r["status"]) for r in document["results"]] == [("a.csv", "legal")]


def pasted_registrations(path: Path, rows: int) -> Path:
    import csv

    text = LEGAL.read_text(encoding="utf-8")
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["Player", "Deck"]] + [[f"Player {n}", text] for n in range(rows)])
    return path


def test_jobs_are_capped_at_twice_the_cpus(tmp_path):
    registrations = pasted_registrations(tmp_path / "r.csv", 3)
    done = run_process("batch", str(registrations), "--jobs", "1000", "-o", str(tmp_path / "out.json"))
    most = (os.cpu_count() or 1) * 2
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (f"deckcheck: --jobs 1000 lowered to {most} (2 per CPU: more processes "
                                           f"would only wait for the same cores)")


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def started(pid: int) -> str | None:
    """When a live process started (field 22 of /proc/PID/stat), None once it is gone or a zombie: with its pid,
    it names the process even after the pid is given to another (a busy machine runs through 32,768 pids)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else fields[19]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the worker processes")
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGKILL"])
def test_workers_end_with_the_batch(tmp_path, signal_name):
    """The two workers of `batch --jobs 2` end with it, however it ends. No bound on speed: each wait has a
    deadline far beyond what it takes on a loaded machine, and only its outcome is asserted."""
    import signal
    import time

    # 2,000 decks: seconds of work for two processes, so that the batch is still running when it is signalled
    # however slowly this test gets to send the signal (300 decks were done within a second)
    registrations = pasted_registrations(tmp_path / "r.csv", 2000)
    # stderr to a file, not a pipe: a worker left running would hold a pipe open, and reading it would wait for it
    stderr = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", "batch", str(registrations), "--jobs", "2", "-o",
                             str(tmp_path / "out.json")], stdout=subprocess.DEVNULL, stderr=stderr)
    workers: dict[int, str | None] = {}
    try:
        deadline = time.monotonic() + 120
        while len(children(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = {pid: started(pid) for pid in children(proc.pid)}
        assert len(workers) == 2 and proc.poll() is None, "the workers never started, or the batch was over"
        proc.send_signal(getattr(signal, signal_name))
        proc.wait(timeout=300)
        deadline = time.monotonic() + 120
        running = list(workers)
        while running and time.monotonic() < deadline:
            time.sleep(0.1)
            running = [pid for pid, start in workers.items() if started(pid) == start]
        assert not running, f"{len(running)} of the 2 workers still running after the batch ended"
    finally:
        proc.kill()
        proc.wait()
        for pid, start in workers.items():
            if started(pid) == start:
                os.kill(pid, signal.SIGKILL)    # a worker this test failed on, not left running
        stderr.seek(0)
        err = stderr.read().decode("utf-8", "replace")
        stderr.close()
    if signal_name == "SIGTERM":
        assert proc.returncode == 2 and err == "deckcheck: terminated\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name != "r.csv"]      # no results, no temporary file


def test_a_csv_pair_on_a_full_disk_leaves_neither_file(tmp_path):
    registrations = pasted_registrations(tmp_path / "r.csv", 5)
    unknown = "".join(f"1 No Such Card {n}\n" for n in range(30))      # a Summary under 2000 bytes, but not
    registrations.write_text(registrations.read_text(encoding="utf-8").replace("2 Gandalf", unknown + "2 Gandalf"),
                             encoding="utf-8")                            # the Violations
    done = run_process("batch", str(registrations), "-o", str(tmp_path / "results.csv"),
                       preexec_fn=limit_file_size)
    assert done.returncode == 2 and one_line(done.stderr) and "cannot write: File too large" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


def test_a_pool_of_sixty_characters_drafts_from_twenty_candidates():
    """Found by the fuzz: the draft tried every group of 5 of the pool's characters (5 million of 60)."""
    from deckcheck.cards.catalog import load_catalog
    from deckcheck.decklist.model import Part
    from deckcheck.sim.simulate import build_sim_deck

    heroes = sorted({c.name for c in load_catalog().cards
                     if c.type == "Character" and c.alignment == "Hero" and not c.avatar})[:60]
    pool = "####\nPool\n####\n\n" + "".join(f"1 {name} [H]\n" for name in heroes) + "\n####\nDeck\n####"
    deck = parse_text(LEGAL.read_text(encoding="utf-8").replace("####\nDeck\n####", pool, 1), path="pool.meccg")
    assert len([e for e in deck.part(Part.POOL) if e.card is not None]) >= 60
    sim = build_sim_deck(deck, 2)
    assert 1 <= len(sim.start_characters) <= 5
