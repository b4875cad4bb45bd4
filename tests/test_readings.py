"""A line read as a card other than the name it writes (a near miss, a remark cut off, another edition's name) is
part of the verdict: in `validate --output json` (each deck's "readings": line, written text, card read) and in the
closing line even with -q; -v lists them. Before, such a reading was a warning on stderr only, which -q removed."""

from __future__ import annotations

import json

import jsonschema
import pytest

from deckcheck.datafiles import schema_path
from tests._shared import PROJECT, run_main

EXAMPLE = (PROJECT / "examples" / "wizard-legal.meccg").read_text(encoding="utf-8")
NEAR_MISS = EXAMPLE.replace("3 Far-sight [H] (TW)", "3 Far-sihgt [H] (TW)")
NEAR_MISS_LINE = EXAMPLE.splitlines().index("3 Far-sight [H] (TW)") + 1


@pytest.fixture
def near_miss(tmp_path):
    path = tmp_path / "near-miss.meccg"
    path.write_text(NEAR_MISS, encoding="utf-8")
    return str(path)


def test_json_quiet_shows_the_near_miss_in_the_json_and_in_the_closing_line(capsys, near_miss):
    code, out, err = run_main(capsys, "validate", "--output", "json", "-q", near_miss)
    assert code == 0                  # read as Far-sight, the deck is legal: the reading is what the verdict rests on
    document = json.loads(out)
    jsonschema.validate(document, json.loads(schema_path("validate").read_text(encoding="utf-8")))
    [reading] = document["decks"][0]["readings"]
    assert reading == {"line": NEAR_MISS_LINE, "written": "Far-sihgt", "card": "Far-sight", "card_id": "TW-238",
                       "kind": "near-miss", "why": "'Far-sihgt' is no card name; read as 'Far-sight' (spelling)"}
    assert err.strip().splitlines() == [
        "deckcheck: 1 name read as another card (1 near miss); each deck's \"readings\" lists them"]


def test_text_quiet_keeps_the_closing_line_and_verbose_lists_each_reading(capsys, near_miss):
    code, out, err = run_main(capsys, "validate", "-q", near_miss)
    assert out.rstrip().endswith("\n\n1 name read as another card (1 near miss); -v lists them") and err == ""
    code, out, err = run_main(capsys, "validate", "-v", near_miss)
    assert (f"  read    line {NEAR_MISS_LINE}: 'Far-sihgt' as Far-sight [TW-238] ('Far-sihgt' is no card name; "
            f"read as 'Far-sight' (spelling))") in out
    assert out.rstrip().endswith("1 name read as another card (1 near miss); listed above")


def test_remarks_and_other_editions_are_readings_too_and_a_clean_list_has_none(capsys, tmp_path):
    path = tmp_path / "mixed.meccg"
    path.write_text(EXAMPLE.replace("3 Dodge [H] (TW)", "3 Dodge (vs. Orcs)")
                    .replace("3 Concealment [H] (TW)", "3 Ocultamiento"), encoding="utf-8")
    code, out, _ = run_main(capsys, "validate", "--output", "json", "-q", str(path))
    kinds = {r["written"]: (r["kind"], r["card"]) for r in json.loads(out)["decks"][0]["readings"]}
    assert kinds == {"Dodge (vs. Orcs)": ("remark", "Dodge"), "Ocultamiento": ("language", "Concealment")}
    clean = PROJECT / "examples" / "wizard-legal.meccg"
    code, out, err = run_main(capsys, "validate", "--output", "json", "-q", str(clean))
    assert json.loads(out)["decks"][0]["readings"] == [] and err == ""
    code, out, _ = run_main(capsys, "validate", "-q", str(clean))
    assert "read as" not in out
