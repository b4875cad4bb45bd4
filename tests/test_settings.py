"""Settings a player sets once: command line > DECKCHECK_* environment > config file > built-in default, and
`validate -v` says where each one came from. Run as a player would, in a subprocess from a folder of theirs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.commands.options import RULESET_CHOICE
from tests._shared import PROJECT

EXAMPLES = PROJECT / "examples"
WIZARD = str(EXAMPLES / "wizard-legal.meccg")


def deckcheck(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    import os

    environment = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, text=True, cwd=cwd,
                          env=environment, timeout=120)


def header(result: subprocess.CompletedProcess) -> str:
    return result.stdout.splitlines()[0]


def test_environment_variable_sets_the_ruleset(tmp_path):
    # The Done-when case: DECKCHECK_RULES=coe validates under coe (here against a config file saying rulebook).
    (tmp_path / "deckcheck.toml").write_text('rules = "rulebook"\n', encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path, env={"DECKCHECK_RULES": "coe"})
    assert result.returncode == 0 and "LEGAL under coe rules" in header(result)
    result = deckcheck("validate", WIZARD, cwd=tmp_path, env={"DECKCHECK_RULES": "rulebook"})
    assert "LEGAL under rulebook rules" in header(result)


def test_a_deckcheck_toml_sets_the_ruleset_and_length(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('rules = "rulebook"\nlength = 3\n', encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path)
    assert header(result).endswith("LEGAL under rulebook rules, wizard, 3-deck game")
    (tmp_path / "deckcheck.toml").write_text('rules = "coe"\n', encoding="utf-8")
    result = deckcheck("validate", "-v", WIZARD, cwd=tmp_path)
    assert "LEGAL under coe rules" in header(result)
    assert f"rules = coe  (config file {tmp_path / 'deckcheck.toml'})" in result.stderr


def test_precedence_command_line_environment_config_default(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('rules = "rulebook"\nlength = 3\n', encoding="utf-8")
    result = deckcheck("validate", "-v", "--length", "4", WIZARD, cwd=tmp_path, env={"DECKCHECK_RULES": "coe"})
    assert header(result).endswith("under coe rules, wizard, 4-deck game")
    assert "rules = coe  (environment variable DECKCHECK_RULES=coe)" in result.stderr
    assert "length = 4  (command line)" in result.stderr
    (tmp_path / "deckcheck.toml").unlink()
    result = deckcheck("validate", "-v", WIZARD, cwd=tmp_path)
    assert header(result).endswith("under coe rules, wizard, 2-deck game")
    assert "rules = coe  (built-in default)" in result.stderr and "length = 2  (built-in default)" in result.stderr
    assert "config file: none (looked for" in result.stderr


def test_pyproject_tool_table_in_a_parent_folder(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.deckcheck]\nrules = "rulebook"\n',
                                             encoding="utf-8")
    below = tmp_path / "decks" / "2024"
    below.mkdir(parents=True)
    result = deckcheck("validate", "-v", WIZARD, cwd=below)
    assert "under rulebook rules" in header(result)
    assert f"config file: {tmp_path / 'pyproject.toml'}" in result.stderr


def test_the_nearest_file_wins_and_a_pyproject_without_our_table_is_passed_over(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('length = 4\n', encoding="utf-8")
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "pyproject.toml").write_text('[tool.ruff]\nline-length = 100\n', encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path / "club")
    assert "4-deck game" in header(result)
    (tmp_path / "club" / "deckcheck.toml").write_text('length = 1\n', encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path / "club")
    assert "1-deck game" in header(result)


def test_the_user_config_folder_comes_last(tmp_path):
    user = tmp_path / "xdg"
    (user / "deckcheck").mkdir(parents=True)
    (user / "deckcheck" / "deckcheck.toml").write_text('rules = "rulebook"\n', encoding="utf-8")
    folder = tmp_path / "work"
    folder.mkdir()
    result = deckcheck("validate", "-v", WIZARD, cwd=folder, env={"XDG_CONFIG_HOME": str(user)})
    assert "under rulebook rules" in header(result)
    assert f"config file: {user / 'deckcheck' / 'deckcheck.toml'}" in result.stderr
    (folder / "deckcheck.toml").write_text('rules = "coe"\n', encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=folder, env={"XDG_CONFIG_HOME": str(user)})
    assert "under coe rules" in header(result)


def test_every_command_with_the_option_takes_the_setting(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('rules = "rulebook"\nlength = 3\n', encoding="utf-8")
    rules = deckcheck("rules", cwd=tmp_path)
    assert rules.returncode == 0 and rules.stdout.startswith("rulebook rules, wizard deck")
    sim = deckcheck("simulate", WIZARD, "--games", "10", cwd=tmp_path)
    assert sim.returncode == 0 and "3-deck game" in sim.stdout.splitlines()[0]
    (tmp_path / "reg.csv").write_text(f"player,deck\nAnn,{WIZARD}\n", encoding="utf-8")
    batch = deckcheck("batch", "reg.csv", "--output", "json", cwd=tmp_path)
    assert '"ruleset": "rulebook"' in batch.stdout and '"length": 3' in batch.stdout


@pytest.mark.parametrize("content, words", [
    ('rules = "rulebok"\n', "rules = 'rulebok' in the config file: 'rulebok' is not one of 'rulebook', 'coe'"),
    ('length = 9\n', "length = 9 in the config file: 9 is not in the range 1<=x<=4"),
    ('rule = "coe"\n', "unknown setting 'rule' in the config file; the settings are lang, length, pool, rules"),
    ('rules = "coe\n', "config file is not valid TOML"),
])
def test_a_bad_config_file_is_one_line_naming_it(tmp_path, content, words):
    (tmp_path / "deckcheck.toml").write_text(content, encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"deckcheck: {tmp_path / 'deckcheck.toml'}: {words}")


@pytest.mark.parametrize("variable, value, words", [
    ("DECKCHECK_LENGTH", "7", "7 is not in the range 1<=x<=4"),
    ("DECKCHECK_RULES", "COE", "'COE' is not one of " + ", ".join(repr(name) for name in RULESET_CHOICE.choices)),
    ("DECKCHECK_LANG", "sp", "'sp' is not one of 'en', 'es', 'fr', 'de', 'it', 'nl', 'fi', 'ja'"),
])
def test_a_bad_environment_value_is_one_line_naming_the_variable(tmp_path, variable, value, words):
    """As a bad config file is: one line naming where the value came from, not click's usage block (the command
    line typed was fine); the same value typed as the option stays a usage error."""
    commands = [["validate", WIZARD]] + ([["show", WIZARD]] if variable == "DECKCHECK_LANG" else [])
    for command in commands:
        result = deckcheck(*command, cwd=tmp_path, env={variable: value})
        assert result.returncode == 2 and result.stdout == ""
        [line] = result.stderr.splitlines()
        assert line.rstrip(".") == f"deckcheck: environment variable {variable}={value}: {words}", line
    option = "--" + variable.removeprefix("DECKCHECK_").lower()
    result = deckcheck("validate", option, value, WIZARD, cwd=tmp_path)
    [line] = result.stderr.splitlines()   # one line too, naming the option typed, not the variable
    assert result.returncode == 2 and words in line and f"{option} on the command line" in line
    assert variable not in line and "Usage:" not in line


def test_an_illegal_deck_that_the_other_ruleset_allows_says_so(tmp_path):
    legal = (EXAMPLES / "wizard-legal.meccg").read_text(encoding="utf-8")
    # 28 resources and 28 hazards: the rulebook asks for 25, coe for 30.
    rulebook_only = tmp_path / "r28.meccg"
    rulebook_only.write_text(legal.replace("2 Dagger of Westernesse [H] (TW)\n", "")
                             .replace("2 Arouse Denizens (TW)\n", ""), encoding="utf-8")
    result = deckcheck("validate", str(rulebook_only), cwd=tmp_path)
    assert result.returncode == 1 and "ILLEGAL (1 error) under coe rules" in header(result)
    assert "  note: legal under rulebook rules (--rules rulebook)" in result.stdout.splitlines()
    # Three Witch-kings: MELE allows a Ringwraith player two Ringwraith cards in the play deck, coe three.
    ringwraith = (EXAMPLES / "ringwraith-legal.meccg").read_text(encoding="utf-8")
    coe_only = tmp_path / "w3.meccg"
    coe_only.write_text(ringwraith.replace("2 The Witch-king [M] (LE)", "3 The Witch-king [M] (LE)"), encoding="utf-8")
    result = deckcheck("validate", "--rules", "rulebook", str(coe_only), cwd=tmp_path)
    assert result.returncode == 1 and "ILLEGAL (1 error) under rulebook rules" in header(result)
    assert "  note: legal under coe rules (--rules coe)" in result.stdout.splitlines()
    assert deckcheck("validate", str(coe_only), cwd=tmp_path).returncode == 0
    result = deckcheck("validate", "--rules", "rulebook", str(EXAMPLES / "ringwraith-illegal.meccg"), cwd=tmp_path)
    assert result.returncode == 1 and "note:" not in result.stdout      # illegal under coe too


def test_the_command_line_and_the_library_share_the_built_in_ruleset():
    from deckcheck.commands import options
    from deckcheck.rules.ruleset import DEFAULT_RULESET

    assert options.DEFAULT_RULESET == DEFAULT_RULESET == "coe"


def test_the_language_is_a_setting_too(tmp_path):
    """lang, like rules and length: the environment over the config file over the built-in English."""
    def pool_line(result):
        return next(line for line in result.stdout.splitlines() if "(TW)" in line and "line 56" in line).split()[1:3]

    assert pool_line(deckcheck("show", WIZARD, cwd=tmp_path)) == ["Sam", "Gamgee"]
    (tmp_path / "deckcheck.toml").write_text('lang = "es"\n', encoding="utf-8")
    result = deckcheck("show", "-v", WIZARD, cwd=tmp_path)
    assert pool_line(result) == ["Sam", "Gamyi"]
    assert f"lang = es  (config file {tmp_path / 'deckcheck.toml'})" in result.stderr
    result = deckcheck("show", "-v", WIZARD, cwd=tmp_path, env={"DECKCHECK_LANG": "en"})
    assert pool_line(result) == ["Sam", "Gamgee"] and "lang = en  (environment variable DECKCHECK_LANG=en)" in \
        result.stderr


def test_a_config_file_the_user_cannot_see_is_not_in_force(tmp_path, monkeypatch):
    # Run as another user (sudo -u) with HOME still the first user's: stat of ~/.config/deckcheck/deckcheck.toml
    # raised PermissionError and every command ended in 'internal error'.
    import os

    from deckcheck import settings

    closed = tmp_path / "closed" / "deckcheck.toml"
    monkeypatch.setattr(settings, "user_config_path", lambda: closed)
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        if os.fspath(path) == str(closed):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    found, looked = settings.find_config(tmp_path)
    assert found is None and str(closed) in looked


# ---------------------------------------------------------------- settings nobody can plant (issue 20, item 4)


def _as_another_users(path: Path, monkeypatch) -> None:
    """Make `path` another user's file: chown it where we are root, else make this process another user."""
    import os

    if os.getuid() == 0:
        os.chown(path, 4242, 4242)
    else:
        real = os.getuid()
        monkeypatch.setattr(os, "getuid", lambda: real + 4242)


