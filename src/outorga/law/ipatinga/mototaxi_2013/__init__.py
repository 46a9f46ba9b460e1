"""Rulebook of Ipatinga's mototaxi and motofrete law of 27 August 2013 (``ipatinga.mototaxi-2013``).

One submodule per part of the law, in the order of its articles:

- :mod:`.vehicles` — art. 3, 5 §1 and §5–§8, 6 §2, 13 XXI, 19, 24 (``ipatinga.mototaxi-2013.vehicle_eligibility``)
  on the facts of :mod:`.vehicle_facts`
- :mod:`.people` — art. 5, 6 §1 and §4, 8, 14, 32 §1/§3 (``ipatinga.mototaxi-2013.person_eligibility``)
- :mod:`.permits` — art. 4 §1, 6, 10 and dated documents (``ipatinga.mototaxi-2013.permit_term``,
  ``ipatinga.mototaxi-2013.quota``, ``ipatinga.mototaxi-2013.document_validity``)
- :mod:`.service` — badge (art. 2 VIII, 5 §4), stands (art. 17, 18, 21), tariffs (art. 45–46)
  (``ipatinga.mototaxi-2013.badge``, ``ipatinga.mototaxi-2013.stand``, ``ipatinga.mototaxi-2013.tariff_readjustment``)
- :mod:`.enforcement` — auto de infração (art. 29–30), fines (art. 31 §1, 37–41), seizure (art. 35)
  (``ipatinga.mototaxi-2013.infraction_notice``, ``ipatinga.mototaxi-2013.fine``, ``ipatinga.mototaxi-2013.seizure_release``)
- :mod:`.fees` — fees of the Cadastro (art. 4) and of inspections (art. 5 §1, §6), amounts as
  municipal data (``ipatinga.mototaxi-2013.fee``)
- :mod:`.catalog` — every infraction of art. 38–41 (:data:`CATALOG`)
- :mod:`.penalties` — art. 31–32, 34, 47 (``ipatinga.mototaxi-2013.penalty``)
- :mod:`.loads` — art. 24, §3º (``ipatinga.mototaxi-2013.motofrete_load``)
- :mod:`.suspension` — art. 32, I with art. 2, XXIV, and art. 32, §2º (the permit's suspension
  and the return after it)
- :mod:`.registration` — art. 4 §2 with 13 XX a (``ipatinga.mototaxi-2013.registration_update``)
- :mod:`.contractors` — art. 25 (``ipatinga.mototaxi-2013.motofrete_contractor``)
- :mod:`.annulment` — D-17, Lei 9.784/1999 art. 53 (``ipatinga.mototaxi-2013.case_annulment``)
- :mod:`.appeals` — art. 42–44 (``ipatinga.mototaxi-2013.appeal_deadline``, ``ipatinga.mototaxi-2013.defence_result``)

Competence (art. 34) lives in :mod:`outorga.law.competence`; this rulebook only reads it.
"""

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from outorga.law.citations import Citation
from outorga.law.procedure import InfractionKind, Procedure

from . import (
    annulment,
    appeals,
    contractors,
    enforcement,
    fees,
    loads,
    penalties,
    people,
    permits,
    registration,
    service,
    suspension,
    vehicles,
)
from ._common import LAW_ID, Service, Severity, art
from .catalog import CATALOG, InfractionType, infraction_type, infraction_types


def _kinds(
    on: dt.date | None, regulation_items: Sequence[Mapping[str, Any]] = ()
) -> list[InfractionKind]:
    """Art. 38–41: the incisos in force on ``on`` (every code's newest version without a date),
    with the prohibitions of other articles they type (art. 18). The law lists them all: no
    regulation adds any."""
    return [
        InfractionKind(t.code, t.description, t.severity.value, t.provision, t.seizure)
        for t in infraction_types(on)
    ]


#: Art. 42–44: defence before the authority, appeal to the JARI, then to the Chief Executive,
#: each within its days from a notice — of the auto (art. 29), of the decision appealed against
#: (art. 43, 44); art. 35: service without permission — fine gravíssima and seizure, never a
#: warning.
_STEPS = {"defence": "defesa", "jari": "recurso_jari", "executive": "recurso_executivo"}
PROCEDURE = Procedure(
    steps=_STEPS,
    deadline_citations=appeals.deadline_citations(_STEPS),
    kinds=_kinds,
    unlicensed=InfractionKind(
        enforcement.UNLICENSED_PROVISION,
        "Serviço sem permissão (art. 35)",
        Severity.GRAVISSIMA.value,
        "art. 35",
        True,
    ),
    # Art. 31 §2: the permissionários answer for the infractions of their auxiliaries.
    auxiliary_answered_by=("holder", (art(31, 2),)),
    # Art. 43–44: the notice of a decision by edital only when the offender was not found.
    edital_after_attempt={
        step: appeals.EDITAL_WHEN_UNLOCATED[name]
        for step, name in _STEPS.items()
        if name in appeals.EDITAL_WHEN_UNLOCATED
    },
)

