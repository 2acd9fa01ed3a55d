"""Prompts in languages with no pipeline here: six sentences each in German, Italian, Dutch, Portuguese and Polish
(council news, a contract, an invoice, a tenant's complaint, a colleague's slides, minutes) with Faker's names of the
language's locale, four draws each; the names leaked (the leak rule of ``../shared/data/pii-dev/leak_rate.py``) and
the share of the other words replaced, this tree beside a base revision.

    python -m bench.foreign_shapes --base d8c65eb

A development probe, not a held-out figure: written on 2026-11-26 (tenth session) and measured on the tree of 665ec9e
(German 27.6 % of the other words replaced, Dutch 12.0 %, Polish 8.6 %, Italian 3.5 %, Portuguese 1.4 %; names leaked
2/2/3/3/4 of 24; at d8c65eb the same but Italian 2.2 %) before the rules for such prompts
(``LanguageDetector.foreign``, ``annotator._foreign_nouns_dropped``) were built on it.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from bench.address_prose import mentions, seeded_faker
from bench.external import BASE, Tally, compare_cli, leak_rule, shares, workers

SENTENCES = {
    "de_DE": ("Gestern hat {F} {L} im Rathaus die neue Satzung vorgestellt, die ab Januar gilt.",
              "Laut {L} wurde der Vertrag bereits im Sommer unterschrieben, doch die Zahlung steht noch aus.",
              "Bitte schicken Sie die Rechnung an {F} {L}, die Buchhaltung braucht sie bis Freitag.",
              "Die Mieterin {F} {L} beschwert sich seit Wochen über die defekte Heizung im Treppenhaus.",
              "Unser Kollege {F} hat die Präsentation überarbeitet und die Zahlen für das dritte Quartal ergänzt.",
              "Im Protokoll steht, dass {L} gegen den Antrag gestimmt hat und eine neue Abstimmung fordert."),
    "it_IT": ("Ieri {F} {L} ha presentato in consiglio comunale il nuovo regolamento sui rifiuti.",
              "Secondo {L}, il contratto è stato firmato a luglio ma il pagamento non è ancora arrivato.",
              "Per favore inoltra la fattura a {F} {L}, l'ufficio contabilità la aspetta entro venerdì.",
              "La signora {F} {L} si lamenta da settimane del riscaldamento guasto nelle scale.",
              "Il nostro collega {F} ha rivisto la presentazione e aggiunto i dati del terzo trimestre.",
              "Nel verbale risulta che {L} ha votato contro la proposta e chiede una nuova votazione."),
    "nl_NL": ("Gisteren heeft {F} {L} in de gemeenteraad het nieuwe afvalbeleid gepresenteerd.",
              "Volgens {L} is het contract in juli getekend, maar de betaling is nog niet binnen.",
              "Stuur de factuur alsjeblieft naar {F} {L}, de boekhouding heeft hem vrijdag nodig.",
              "De huurster {F} {L} klaagt al weken over de kapotte verwarming in het trappenhuis.",
              "Onze collega {F} heeft de presentatie herzien en de cijfers van het derde kwartaal toegevoegd.",
              "In de notulen staat dat {L} tegen het voorstel heeft gestemd en een nieuwe stemming wil."),
    "pt_PT": ("Ontem {F} {L} apresentou na câmara municipal o novo regulamento dos resíduos.",
              "Segundo {L}, o contrato foi assinado em julho, mas o pagamento ainda não chegou.",
              "Por favor envie a fatura para {F} {L}, a contabilidade precisa dela até sexta-feira.",
              "A inquilina {F} {L} queixa-se há semanas do aquecimento avariado nas escadas.",
              "O nosso colega {F} reviu a apresentação e acrescentou os números do terceiro trimestre.",
              "Na ata consta que {L} votou contra a proposta e pede uma nova votação."),
    "pl_PL": ("Wczoraj {F} {L} przedstawił w radzie miasta nowy regulamin dotyczący odpadów.",
              "Według {L} umowa została podpisana w lipcu, ale płatność jeszcze nie wpłynęła.",
              "Proszę przesłać fakturę do {F} {L}, księgowość potrzebuje jej do piątku.",
              "Lokatorka {F} {L} od tygodni skarży się na zepsute ogrzewanie na klatce schodowej.",
              "Nasz kolega {F} poprawił prezentację i dodał dane za trzeci kwartał.",
              "W protokole zapisano, że {L} głosował przeciwko wnioskowi i żąda ponownego głosowania."),
}
# German, Dutch and Portuguese prompts of other shapes, written on 2026-11-28 (twenty-seventh session) after the German
# dictionary's rules
# (``bench/make_lookup_words.py``, ``annotator._foreign_nouns_dropped``) were built on the sentences above: measured
# only, to show whether those rules hold on sentences they were not written for
FRESH = {
    "de_DE": ("Hallo zusammen, {F} {L} aus der Personalabteilung stellt morgen die neuen Arbeitszeitregeln vor.",
              "Kannst du bitte {F} fragen, ob die Lieferung für das Lager in Halle schon unterwegs ist?",
              "Der Arzt hat bei {L} eine leichte Gehirnerschütterung festgestellt und strikte Bettruhe verordnet.",
              "Im Gespräch mit {F} {L} ging es vor allem um die Verlängerung des befristeten Arbeitsvertrags.",
              "Zusammenfassung: {L} fordert eine Entschädigung, weil die bestellte Waschmaschine beschädigt ankam.",
              "Vielen Dank für die schnelle Rückmeldung, die überarbeitete Version schicke ich {F} heute Abend."),
    # (Dutch and Portuguese written on 2026-11-28 after their dictionaries were added: measured only)
    "nl_NL": ("Hoi allemaal, {F} {L} van personeelszaken legt morgen de nieuwe werktijden uit.",
              "Kun je {F} even vragen of de levering voor het magazijn in Zwolle al onderweg is?",
              "De huisarts heeft bij {L} een lichte hersenschudding vastgesteld en rust voorgeschreven.",
              "In het gesprek met {F} {L} ging het vooral om de verlenging van het tijdelijke contract.",
              "Samenvatting: {L} eist een vergoeding omdat de bestelde wasmachine beschadigd aankwam.",
              "Bedankt voor de snelle reactie, de herziene versie stuur ik vanavond naar {F}."),
    "pt_PT": ("Olá a todos, {F} {L} dos recursos humanos apresenta amanhã os novos horários de trabalho.",
              "Podes perguntar ao {F} se a entrega para o armazém em Braga já saiu?",
              "O médico diagnosticou em {L} uma ligeira concussão e receitou repouso absoluto.",
              "Na conversa com {F} {L} falou-se sobretudo da renovação do contrato a prazo.",
              "Resumo: {L} exige uma indemnização porque a máquina de lavar encomendada chegou danificada.",
              "Obrigado pela resposta rápida, envio a versão revista ao {F} hoje à noite."),
}
ROUNDS = 4


def examples() -> list[dict[str, Any]]:
    """Each sentence ``ROUNDS`` times with its locale's names, seeded: the same texts for every tree."""
    out = []
    for group, locale, sentences in [*((loc, loc, s) for loc, s in SENTENCES.items()),
                                     *((f"{loc}, other shapes", loc, s) for loc, s in FRESH.items())]:
        fk = seeded_faker(locale, 3)
        for _ in range(ROUNDS):
            for sentence in sentences:
                v = {"F": fk.first_name(), "L": fk.last_name()}
                text = sentence.format(**v)
                values = [(f"{v['F']} {v['L']}", "PERSON"), (v["L"], "PERSON"), (v["F"], "PERSON")]
                out.append({"text": text, "locale": group, "spans": mentions(text, values)})
    return out