def test_a_config_file_planted_by_another_user_above_is_not_read(tmp_path, monkeypatch, capsys):
    """A deckcheck.toml in a shared folder above the user's (the system's temporary folder), owned by someone
    else, holding the rules and length that change every verdict below it: passed over with a one-line warning
    naming it, as git passes over a repository it does not trust."""
    from tests._shared import run_main

    planted = tmp_path / "deckcheck.toml"
    planted.write_text('rules = "rulebook"\nlength = 1\n', encoding="utf-8")
    (tmp_path / "mine").mkdir()
    monkeypatch.chdir(tmp_path / "mine")
    code, out, err = run_main(capsys, "validate", WIZARD)
    assert "under rulebook rules" in out and "1-deck game" in out    # the user's own file is read
    _as_another_users(planted, monkeypatch)
    code, out, err = run_main(capsys, "validate", WIZARD)
    assert code == 0 and out.splitlines()[0].endswith("LEGAL under coe rules, wizard, 2-deck game"), out
    [warning] = err.splitlines()
    assert warning.startswith(f"deckcheck: warning: {planted}: config file not read: owned by another user (uid ")


@pytest.mark.parametrize("content, words", [
    ("length = true\n", "length = true in the config file: an integer is expected, not a boolean"),
    ("length = 3.9\n", "length = 3.9 in the config file: an integer is expected, not a float"),
    ("length = [3]\n", "length = [3] in the config file: an integer is expected, not an array"),
    ("[length]\nx = 1\n", "length = {x = 1} in the config file: an integer is expected, not a table"),
    ("length = 2026-12-01\n", "length = 2026-12-01 in the config file: an integer is expected, not a date"),
    ("length = 1979-05-27T07:32:00Z\n",
     "length = 1979-05-27T07:32:00+00:00 in the config file: an integer is expected, not a date-time"),
    ("rules = 3\n", "rules = 3 in the config file: a string is expected, not an integer"),
    ("lang = false\n", "lang = false in the config file: a string is expected, not a boolean"),
    ("rules = " + "[" * 3000 + "]" * 3000 + "\n", "config file is not valid TOML: arrays or tables nested too"),
])
def test_a_value_of_the_wrong_toml_type_is_an_error_naming_file_key_and_value(tmp_path, content, words):
    (tmp_path / "deckcheck.toml").write_text(content, encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"deckcheck: {tmp_path / 'deckcheck.toml'}: {words}"), line


