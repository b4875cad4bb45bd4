"""Batch CSV results hold no live formula in any reader (issue 20, item 2): every field is quoted, and a formula
trigger after any separator a reader may split on (';' in German, French, Dutch or Spanish Excel and in
LibreOffice, ',', tab, '|') is neutralised as at the start. Each output is read back with each separator, quotes
honoured and ignored, and (where LibreOffice is installed) by LibreOffice itself."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from deckcheck.report.spreadsheet import is_formula_like
from tests._shared import run_main
from tests.fixtures import attacks

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# Formulas as spreadsheets take them, each also behind every separator and inside a longer text.
FORMULAS = ["=1+1", "+1+1", "-1+1", "@SUM(1,1)", '=HYPERLINK("http://evil.example/","click")',
            "=cmd|' /C calc'!A0", "=2+5+cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", " =1+1"]
SEPARATORS = [";", ",", "\t", "|", "\n"]
PAYLOADS = (FORMULAS + attacks.FORMULA_RESIDUE
            + [f"Bob{sep}{formula}{sep}" for sep in SEPARATORS for formula in FORMULAS[:4]]
            + [f"a{sep} {sep}{sep}=1+1" for sep in SEPARATORS])


def _registrations(tmp_path: Path) -> Path:
    """A registration per payload: as the player, the e-mail, a card line of a pasted deck (so the Violations
    quote it) and, for some rows, the name of a deck file that does not exist (an error quoting it)."""
    legal = (EXAMPLES / "wizard-legal.meccg").read_text(encoding="utf-8")
    rows = [["Player", "Deck", "E-mail"]]
    for n, payload in enumerate(PAYLOADS):
        deck = f"{payload}.meccg" if n % 5 == 0 and "\n" not in payload else legal + f"\n1 {payload}\n"
        rows.append([payload, deck, payload])
    path = tmp_path / "reg.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> list[Path]:
    tmp_path = tmp_path_factory.mktemp("csv")
    capsys = _Capture()
    code, _, err = capsys.run("batch", str(_registrations(tmp_path)), "-o", str(tmp_path / "out.csv"))
    assert code == 1, err
    return [tmp_path / "out.csv", tmp_path / "out-violations.csv"]


class _Capture:
    """run_main for a module-scoped fixture (capsys is per test)."""

    def run(self, *argv):
        import contextlib

        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                from deckcheck.cli import main

                main(list(argv))
                code = 0
            except SystemExit as exited:
                code = exited.code or 0
        return code, out.getvalue(), err.getvalue()


def _cells(text: str, delimiter: str, honour_quotes: bool):
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter,
                        quoting=csv.QUOTE_MINIMAL if honour_quotes else csv.QUOTE_NONE)
    for row in reader:
        yield from row


def _starts_a_formula(cell: str) -> bool:
    """The first character a program does not skip is a formula trigger (a cell starting with a line break of
    the file, as a reader that splits rows inside a quoted field makes, is text)."""
    return is_formula_like(cell.lstrip("\t\r\n"))


@pytest.mark.parametrize("honour_quotes", [True, False], ids=["quotes", "no-quotes"])
@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"], ids=["comma", "semicolon", "tab", "bar"])
def test_no_cell_starts_a_formula_whatever_the_separator(outputs, delimiter, honour_quotes):
    for path in outputs:
        text = path.read_bytes().decode("utf-8-sig")
        live = [cell for cell in _cells(text, delimiter, honour_quotes) if _starts_a_formula(cell)]
        assert live == [], f"{path.name} read with {delimiter!r}: {live[:5]}"


def test_the_payloads_are_in_the_results_as_text(outputs):
    summary, violations = (p.read_bytes().decode("utf-8-sig") for p in outputs)
    rows = list(csv.reader(io.StringIO(summary, newline="")))
    assert len(rows) == len(PAYLOADS) + 1
    assert all(any(mark in row[1] for mark in ("+1", "SUM", "calc", "HYPERLINK")) for row in rows[1:])
    assert violations.count("Bob;'=1+1;") >= 1 and summary.count("Bob;'=1+1;") >= 2     # player and e-mail


def test_every_field_is_quoted(outputs):
    for path in outputs:
        text = path.read_bytes().decode("utf-8-sig")
        again = io.StringIO(newline="")
        csv.writer(again, lineterminator="\r\n", quoting=csv.QUOTE_ALL).writerows(
            csv.reader(io.StringIO(text, newline="")))
        assert again.getvalue() == text


def test_the_issue_reproduction_is_quoted_and_neutralised(tmp_path, capsys):
    regs = tmp_path / "reg.csv"
    regs.write_text("Player,Deck,E-mail\nBob;=1+1;,wizard-legal.meccg,a@b.c\n", encoding="utf-8")
    shutil.copy(EXAMPLES / "wizard-legal.meccg", tmp_path)
    code, _, err = run_main(capsys, "batch", str(regs), "-o", str(tmp_path / "out.csv"))
    assert code == 0, err
    row = (tmp_path / "out.csv").read_bytes().decode("utf-8-sig").split("\r\n")[1]
    assert row.startswith('"2","Bob;\'=1+1;","legal","TRUE",'), row


@pytest.mark.parametrize("text, safe", [
    ("Bob;=1+1;", "Bob;'=1+1;"), ("a,+1", "a,'+1"), ("a\t@SUM(A1)", "a\t'@SUM(A1)"), ("a|-1", "a|'-1"),
    ("a; \u200b=1", "a;' \u200b=1"), ("a;\uff1d1", "a;'\uff1d1"), ("lines 3,4,5", "lines 3,4,5"),
    ("a;b", "a;b"), ("=1;=2", "'=1;'=2"), ("a\t\t\t", "a\t\t\t"),
])
def test_a_trigger_after_a_separator_is_neutralised(text, safe):
    from deckcheck.report.spreadsheet import csv_value

    assert csv_value(text) == safe


def test_neutralising_a_long_run_of_tabs_is_linear():
    # a tab is a separator and a skipped blank at once: looking ahead from each would be quadratic
    from deckcheck.report.spreadsheet import csv_value

    text = "a" + "\t" * 200_000 + "=1"
    assert csv_value(text) == "a" + "\t" * 199_999 + "\t'=1"


# ---------------------------------------------------------------- LibreOffice, where it can be had

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.skipif(SOFFICE is None, reason="needs LibreOffice (soffice) to read the CSV back; "
                                            "apt-get install --no-install-recommends libreoffice-calc-nogui")
@pytest.mark.parametrize("separator", [59, 44, 9], ids=["semicolon", "comma", "tab"])
def test_libreoffice_finds_no_formula(outputs, tmp_path, separator):
    """LibreOffice headless opens each CSV with the separator given (filter CSV:SEP,34,76,1: double quotes,
    UTF-8, from line 1) and saves it as flat ODS: no cell holds a formula."""
    converted = tmp_path / "fods"
    done = subprocess.run([SOFFICE, "--headless", "--norestore", f"-env:UserInstallation=file://{tmp_path}/lo",
                           "--convert-to", "fods", f"--infilter=CSV:{separator},34,76,1", "--outdir", str(converted),
                           *map(str, outputs)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "HOME": str(tmp_path)})
    sheets = sorted(converted.glob("*.fods"))
    assert len(sheets) == 2, done.stdout + done.stderr
    for sheet in sheets:
        xml = sheet.read_text(encoding="utf-8")
        assert "1+1" in xml, "the payloads were not read"
        assert "table:formula=" not in xml, f"{sheet.name}: LibreOffice read a formula with separator {separator}"
