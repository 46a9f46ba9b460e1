"""The tender under both Ipatinga laws, read once here, each law giving its rule ids and articles.

- **The places it offers** against the quota of its law (mototaxi art. 6 with art. 10 I; taxi
  art. 3 caput with §1): every place a tender offers is a permission it promises to grant, and
  no grant may exceed the quota. So a tender offers at most the places the quota leaves free on
  the day it opens, less those other tenders still in progress promised and have not granted
  yet. The quota is each law's own answer; this reading of it, one for both laws, is here.
- **Who may apply** (``tender_applicant``): the kinds of person the law gives a permission to
  (mototaxi art. 6 §1: a natural person only; taxi art. 3: a natural or a legal person).
- **The grant in a tender's name** (``tender_grant``; mototaxi art. 6 caput and §5, taxi art. 3
  and art. 6): the permission is delegated through the tender, so its result binds the grants —
  within the places it offered, in the order of its ranking, and (taxi) once it is homologated,
  in the service and the category it offered."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from outorga.law.citations import Citation
from outorga.law.context import Context
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.rulebook import DATE, decide, fmt, opt_day
from outorga.law.rules import check, reason
from outorga.law.schemas import closed, nullable

#: The facts a ``tender_places`` question adds to its law's ``quota`` facts: the places the
#: tender offers and those other tenders in progress promised and have not granted yet.
TENDER_PLACES_FACTS: dict[str, Any] = {
    "places": {"type": "integer", "minimum": 1},
    "promised_places": {"type": "integer", "minimum": 0},
}


def tender_places_within_quota(
    rule: str, places: int, available: int, promised: int, *citations: Citation
) -> Reason:
    """A tender offers at most the places the quota leaves free on its opening day (``available``)
    less the places promised by other tenders in progress (``promised``)."""
    free = max(0, available - promised)
    return check(
        rule,
        places <= free,
        f"{places} vaga(s) oferecida(s); vagas livres na abertura: {free} ({available} pela "
        f"cota, menos {promised} já oferecida(s) em outras licitações em andamento).",
        f"{places} vaga(s) oferecida(s) acima das vagas livres na abertura: {free} ({available} "
        f"pela cota, menos {promised} já oferecida(s) em outras licitações em andamento).",
        *citations,
        facts={"vagas": places, "livres": free, "cota_livre": available, "prometidas": promised},
    )


def tender_places_decision(
    qid: str,
    ctx: Context,
    quota: Decision,
    limit: int | None,
    available: int | None,
    facts: dict[str, Any],
    places_rule: Callable[[int, int, int], Reason],
) -> Decision:
    """The tender's places judged against the ``quota`` decision of its law. The quota's own
    refusal (no place left for a grant now) is kept as information: it is the places rule that
    refuses the tender. With no limit (motofrete, mototaxi art. 10 II) the tender offers any
    number of places; a quota the law cannot count yet (a pending figure) leaves it pending."""
    places, promised = int(facts["places"]), int(facts["promised_places"])
    outcome: dict[str, Any] = {
        "allowed": False,
        "places": places,
        "limit": limit,
        "available": available,
        "promised": promised,
        "free": None,
    }
    if limit is None or available is None:
        # Motofrete is unlimited; a quota not counted (a figure pending, a date before the law)
        # keeps its own reasons, which the tender cannot go past.
        unlimited = all(
            r.verdict in (Verdict.OK, Verdict.INFO, Verdict.SUSPENDED) for r in quota.reasons
        )
        outcome["allowed"] = unlimited
        return decide(
            qid,
            ctx,
            outcome,
            list(quota.reasons),
            "Vagas sem limite na lei." if unlimited else "Cota ainda não apurada.",
        )
    kept = [
        r
        if r.verdict is not Verdict.REFUSED
        else reason(
            r.rule, Verdict.INFO, r.message, *r.citations, facts=r.facts, params=r.parameters
        )
        for r in quota.reasons
    ]
    within = places_rule(places, available, promised)
    outcome["free"] = max(0, available - promised)
    outcome["allowed"] = within.verdict is Verdict.OK
    return decide(
        qid,
        ctx,
        outcome,
        [*kept, within],
        "Vagas dentro da cota." if outcome["allowed"] else "Vagas acima da cota livre.",
    )


# --- Who may apply: the kinds of person the law gives a permission to ----------------------------

#: The facts of a ``tender_applicant`` question: the service of the tender and the applicant's
#: kind of person, as the registry records it.
TENDER_APPLICANT_SCHEMA: dict[str, Any] = closed(
    {
        "service": {"type": "string", "minLength": 1},
        "person_kind": {"enum": ["fisica", "juridica"]},
    },
    required=["service", "person_kind"],
)

PERSON_KIND_PT = {"fisica": "pessoa física", "juridica": "pessoa jurídica"}


def tender_applicant_kind(
    rule: str, kind: str, admitted: tuple[str, ...], services: str, *citations: Citation
) -> Reason:
    """The applicant is of a kind of person the law gives the permission of ``services`` to
    (``admitted``: ``fisica``, ``juridica``)."""
    who = PERSON_KIND_PT[kind]
    only = " e ".join(PERSON_KIND_PT[k] for k in admitted)
    return check(
        rule,
        kind in admitted,
        f"{who.capitalize()}: {services} para {only}.",
        f"{who.capitalize()}: {services} só para {only}.",
        *citations,
        facts={"tipo_pessoa": kind},
    )


def tender_applicant_decision(
    qid: str,
    ctx: Context,
    facts: Mapping[str, Any],
    kind_rule: Callable[[str], Reason],
) -> Decision:
    """Whether the person may apply to the tender: ``allowed`` when the law gives the
    permission to their kind of person."""
    r = kind_rule(str(facts["person_kind"]))
    allowed = r.verdict is Verdict.OK
    return decide(
        qid,
        ctx,
        {"allowed": allowed},
        [r],
        "Pode se inscrever na licitação." if allowed else "Não pode se inscrever na licitação.",
    )


# --- The grant in a tender's name -------------------------------------------------------------

#: Whom the ranking calls now, as the records hold them: the first ranked applicant without a
#: grant decision (null: every ranked applicant was called, or nobody was ranked).
CALLED_SCHEMA: dict[str, Any] = closed(
    {"name": {"type": "string"}, "rank": {"type": "integer", "minimum": 1}},
    required=["name", "rank"],
)

#: The facts of a ``tender_grant`` question, read from the records: the tender the grant names,
#: the category asked (taxi), the day of the grant, whom the ranking calls now, and whether the
#: grant's holder is that one and a ranked eligible applicant.
TENDER_GRANT_SCHEMA: dict[str, Any] = closed(
    {
        "tender": closed(
            {
                "number": {"type": "string", "minLength": 1},
                "service": {"type": "string", "minLength": 1},
                # The category of the places offered ("" where the tender recorded none).
                "category": {"type": "string"},
                "homologated": {"type": "boolean"},
                # The day of the homologation, where the records hold it.
                "homologated_on": nullable(DATE),
                "places": {"type": "integer", "minimum": 1},
                "granted": {"type": "integer", "minimum": 0},
                # Whether the tender's applicants are on record (older data has none: no
                # ranking the records could check).
                "applicants_on_record": {"type": "boolean"},
            },
            required=["number", "service", "homologated", "places", "granted"],
        ),
        "category": {"type": "string"},
        # The day of the grant (taxi: the Termo's signature), which the tender precedes.
        "grant_on": DATE,
        "called": nullable(CALLED_SCHEMA),
        "holder_is_called": {"type": "boolean"},
        "holder_ranked_eligible": {"type": "boolean"},
    },
    required=["tender", "called", "holder_is_called"],
)


@dataclass(frozen=True)
class TenderGrant:
    """The facts of ``tender_grant``, read."""

    number: str
    service: str
    offered: str
    homologated: bool
    homologated_on: dt.date | None
    grant_on: dt.date | None
    places: int
    granted: int
    on_record: bool
    asked: str
    called: tuple[str, int] | None
    holder_is_called: bool
    ranked_eligible: bool

    @classmethod
    def of(cls, facts: Mapping[str, Any]) -> TenderGrant:
        t = facts["tender"]
        called = facts.get("called")
        return cls(
            number=str(t["number"]),
            service=str(t["service"]),
            offered=str(t.get("category") or ""),
            homologated=bool(t["homologated"]),
            homologated_on=opt_day(t.get("homologated_on")),
            grant_on=opt_day(facts.get("grant_on")),
            places=int(t["places"]),
            granted=int(t["granted"]),
            on_record=bool(t.get("applicants_on_record", True)),
            asked=str(facts.get("category") or ""),
            called=None if called is None else (str(called["name"]), int(called["rank"])),
            holder_is_called=bool(facts["holder_is_called"]),
            ranked_eligible=bool(facts.get("holder_ranked_eligible", False)),
        )


def tender_of_the_service(
    rule: str, g: TenderGrant, service: str, label: str, *citations: Citation
) -> Reason:
    """The tender a grant names was run for the service granted."""
    return check(
        rule,
        g.service == service,
        f"Licitação {g.number} do serviço de {label}.",
        f"Licitação {g.number} de outro serviço ({g.service}): a licitação não é do serviço "
        f"de {label}.",
        *citations,
        facts={"licitação": g.number, "serviço_da_licitação": g.service},
    )


def tender_category_offered(rule: str, g: TenderGrant, *citations: Citation) -> Reason:
    """The grant takes the category of the places the tender offered (bound to the call for
    tenders; one category per permission). A tender recorded without one binds none."""
    return check(
        rule,
        not (g.asked and g.offered) or g.asked == g.offered,
        f"Categoria {g.asked or g.offered or 'não registrada'}, a oferecida pela licitação "
        f"{g.number}.",
        f"Categoria fora da licitação: a licitação {g.number} ofereceu vagas de táxi "
        f"{g.offered}, não {g.asked}.",
        *citations,
        facts={"licitação": g.number, "categoria_oferecida": g.offered, "categoria": g.asked},
    )


def tender_homologated(rule: str, g: TenderGrant, *citations: Citation) -> Reason:
    """The grant follows the tender's result: only once the tender is homologated, by the day of
    the grant where the facts give both days (a tender homologated after the grant did not
    precede it)."""
    after = (
        g.homologated_on is not None and g.grant_on is not None and g.homologated_on > g.grant_on
    )

    def refused() -> str:
        if not g.homologated:
            return f"Licitação {g.number} sem homologação: a licitação ainda não foi homologada."
        assert g.homologated_on is not None and g.grant_on is not None
        return (
            f"Licitação {g.number} homologada em {fmt(g.homologated_on)}, depois da outorga de "
            f"{fmt(g.grant_on)}: a licitação não precede a outorga."
        )

    return check(
        rule,
        g.homologated and not after,
        f"Licitação {g.number} homologada"
        + (f" em {fmt(g.homologated_on)}." if g.homologated_on is not None else "."),
        refused,
        *citations,
        facts={
            "licitação": g.number,
            "homologada": g.homologated,
            "homologada_em": g.homologated_on,
            "outorga": g.grant_on,
        },
    )


def tender_places_left(rule: str, g: TenderGrant, *citations: Citation) -> Reason:
    """A tender grants no more permissions than the places it offered."""
    return check(
        rule,
        g.granted < g.places,
        f"Licitação {g.number}: {g.granted} de {g.places} vaga(s) outorgada(s); há vaga.",
        f"A licitação {g.number} ofereceu {g.places} vaga(s): todas as vagas da licitação já "
        "foram outorgadas.",
        *citations,
        facts={"licitação": g.number, "vagas": g.places, "outorgadas": g.granted},
    )


def tender_ranking_order(rule: str, g: TenderGrant, *citations: Citation) -> Reason:
    """The grant goes to the applicant the ranking calls now — the first ranked not yet called —
    and to no one else (ranked lower, not ranked, not an applicant); a tender that ranked nobody
    grants nobody. A tender without applicants on record (older data) binds no order the
    records could check: said, not refused."""
    facts = {
        "licitação": g.number,
        "chamado": None if g.called is None else {"nome": g.called[0], "lugar": g.called[1]},
        "é_o_chamado": g.holder_is_called,
    }
    if not g.on_record:
        return reason(
            rule,
            Verdict.INFO,
            f"Licitação {g.number} sem candidatos registrados: não há ordem de classificação a "
            "conferir.",
            *citations,
            facts=facts,
        )
    if g.called is None:
        who = "não há candidato classificado a chamar"
    else:
        who = f"o próximo é {g.called[0]} ({g.called[1]}º lugar)"
    return check(
        rule,
        g.called is not None and g.holder_is_called,
        f"Chamado(a) agora pela classificação da licitação {g.number}: {who}.",
        f"Fora da ordem de classificação: a outorga segue a ordem de classificação da "
        f"licitação {g.number}: {who}.",
        *citations,
        facts=facts,
    )


def tender_grant_decision(
    qid: str,
    ctx: Context,
    facts: Mapping[str, Any],
    rules: tuple[Callable[[TenderGrant], Reason], ...],
) -> Decision:
    """The grant in a tender's name judged by the law's ``rules``, in its order: the first refusal
    ends the reading (a tender out of its places calls nobody). ``allowed`` when none refuses;
    ``awarded``, whether the holder is a ranked eligible applicant of the tender."""
    g = TenderGrant.of(facts)
    reasons: list[Reason] = []
    for rule in rules:
        r = rule(g)
        reasons.append(r)
        if r.verdict is Verdict.REFUSED:
            break
    allowed = not any(r.verdict is Verdict.REFUSED for r in reasons)
    return decide(
        qid,
        ctx,
        {"allowed": allowed, "awarded": g.ranked_eligible},
        reasons,
        "Outorga segundo a licitação." if allowed else "Outorga recusada pela licitação.",
    )
