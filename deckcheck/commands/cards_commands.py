"""deckcheck cards: look up cards (show, search); import the card data (import-coe, import-gccg)."""

from __future__ import annotations

import click

from deckcheck.commands.options import INPUT_PATH, pool_option, text_or_json_option
from deckcheck.console import DeckcheckGroup, note


@click.group(cls=DeckcheckGroup)
def cards() -> None:
    """Look up cards in the catalog; import the Council of Elrond card database."""


@cards.command("show")
@pool_option()
@click.argument("name")
@text_or_json_option()
def cards_show(name: str, output: str) -> None:
    """Every version of a card NAME, its facts side by side (a tag [M] or set code (LE) narrows)."""
    import json

    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.lookup import cards_document, render_table, show

    catalog = load_catalog()
    result = show(catalog, name)
    if result.note:
        note(f"deckcheck: {result.note}")
    if output == "json":
        click.echo(json.dumps(cards_document(result.cards), ensure_ascii=False, indent=2))
    else:
        click.echo(render_table(result.cards, catalog))


@cards.command("search")
@pool_option()
@click.option("--name", "name_part", help="Part of the name.")
@click.option("--type", "type_", help="Character, Resource, Hazard, Site or Region.")
@click.option("--subtype", help="e.g. Creature, Faction, Ally, Minor Item, Permanent-event.")
@click.option("--alignment", help="Hero, Minion, Neutral, Stage, Balrog, Fallen-wizard, Dual.")
@click.option("--set", "set_code", help="TW TD DM LE AS WH BA, or PR for promos.")
@click.option("--race", help="e.g. Orc, Dwarf, Dúnadan.")
@click.option("--skill", help="Warrior, Scout, Ranger, Sage, Diplomat.")
@click.option("--keyword", help="e.g. Hoard Item, Environment, Spawn.")
@text_or_json_option()
def cards_search(output: str, **filters) -> None:
    """Cards matching every filter given."""
    import json

    from deckcheck.cards.catalog import load_catalog
    from deckcheck.cards.lookup import cards_document, render_list, search

    found = search(load_catalog(), name=filters["name_part"], type_=filters["type_"],
                   alignment=filters["alignment"], set_code=filters["set_code"], race=filters["race"],
                   skill=filters["skill"], subtype=filters["subtype"], keyword=filters["keyword"])
    if output == "json":
        click.echo(json.dumps(cards_document(found), ensure_ascii=False, indent=2))
    elif found:
        click.echo(render_list(found))
    note(f"{len(found)} card(s)")


@cards.command("import-coe")
@click.argument("source", type=INPUT_PATH)
@click.option("-o", "--out-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write cards.json (default: the project's card_db/).")
def cards_import_coe(source: str, out_dir: str | None) -> None:
    """Build card_db/ (cards.json and its index, combat.json, names.json, play.json) from the Council of Elrond
    card database SOURCE (coe-cards.json)."""
    from pathlib import Path

    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.catalog_index import INDEX_FILE, write_index
    from deckcheck.cards.importer import dump_catalog, import_coe, validate_catalog
    from deckcheck.fileio import atomic_write_text, refuse_overwriting_inputs

    target = Path(out_dir if out_dir else CARD_DB)
    refuse_overwriting_inputs(target / "cards.json", [source])
    document = import_coe(source)
    validate_catalog(document)
    target.mkdir(parents=True, exist_ok=True)
    catalog_text = dump_catalog(document)
    atomic_write_text(target / "cards.json", catalog_text)
    write_index(target, document, catalog_text.encode("utf-8"))     # its quick-loading form, checked against it
    note(f"{len(document['cards'])} cards written to {target / 'cards.json'} (and {INDEX_FILE})")
    from deckcheck.cards.combat_facts import dump_combat_facts, import_combat_facts

    atomic_write_text(target / "combat.json", dump_combat_facts(import_combat_facts(source)))
    note(f"combat facts written to {target / 'combat.json'}")
    _import_names(source, target, document["source"])
    _import_play_facts(source, target)


@cards.command("import-gccg")
@click.argument("xml_dir", type=click.Path(exists=True, file_okay=False))
@click.option("-o", "--out-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write dreamcards.json (default: the project's card_db/).")
def cards_import_gccg(xml_dir: str, out_dir: str | None) -> None:
    """Build card_db/dreamcards.json (the dream-card, CoE virtual and Cool Play sets: facts only), sets.json and
    set_names.json from GCCG's MECCG card folder XML_DIR (../shared/carddata/gccg/xml)."""
    from pathlib import Path

    from deckcheck.cards.catalog import CARD_DB
    from deckcheck.cards.dreamcards import (
        DREAMCARDS_FILE,
        counts_per_set,
        dump_dreamcards,
        import_gccg_cards,
        validate_dreamcards,
    )
    from deckcheck.cards.set_codes import (
        NAMES_FILE,
        SETS_FILE,
        dump_names,
        dump_sets,
        import_gccg_names,
        import_gccg_sets,
    )
    from deckcheck.fileio import atomic_write_text

    target = Path(out_dir if out_dir else CARD_DB)
    document = import_gccg_cards(xml_dir)           # reads and checks every file before anything is written
    validate_dreamcards(document)
    texts = {DREAMCARDS_FILE: dump_dreamcards(document), NAMES_FILE: dump_names(import_gccg_names(xml_dir))}
    texts[SETS_FILE] = dump_sets(import_gccg_sets(xml_dir))
    target.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        atomic_write_text(target / name, text)
    counted = {s["code"]: s["cards"] for s in document["sets"]}
    for code, count in counts_per_set(document).items():
        note(f"{code}: {count} cards (the XML has {counted[code]})")
    note(f"{len(document['cards'])} cards written to {target / DREAMCARDS_FILE} ({len(document['unread'])} values "
         f"not read, listed in its 'unread'); {SETS_FILE} and {NAMES_FILE} written beside it")


def _import_play_facts(source: str, target) -> None:
    """card_db/play.json: where each resource is played (for stats and simulate), from the same source."""
    from deckcheck.cards.play import PLAY_FILE, dump_play_facts
    from deckcheck.cards.play_import import import_play_facts, validate_play_facts
    from deckcheck.fileio import atomic_write_text

    unread: list[tuple[str, str]] = []
    document = import_play_facts(source, unread)
    validate_play_facts(document)
    atomic_write_text(target / PLAY_FILE, dump_play_facts(document))
    note(f"{len(document['conditions'])} play conditions written to {target / PLAY_FILE}")
    note(f"{len(document['follower_influence'])} characters with direct influence restricted to followers of a "
         f"kind (coe 2.II.2.2.4)" + ("; not read, naming no kind of character: "
                                     + "; ".join(f"{name}: {target}" for name, target in unread) if unread else ""))


def _import_names(source: str, target, source_info: dict) -> None:
    """card_db/names.json: the card names of the other editions, from the same source."""
    from deckcheck.cards.languages import dump_names, import_names_file, validate_names
    from deckcheck.fileio import atomic_write_text

    names = import_names_file(source, source_info)
    validate_names(names)
    atomic_write_text(target / "names.json", dump_names(names))
    note(f"names in {len(names['languages'])} other languages written to {target / 'names.json'}")
