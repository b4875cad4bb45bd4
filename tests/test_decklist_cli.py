"""`deckcheck show` and `deckcheck convert` as a user runs them: output, stderr, exit codes, files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema

from deckcheck.decklist.native import schema

FIXTURES = Path(__file__).parent / "fixtures" / "decklist"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=cwd, timeout=120)


def test_show_prints_parts_with_counts_and_lines():
    result = run("show", str(FIXTURES / "fenced.meccg"))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Alignment: wizard: avatar Saruman [H] (TW) ×3 in the play deck" in out
    assert "Characters (4)" in out and "Sideboard vs. Fallen-wizard (1)" in out and "Sites (2)" in out
    assert "3  Saruman [H] (TW)" in out and "line 13" in out
    assert result.stderr == ""


def test_show_with_warnings_exits_0_and_puts_diagnostics_on_stderr(tmp_path):
    deck = tmp_path / "m.md"
    deck.write_text("Hazards:\n2 Dodge\n3 Orc-watch\n", encoding="utf-8")
    result = run("show", str(deck))
    assert result.returncode == 0
    assert f"{deck}:2: warning:" in result.stderr and "[misplaced-card]" in result.stderr
    assert "written under hazards" in result.stdout and "[misplaced-card]" not in result.stdout


def test_show_json_is_valid_against_the_shipped_schema():
    result = run("show", str(FIXTURES / "crlf.dck"), "--output", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    jsonschema.validate(data, schema())
    assert data["alignment"] == "fallen-wizard" and data["counts"]["characters"] == 3
    assert data["parts"]["characters"][0] == {"count": 3, "name": "Alatar", "card": "WH-1", "tag": "F", "set": "WH",
                                               "lines": [14, 15, 16]}


def test_show_input_format_option_forces_the_reader():
    result = run("show", str(FIXTURES / "zones.txt"), "--input-format", "gccg-plain")
    assert result.returncode == 0 and "[missing-count]" in result.stderr


def test_show_alignment_option_overrides_inference():
    result = run("show", str(FIXTURES / "list.md"), "--alignment", "ringwraith", "--output", "json")
    assert json.loads(result.stdout)["alignment"] == "ringwraith"


def test_unreadable_input_is_one_line_and_exit_2(tmp_path):
    empty = tmp_path / "empty.deck"
    empty.write_bytes(b"")
    for args in (["show", str(empty)], ["show", str(tmp_path / "missing.deck")],
                 ["convert", str(empty), "--to", "json"]):
        result = run(*args)
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("deckcheck: ")
        assert "Traceback" not in result.stderr


def test_convert_to_each_format_on_stdout_reads_back_the_same(tmp_path):
    # GCCG sorts each "# <type> (n)" group by name, as its own export does: the order of the cards is no part of
    # the deck
    for fmt, suffix in (("gccg", ".deck"), ("meccg", ".meccg"), ("cardnum", ".txt"), ("octgn", ".o8d"),
                        ("tts", ".json"), ("json", ".json"), ("markdown", ".md")):
        result = run("convert", str(FIXTURES / "fenced.meccg"), "--to", fmt)
        assert result.returncode == 0, result.stderr
        written = tmp_path / f"again{suffix}"
        written.write_text(result.stdout, encoding="utf-8")
        again = json.loads(run("show", str(written), "--output", "json").stdout)
        original = json.loads(run("show", str(FIXTURES / "fenced.meccg"), "--output", "json").stdout)
        assert again["counts"] == original["counts"]
        assert {p: sorted((e["card"], e["count"]) for e in entries) for p, entries in again["parts"].items()} == \
               {p: sorted((e["card"], e["count"]) for e in entries) for p, entries in original["parts"].items()}


def test_convert_writes_a_file_and_never_overwrites_without_force(tmp_path):
    out = tmp_path / "deck.json"
    first = run("convert", str(FIXTURES / "bom.o8d"), "--to", "json", "-o", str(out))
    assert first.returncode == 0 and out.is_file() and f"wrote {out}" in first.stderr
    out.write_text("keep me", encoding="utf-8")
    second = run("convert", str(FIXTURES / "bom.o8d"), "--to", "json", "-o", str(out))
    assert second.returncode == 2 and "exists already" in second.stderr
    assert out.read_text(encoding="utf-8") == "keep me"
    forced = run("convert", str(FIXTURES / "bom.o8d"), "--to", "json", "-o", str(out), "--force")
    assert forced.returncode == 0 and json.loads(out.read_text(encoding="utf-8"))["alignment"] == "balrog"


def test_convert_refuses_to_replace_its_own_input(tmp_path):
    deck = tmp_path / "deck.md"
    deck.write_text("Characters:\n3 Gandalf\n", encoding="utf-8")
    result = run("convert", str(deck), "--to", "markdown", "-o", str(deck), "--force")
    assert result.returncode == 2 and deck.read_text(encoding="utf-8") == "Characters:\n3 Gandalf\n"


def test_show_notes_a_card_written_under_another_role_but_not_the_sorting_of_a_mixed_deck_list(tmp_path):
    mixed = tmp_path / "mixed.deck"
    mixed.write_text("Deck\n\n3 Gandalf\n2 Dodge\n\nSites\n\n1 Rivendell\n", encoding="utf-8")
    out = run("show", str(mixed)).stdout
    assert "Characters (3)" in out and "Resources (2)" in out and "written under" not in out
    listed = tmp_path / "listed.md"
    listed.write_text("Characters:\n3 Gandalf\nHazards:\n2 Dodge\n", encoding="utf-8")
    assert "2  Dodge [H] (TW)" in run("show", str(listed)).stdout
    assert "line 4  [written under hazards]" in run("show", str(listed)).stdout


def test_convert_of_a_missing_deck_to_an_existing_file_is_one_line_and_exit_2(tmp_path):
    out = tmp_path / "deck.json"
    out.write_text("keep me", encoding="utf-8")
    result = run("convert", str(tmp_path / "missing.deck"), "--to", "json", "-o", str(out))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == f"deckcheck: {tmp_path / 'missing.deck'}: no such file\n"
    assert out.read_text(encoding="utf-8") == "keep me"


def test_show_text_prints_control_characters_of_a_decklist_escaped_not_raw():
    from deckcheck.decklist import parse_text
    from deckcheck.decklist.show import render_text

    deck = parse_text("Name: evil\x1b[31mred\nCharacters:\n3 Gandalf\n1 Foo\x1b[2J\n", path="esc.md")
    shown = render_text(deck)
    assert "\x1b" not in shown and "Name: evil\\x1b[31mred" in shown and "Foo\\x1b[2J" in shown
    assert "Théoden" in render_text(parse_text("Characters:\n1 Théoden\n", path="t.md"))   # letters stay


def test_show_and_convert_import_neither_pandas_nor_openpyxl():
    deck = str(FIXTURES / "fenced.meccg")
    for args in (["show", deck], ["show", deck, "--output", "json"], ["convert", deck, "--to", "json"],
                 ["convert", deck, "--to", "gccg"], ["convert", deck, "--to", "markdown"]):
        code = (f"import sys; from deckcheck.cli import main; main({args!r}); "
                "print(sorted(m for m in ('pandas', 'openpyxl', 'numpy') if m in sys.modules))")
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip().splitlines()[-1] == "[]", args