#: The loads a motofrete may be found carrying (art. 24, §3), code → label, for the screens that
#: record them (``interfaces.load_kinds``); the law's ``motofrete_load`` judges them.
LOAD_KINDS: dict[str, str] = dict(loads.LOAD_KINDS)

#: The fees of the Cadastro and the inspections (art. 4, 5 §1, §6): code → label, articles.
FEE_TYPES: dict[str, tuple[str, tuple[Citation, ...]]] = dict(fees.FEES)

#: Articles the apps cite for checks and acts made outside a question (``interfaces.citations``).
CITES: dict[str, Citation | tuple[Citation, ...]] = {
    "tender": art(6),  # delegation preceded by the tender
    "birth_date": art(5, inc="I"),  # minimum age
    # The vest and helmet with retroreflective devices the desk sees (the auxiliary's, with the
    # credential's art. 14 §2): a request that does not say whether they were seen is refused.
    "safety_gear": art(5, inc="IV"),
    "registration_certificate": art(4, 1),  # the yearly certificate a badge follows
    "auxiliary_credential": art(14, 2),
    "cargo_device": art(24, 1),
    # The policy for driver and passenger kept up to date, its copy filed (a document's type).
    "insurance_policy": (art(13, inc="XXI"), art(19, 1), art(19, 2)),
    # The CRLV "atualizado no Município de Ipatinga" (art. 5 §1 I): valid until the date of the
    # year's licensing printed on it, which the desk records (as the taxi law's "CRLV vigente").
    "crlv": art(5, 1, inc="I"),
    "stand": art(17),  # the Executive fixes the stands
    "photo": art(2, inc="VIII"),  # the badge's photo
    # Cassação extinguishes and compels the return of the permission and of the register (RC,
    # RAC), which is issued as the badge (art. 5 §4).
    "badge_returned": (art(2, inc="II"), art(2, inc="III"), art(5, 4)),
    # The cassação of a driver's own register (the auxiliary's credential, RAC) compels its
    # return, and the register is the badge; the permission stands.
    "driver_cassado_badge": (art(2, inc="III"), art(5, 4)),
    # A badge whose permission ended otherwise: revoked (art. 31 IV, art. 32 II), extinct on the
    # cancellation asked in writing (art. 6 §6) or the renúncia (art. 2 XX).
    "badge_permit_revoked": (art(31, inc="IV"), art(32, inc="II")),
    "badge_permit_extinct": (art(6, 6), art(2, inc="XX")),
    "renounce": (art(6, 6), art(2, inc="XX")),  # cancellation on written request; renúncia
    "public_post": art(2, inc="XXIV"),  # suspended while the holder holds a public post
    "reserve": art(2, inc="XXI"),  # the permission in reserve while the vehicle is substituted
    "extension": art(6),  # prorrogável por até 3 períodos de 5 anos
    "refund": (art(42, 1), art(42, 2)),  # an upheld defence: refund, removal and storage
    # The due process (``PROCEDURE``) and its acts:
    "unlicensed": art(35),  # service without permission: fine gravíssima and seizure
    "seizure": art(35, 1),  # release after paying fine, removal and storage
    "warning": art(31, 3),  # a written warning instead of the fine
    "suspension_accumulation": art(32, inc="I"),  # by accumulated infractions, not a chosen term
    "cassacao": (art(34, 1), art(34, 2)),  # proposed, decided by the Chief Executive
    "one_vehicle": art(6, 2),  # one vehicle registered per permission
    "natural_person": art(6, 1),  # permissions only to natural persons
    # Cassação of a holder who holds any other commercial permission of the municipality.
    "one_permission": art(32, inc="III", ali="f"),
    "suspension_return": art(32, 2),  # the return proves the irregularities remedied
    # One auxiliary per vehicle (art. 6 §4), on the holder's requirements, with the schedule.
    "auxiliary": (art(6, 4), art(14, 2), art(14, 3)),
    "substitution": art(2, inc="XXII"),  # troca de veículo na mesma permissão
    "emergency_substitution": art(2, inc="XXIII"),  # por força maior comprovada
    # Two years after a cassação before another permission (§1) or auxiliary credential (§3).
    "cassation_bar": (art(32, 1), art(32, 3)),
    # Cassação of the permission: "extingue e gera a devolução compulsória da permissão".
    "permit_cassada": (art(2, inc="II"), art(31, inc="VI")),
    # The auxiliary is indicated "por veículo permissionário para auxiliar o prestador do
    # serviço" (art. 6 §4), drives the permit's vehicle with its holder only (art. 11) and
    # substitutes and assists the holder in the service (art. 14): with no permission there is
    # nothing to assist. The law never says in words that the credential ends with it; the act
    # says so, and cites the article that ended the permission beside these.
    "permit_end_ends_auxiliaries": (
        art(6, 4),
        art(11),
        replace(
            art(14),
            note="a lei não diz expressamente que o credenciamento do auxiliar termina com a "
            "permissão; ele existe para substituir e auxiliar o permissionário na prestação do "
            "serviço",
        ),
    ),
    # What the pages and messages beside these acts cite (a page never writes an article):
    "vehicle": (art(3), art(5, 1), art(5, 7)),  # the vehicle, its documents and equipment
    "quota": art(10, inc="I"),  # mototáxi: one per 300 inhabitants (IBGE); motofrete unlimited
    "stand_placement": art(18),  # never at bus or taxi stops
    "contractor": art(25),  # the motofrete's employer or contractor answers jointly
    "cargo_equipment": art(24),  # the motofrete's cargo equipment and its semiannual inspection
    "motofrete_load": art(24, 3),  # the loads forbidden, and the two admitted with a sidecar
    "person_documents": art(5),  # the documents a person presents
    "registration_update": art(4, 2),  # keep the register up to date or ask its cancellation
    "in_person": art(13, inc="XX", ali="a"),  # the holder appears in person to update it
    "cancellation": art(6, 6),  # the cancellation asked in writing
    "address_change": art(43, "único"),  # an unreported new address does not void a notice
    "extraordinary_inspection": art(5, 6),  # other inspections when the authority orders them
    "inspection_presentation": (art(13, inc="XIII"), art(13, inc="XV")),
    "missed_inspection": (art(39, inc="VI"), art(39, 2)),  # média, with the vehicle's seizure
    "inspection_companies": (art(2, inc="XI"), art(2, inc="XII")),
    "refusal_certified": art(29, 3),  # the agent certifies the refusal, two witnesses sign
    "auxiliary_answered_by": art(31, 2),  # the holder answers for the auxiliary's infractions
    "suspension_competence": art(34),  # the Secretaria applies warning, fine and suspension
    "cassacao_causes": (art(32, inc="III"), art(47)),
    "drug_trafficking": art(47),  # cassação on a final conviction for drug trafficking
    "auxiliary_cassacao": art(32, inc="IV"),  # the auxiliary's credential, causes a–f
    # The suspension of the auxiliary's credential by his own count (ADR 0088): art. 32 I applied
    # to him (caput), by the SESUMA (art. 34), a prohibition of driving in service (art. 2 XXV).
    "auxiliary_suspension": (art(2, inc="XXV"), art(32, inc="I"), art(34)),
    "auxiliary_cassation_bar": art(32, 3),  # two years before another credential
    # Art. 32 IV e speaks of the holder's points: a cause of the permission's cassação (III g).
    "auxiliary_points": art(32, inc="IV", ali="e"),
    "permit_points": art(32, inc="III", ali="g"),
    # The notice of a decision by edital only when the offender was not found.
    "edital_unlocated": (art(43), art(44)),
    # form labels: what the desk's fields name beside what they record.
    "engine_cc": art(3, inc="I"),  # engines of 125 to 250 cc
    "cargo_mirrors": art(24, 2),  # device and load never impair the mirrors
    "sidecar": (art(24, 3), art(24, 4), art(24, 5)),  # its loads, its strips, never with a trailer
    "semi_trailer": (art(24, 4), art(24, 5)),  # its strips, never with a sidecar
    "retroreflective_strips": art(24, 4),  # on the sidecar and the semi-trailer
    "policy_cover_end": (art(13, inc="XXI"), art(19, 1)),  # the policy kept up to date
    "policy_cover_amount": art(13, inc="XXI"),  # in the amount the Chief Executive sets
    "work_schedule": art(14, 3),  # the holder's and the auxiliary's schedule, filed
    # The registry spreadsheet's columns (the import's help): what each column records.
    "licence_category_a": art(5, inc="II"),  # category A for at least 2 years
    "crv": art(5, 5),  # the CRV in the holder's name
    # The seguro obrigatório with the CRLV (§1 I), its bilhete in the holder's name (§5).
    "dpvat": (art(5, 1, inc="I"), art(5, 5)),
    "vistoria_report": art(5, 1, inc="II"),  # the laudo de vistoria of the traffic authority
    "inspection_report": art(5, 1, inc="III"),  # the semiannual laudo de inspeção
    # The equipment the desk ticks, one concept per item: art. 5 §7 for every vehicle, art. 19's
    # incisos for the mototaxi.
    "equipment_kite_line_cutter": art(5, 7),
    "equipment_engine_leg_guard": art(5, 7),
    "equipment_grab_handles": art(19, inc="I"),
    "equipment_insulated_exhaust": art(19, inc="II"),
    "equipment_passenger_footrest": art(19, inc="III"),
    "equipment_retroreflective_vests": art(19, inc="IV"),
    "equipment_disposable_caps": art(19, inc="V"),
    "equipment_mirrors_both_sides": art(19, inc="VI"),
    # messages
    # The auto's contents (art. 30): the plate (III), the place, date and time (VII) and a
    # short description of the occurrence (VIII) a message asks for.
    "auto_plate": art(30, inc="III"),
    "auto_place": art(30, inc="VII"),
    "auto_description": art(30, inc="VIII"),
    # The notice of the auto: in person, by post with a receipt, or in the Diário Oficial.
    "auto_notice": art(29),
    "auto_unsigned": art(29, 2),  # the offender's missing signature does not void the auto
    # Notices by edital: the auto's publication (art. 29) and the decisions' when the offender
    # was not found (art. 43, 44).
    "edital": (art(29), art(43), art(44)),
    "suspension_appeal": art(34, 3),  # the suspension is appealed to the JARI, then the Executive
    # Only the appeal upheld against the suspension annuls it: to the JARI, then the Executive.
    "suspension_annulled_on_appeal": (art(34, 3), art(43), art(44)),
    "proposal_defence": art(34, 2),  # no cassação or revocation without the defence
    "defence_and_appeals": (art(42), art(43), art(44)),  # defence, JARI, Chief Executive
    "revelia": art(42, 3),  # no defence in time: judged by default
    "warning_instead_of_fine": (art(31, inc="I"), art(31, 3)),  # the written warning, its terms
    "term": art(6),  # the permission for up to 10 years
}

