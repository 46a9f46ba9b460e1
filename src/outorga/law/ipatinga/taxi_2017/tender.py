"""Art. 48: a licitação do art. 3º observará critérios que contemplem os atuais taxistas, desde que
não contrarie os princípios básicos da Administração Pública (ADR 0031).

How the open text is read:

- **Who is a current taxista**: a person inscribed in the Cadastro Municipal de Taxistas (art. 4 I,
  art. 20) as holder (titular, art. 4 XIII) or auxiliary (art. 4 XIV) on the day the tender is
  opened — the day its criteria are fixed in the instrumento convocatório (art. 3: "vinculação ao
  instrumento convocatório"). An inscription that ended the day before does not count; one that
  ends on that day still does. Drawn from the registry's records (permits and auxiliaries, with
  their dates), never typed in.
- **The criterion**: points added to the score the commission gives on the edital's other
  criteria — base points for being a current taxista, plus points per full year of the current,
  uninterrupted inscription, up to a maximum. The law gives no weight: the three values are dated
  parameters the edital fixes (the shipped ones are examples). A criterion that only adds points
  keeps every eligible applicant in the classification: it never eliminates anyone nor reserves
  places to current taxistas, which would contradict isonomy and competition (the law's proviso).
- **Ties** are left in the order the commission gives (its tie-break, e.g. a public draw).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.money import number_br
from outorga.law.questions import question
from outorga.law.rules import reason
from outorga.law.schemas import closed, list_of, nullable
from outorga.law.windows import age_on

from ._base import DATE, LAW, answer, art, day, decide, fmt, opt_day, param, rule_id

ROLE_PT = {"titular": "taxista titular", "auxiliar": "taxista auxiliar"}


def current_period(periods: Sequence[Mapping[str, Any]], on: dt.date) -> tuple[dt.date, str] | None:
    """The start of the uninterrupted inscription in force on ``on`` (periods that overlap or
    follow each other the next day are one), and the role in force that day; None when the
    person is not inscribed that day."""
    spans = sorted(
        (day(p["from"]), opt_day(p.get("until")) or dt.date.max, str(p["role"]))
        for p in periods
        if day(p["from"]) <= on
    )
    start: dt.date | None = None
    end = dt.date.min
    role = ""
    for s, e, r in spans:
        if start is None or s > end + dt.timedelta(days=1):
            start, end = s, e
        else:
            end = max(end, e)
        if s <= on <= e:
            role = r
    if start is None or end < on:
        return None
    return start, role


def plain(value: Decimal) -> str:
    """An exact number as plain text, without exponent nor trailing zeros (``10.0`` → ``10``)."""
    return format(value.normalize(), "f")


def full_years(since: dt.date, on: dt.date) -> int:
    """Full years from ``since`` to ``on``: the anniversary day completes the year, and from 29/02
    the 01/03 of a common year (Civil Code art. 132 §3º, counted as an age)."""
    return max(0, age_on(since, on))


def art_48_current_taxista(
    ctx: Context, applicant: str, periods: Sequence[Mapping[str, Any]], on: dt.date
) -> tuple[int, Reason]:
    """Art. 48: the points an applicant earns as a current taxista on the day the tender opened."""
    found = current_period(periods, on)
    if found is None:
        return 0, reason(
            rule_id("art_48_current_taxista"),
            Verdict.INFO,
            f"{applicant}: não é taxista inscrito no Cadastro Municipal em {fmt(on)} "
            "(abertura da licitação); 0 ponto pelo critério dos atuais taxistas.",
            art(48),
            art(20),
            facts={"candidato": applicant, "atual_taxista": False, "pontos": 0},
        )
    since, role = found
    years = full_years(since, on)
    base = param(ctx, "tender_current_taxista_points", on)
    per_year = param(ctx, "tender_points_per_year", on)
    cap = param(ctx, "tender_current_taxista_max_points", on)
    raw = int(base.value) + int(per_year.value) * years
    points = min(raw, int(cap.value))
    total = (
        f"{raw} ponto(s), limitado ao máximo de {cap.value}: {points} ponto(s)"
        if points < raw
        else f"{points} ponto(s) (máximo de {cap.value})"
    )
    example = " (valores de exemplo)" if any(p.example for p in (base, per_year, cap)) else ""
    return points, reason(
        rule_id("art_48_current_taxista"),
        Verdict.INFO,
        f"{applicant}: {ROLE_PT.get(role, 'taxista')} inscrito no Cadastro Municipal desde "
        f"{fmt(since)}, sem interrupção, em {fmt(on)} (abertura da licitação): {years} ano(s) "
        f"completo(s); {base.value} + {per_year.value} × {years} = {total}{example}.",
        art(48),
        art(20),
        art(4, inc="XIII" if role == "titular" else "XIV"),
        facts={
            "candidato": applicant,
            "atual_taxista": True,
            "desde": since,
            "anos": years,
            "pontos": points,
        },
        params=(base, per_year, cap),
    )


def art_48_proviso() -> Reason:
    """Art. 48, "desde que não contrarie os princípios básicos da Administração Pública": the
    criterion only adds points; every eligible applicant stays classified."""
    return reason(
        rule_id("art_48_proviso"),
        Verdict.INFO,
        "O critério dos atuais taxistas só acrescenta pontos: nenhum candidato habilitado é "
        "excluído nem há vagas reservadas, preservados a isonomia e a competição (art. 48, parte "
        "final; art. 3º).",
        art(48),
        art(3),
    )


APPLICANT: dict[str, Any] = closed(
    {
        "id": {"type": "string", "minLength": 1},
        "name": {"type": "string"},
        # The commission's score on the edital's other criteria.
        "score": {"type": "number", "minimum": 0},
        "taxista_periods": list_of(
            closed(
                {"role": {"enum": list(ROLE_PT)}, "from": DATE, "until": nullable(DATE)},
                required=["role", "from"],
            )
        ),
    },
    required=["id", "score", "taxista_periods"],
)

CLASSIFICATION_SCHEMA: dict[str, Any] = closed(
    {"opened_on": DATE, "applicants": list_of(APPLICANT, minItems=1)},
    required=["opened_on", "applicants"],
)


@question(
    "ipatinga.taxi-2017.tender_classification",
    law=LAW,
    title="Como fica a classificação da licitação de táxi com o critério dos atuais taxistas?",
    schema=CLASSIFICATION_SCHEMA,
)
def classification_question(ctx: Context, facts: Mapping[str, Any]) -> Decision:
    qid = "ipatinga.taxi-2017.tender_classification"
    opened = day(facts["opened_on"])

    def build() -> Decision:
        reasons: list[Reason] = [art_48_proviso()]
        rows: list[dict[str, Any]] = []
        for position, a in enumerate(facts["applicants"]):
            label = a.get("name") or a["id"]
            points, r = art_48_current_taxista(ctx, label, a["taxista_periods"], opened)
            reasons.append(r)
            score = Decimal(str(a["score"]))
            rows.append(
                {
                    "id": a["id"],
                    "score": score,
                    "points": points,
                    "current": bool(r.facts.get("atual_taxista")),
                    "total": score + points,
                    "given": position,
                    "label": label,
                }
            )
        # Highest total first; ties in the commission's order (its tie-break).
        ranked = sorted(rows, key=lambda x: (-x["total"], x["given"]))
        ties = [
            [x["id"] for x in ranked if x["total"] == total]
            for total in dict.fromkeys(x["total"] for x in ranked)
        ]
        ties = [t for t in ties if len(t) > 1]
        reasons.append(
            reason(
                rule_id("art_48_ranking"),
                Verdict.INFO,
                "Classificação pela nota dos demais critérios do edital somada aos pontos do "
                "art. 48: "
                + "; ".join(
                    f"{i}º {x['label']} ({number_br(x['score'])} + {x['points']} = "
                    f"{number_br(x['total'])})"
                    for i, x in enumerate(ranked, start=1)
                )
                + ("; empates na ordem dada pela comissão (desempate do edital)." if ties else "."),
                art(48),
                art(3),
                facts={"empates": ties},
            )
        )
        outcome = {
            "ranking": [x["id"] for x in ranked],
            "applicants": {
                x["id"]: {
                    "score": plain(x["score"]),
                    "points": x["points"],
                    "current": x["current"],
                    "total": plain(x["total"]),
                }
                for x in rows
            },
            "ties": ties,
        }
        summary = (
            f"Classificação com o critério dos atuais taxistas (art. 48): {len(rows)} candidato(s)."
        )
        return decide(qid, ctx, outcome, reasons, summary)

    return answer(qid, ctx, opened, (art(48),), build)
