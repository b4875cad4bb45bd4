"""Build the example tournament registrations: examples/registrations.xlsx and examples/registrations.csv.

    .venv/bin/python examples/make_registrations.py [OUT_DIR]

Rows reference the example decks beside this script by relative path (examples/*-legal.meccg,
examples/*-illegal.meccg), one row has a decklist pasted into its cell, one names a deck file that does not
exist (to show an error row), and one overrides the ruleset. The workbook has a second sheet of late
registrations (every sheet is read) and extra columns (Table, E-mail) that are carried through to the results.
Try it:

    deckcheck batch examples/registrations.xlsx -o results.xlsx
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEADER = ["Player", "Alignment", "Deck", "Ruleset", "Length", "Table", "E-mail"]


def example_decks() -> tuple[list[Path], list[Path]]:
    legal = sorted(HERE.glob("*-legal.meccg"))
    illegal = sorted(HERE.glob("*-illegal.meccg"))
    if not legal or not illegal:
        sys.exit(f"no example decks (*-legal.meccg, *-illegal.meccg) in {HERE}")
    return legal, illegal


def pick(paths: list[Path], name: str) -> Path:
    return next((p for p in paths if p.name == name), paths[0])


def rows() -> tuple[list[list], list[list]]:
    """(first sheet rows, late-registration rows), without the header."""
    legal, illegal = example_decks()
    first: list[list] = []
    table = 1
    for path in legal:
        alignment = path.name.removesuffix("-legal.meccg")
        # the printed rulebooks have no Balrog rules: a Balrog player is checked under coe
        ruleset = "coe" if alignment == "balrog" else ""
        first.append([f"{alignment.capitalize()} Player", alignment, path.name, ruleset, "", table,
                      f"{alignment}@example.org"])
        table += 1
    first.append(["Illegal Ivy", "", pick(illegal, "wizard-illegal.meccg").name, "", "", table,
                  "ivy@example.org"])
    first.append(["Coe Corwin", "", pick(illegal, "ringwraith-illegal.meccg").name, "coe", 3, table + 1,
                  "corwin@example.org"])
    pasted = pick(legal, "wizard-legal.meccg").read_text(encoding="utf-8").strip("\n")
    first.append(["Pasted Pippin", "", pasted, "", "", table + 2, "pippin@example.org"])
    first.append(["Forgetful Fredegar", "", "fredegar.meccg", "", "", table + 3, "fredegar@example.org"])
    late = [['=HYPERLINK("http://example.org","click")', "", pick(legal, "ringwraith-legal.meccg").name, "", "",
             table + 4,
             "late@example.org"]]
    return first, late


def write_xlsx(path: Path, first: list[list], late: list[list]) -> None:
    import openpyxl

    workbook = openpyxl.Workbook()
    sheets = [(workbook.active, "Registrations", first), (workbook.create_sheet(), "Late registrations", late)]
    for worksheet, title, values in sheets:
        worksheet.title = title
        worksheet.append(HEADER)
        for row in values:
            worksheet.append(row)
            for cell in worksheet[worksheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"          # a name starting with "=" is text here, not a formula
        worksheet.freeze_panes = "A2"
        for letter, width in zip("ABCDEFG", (22, 14, 28, 10, 8, 7, 24)):
            worksheet.column_dimensions[letter].width = width
    path.write_bytes(same_bytes_every_time(workbook))


FIXED_TIME = (2024, 1, 1, 0, 0, 0)


def same_bytes_every_time(workbook) -> bytes:
    """The workbook's bytes without what changes from run to run (its created/modified times, each zip member's
    time), so that running this script again leaves the committed workbook as it is."""
    import datetime
    import io
    import zipfile

    workbook.properties.created = workbook.properties.modified = datetime.datetime(*FIXED_TIME)
    saved = io.BytesIO()
    workbook.save(saved)
    out = io.BytesIO()
    with zipfile.ZipFile(saved) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "docProps/core.xml":   # openpyxl stamps the time of saving as "modified"
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-01-01T00:00:00Z", data)
            target.writestr(zipfile.ZipInfo(info.filename, FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def write_csv(path: Path, first: list[list], late: list[list]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(HEADER)
        writer.writerows(first + late)


def main(argv: list[str] | None = None) -> None:
    """Write both files into examples/, or into the directory given as the only argument."""
    argv = sys.argv[1:] if argv is None else argv
    out_dir = Path(argv[0]) if argv else HERE
    first, late = rows()
    write_xlsx(out_dir / "registrations.xlsx", first, late)
    write_csv(out_dir / "registrations.csv", first, late)
    print(f"wrote {out_dir / 'registrations.xlsx'} and {out_dir / 'registrations.csv'}: "
          f"{len(first) + len(late)} registrations")


if __name__ == "__main__":
    main()