def run(base: str | None = BASE) -> tuple[str, bool]:
    records = examples()
    rule = leak_rule()
    tallies: dict[str, dict[str, Tally]] = defaultdict(dict)
    with workers(base) as running:
        names = list(running)
        for i, rec in enumerate(records):
            for tree in (names if i % 2 == 0 else names[::-1]):
                tallies[rec["locale"]].setdefault(tree, Tally()).add(rule, rec, running[tree](rec["text"]), 0)
    lines = ["## Prompts in languages with no pipeline here (Faker's names; leak rule of leak_rate.py; a development "
             "probe)", "", "| sentences | measure | count | " + " | ".join(names) + " |",
             "|---|---|---:|" + "---:|" * len(names)]
    for locale in [*SENTENCES, *(f"{loc}, other shapes" for loc in FRESH)]:
        # (a Tally holds [values, leaked] per label and [words, replaced]; a cell is [leaked, values])
        for measure, cells in (("PERSON", [tallies[locale][t].labels["PERSON"][::-1] for t in names]),
                               ("words replaced", [tallies[locale][t].words[::-1] for t in names])):
            lines.append(f"| {locale} | {measure} | {cells[0][1]} | " + shares(cells) + " |")
    return "\n".join(lines) + "\n", True


def main(argv: list[str]) -> int:
    return compare_cli(argv, "python -m bench.foreign_shapes", __doc__, lambda base, _: run(base), "--rounds", 1)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