#: The numbers the apps show beside the law's acts (``interfaces.limit``): never written in an app.
LIMITS: dict[str, str] = {
    "cassation_bar_years": "mototaxi_2013.person.cassation_bar_years",  # art. 32, §1 and §3
    "max_term_years": "mototaxi_2013.permit.max_term_years",  # art. 6: "pelo prazo máximo de 10"
    # Art. 32, I (D-1, D-2): how many final infractions in how many months, and the days each
    # suspension runs (leve/média; a grave or gravíssima among them).
    "suspension_threshold": "mototaxi_2013.penalties.suspension_threshold",
    "suspension_window_months": "mototaxi_2013.penalties.window_months",
    "suspension_days_light": "mototaxi_2013.penalties.suspension_days_light",
    "suspension_days_serious": "mototaxi_2013.penalties.suspension_days_serious",
}

#: The rules a court may suspend (D-16), by the stable id the rules apply them under, with the
#: label a person chooses them by (``interfaces.suspendable_rules``): the rule's subject, never
#: its value — the engine's range is a dated parameter a municipality may change (D-15).
SUSPENDABLE_RULES: dict[str, str] = {
    vehicles.RULE_ENGINE: "cilindrada do motor (art. 3, I)",
    vehicles.RULE_AGE: "idade máxima do veículo (art. 3, II)",
}

__all__ = [
    "SUSPENDABLE_RULES",
    "CATALOG",
    "CITES",
    "LAW_ID",
    "LOAD_KINDS",
    "LIMITS",
    "PROCEDURE",
    "InfractionType",
    "Service",
    "Severity",
    "annulment",
    "appeals",
    "contractors",
    "registration",
    "enforcement",
    "fees",
    "infraction_type",
    "infraction_types",
    "loads",
    "penalties",
    "people",
    "permits",
    "service",
    "suspension",
    "vehicles",
]