def test_a_big_config_file_is_not_read_and_costs_nothing(tmp_path):
    """64 kB of dotted keys made every command take 22 s and 4 GB in Python's TOML parser: a file past a few kB
    is no config file of ours, passed over with a warning before a byte of it is parsed."""
    (tmp_path / "deckcheck.toml").write_text("a." * 32700 + "b=1\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    result = deckcheck("validate", WIZARD, cwd=tmp_path / "sub")
    assert result.returncode == 0 and "LEGAL under coe rules" in result.stdout
    assert result.stderr == (f"deckcheck: warning: {tmp_path / 'deckcheck.toml'}: config file not read: larger than "
                             "8 kB, so it is no config file of ours\n")


def test_a_long_dotted_key_in_a_small_file_is_refused_before_parsing(tmp_path):
    (tmp_path / "deckcheck.toml").write_text('length = 2\n' + "a." * 3000 + "b=1\n", encoding="utf-8")
    result = deckcheck("validate", WIZARD, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (f"deckcheck: {tmp_path / 'deckcheck.toml'}:2: a key of more than 8 dotted parts; "
                             "no setting has one\n")


def test_a_huge_bad_environment_value_is_one_short_line(tmp_path):
    result = deckcheck("validate", WIZARD, cwd=tmp_path, env={"DECKCHECK_LENGTH": "x\n" * 50_000})
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert len(line) < 250 and "\\n" in line and line.startswith(
        "deckcheck: environment variable DECKCHECK_LENGTH='x\\nx\\n"), line
