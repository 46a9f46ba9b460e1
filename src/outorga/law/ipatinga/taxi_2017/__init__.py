"""Lei do táxi de Ipatinga, de 28 de setembro de 2017 (``ipatinga.taxi-2017``).

The rulebook follows the law's chapters, one module each; importing this package registers every
``taxi.*`` question:

- :mod:`.service` — Cap. I, art. 1º–9º: the service, the tender, the quota, the categories;
- :mod:`.permission` — Cap. II (art. 10–16): the holder's eligibility and exclusivity (art. 11, 12);
- :mod:`.term` — Cap. II, art. 10 and 13: terms and counterpart (D-12 instalments), the Termo;
- :mod:`.transfer` — Cap. II, art. 13 §único and 14: transfer, cassação for a clandestine one;
- :mod:`.extinction` — Cap. II, art. 15: extinction;
- :mod:`.registry` — Cap. II, Seções I–II, art. 17–26: the Cadastro Municipal de Taxistas,
  auxiliaries, renewal and documents;
- :mod:`.vehicles` — Cap. III, art. 27–32: vehicles, age (D-6), inspections, reserve, swaps;
- :mod:`.stands_tariffs` — Cap. IV–VI, art. 33–40: stands, tariffs, fees;
- :mod:`.penalties` — Cap. VII, art. 41–43: infractions, penalties, measures, procedure (D-17);
- :mod:`.illegal_transport` — art. 16 and the measures of art. 42 I–III, VI, §1, §2, §4;
- :mod:`.duties` — art. 19 (the taxista's duties) and art. 44 (advertising on the vehicle);
- :mod:`.tender` — art. 48: the tender's criterion for current taxistas.

Who may decide each act is in :mod:`outorga.law.competence` (not repeated here).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from outorga.law.citations import Citation, decision
from outorga.law.procedure import InfractionKind, Procedure

from . import (
    duties,
    extinction,
    illegal_transport,
    penalties,
    permission,
    registry,
    service,
    stands_tariffs,
    tender,
    term,
    transfer,
    vehicles,
)
from ._base import LAW, LAW_DATE, Category, HolderKind, Severity, art
from .extinction import EXTINCTION_CAUSES
from .illegal_transport import ILLEGAL_TRANSPORT, ILLEGAL_TRANSPORT_DESCRIPTION
from .illegal_transport import MEASURE_LABELS as MEASURES
from .penalties import LAW_CATALOG, NAMED_WITHOUT_NATURE, InfractionType, catalog
from .registry import DOCUMENTS
from .term import LIMITS, instalment_plan

LAW_ID = LAW


def _kinds(
    on: dt.date | None, regulation_items: Sequence[Mapping[str, Any]] = ()
) -> list[InfractionKind]:
    """Art. 41 §2 names a few conducts; the municipality's regulation adds the rest (art. 43).
    Illegal transport (art. 16) is among them once the regulation gives it a nature; its vehicle
    may be removed (art. 42 II)."""
    extra = [InfractionType.from_regulation(i) for i in regulation_items]
    items = catalog(extra)
    kinds = [
        InfractionKind(
            i.code, i.description, i.nature.value, i.citation.render(), i.code == ILLEGAL_TRANSPORT
        )
        for i in items.values()
    ]
    # Art. 19 I–IV and art. 44: conducts the law names without a nature (art. 41 caput); an auto
    # cites them before the regulation classifies them, its fine pending until it does (art. 43).
    return kinds + [
        InfractionKind(code, description, "", where.render(), False)
        for code, (description, where) in NAMED_WITHOUT_NATURE.items()
        if code not in items and code != ILLEGAL_TRANSPORT
    ]


#: D-17: the taxi law leaves the procedure to regulation (art. 43): defence, then one appeal to
#: the Chief Executive — no JARI (never borrowed from the mototaxi law).
#: Art. 16: transport without a permit is illegal transport; the law gives it no nature (the
#: regulation does, art. 43), admits the warning of art. 41 §1 like any conduct, and the vehicle
#: may be removed (art. 42 II) at the infractor's cost (§2).
PROCEDURE = Procedure(
    steps={"defence": "defesa", "executive": "recurso"},
    deadline_citations={
        "defence": penalties.deadline_citations("defesa"),
        "executive": penalties.deadline_citations("recurso"),
    },
    kinds=_kinds,
    regulation=art(43),
    unlicensed=InfractionKind(
        ILLEGAL_TRANSPORT, ILLEGAL_TRANSPORT_DESCRIPTION, "", art(16).render(), True
    ),
    unlicensed_admits_warning=True,
    # Art. 41: the penalties fall on "o infrator" — the auxiliary for his own infraction (§3 too:
    # "o infrator punido"); the holder is notified before them (§5), not charged for them.
    auxiliary_answered_by=("offender", (art(41),)),
)

#: The fees of art. 40, by inciso: label, article.
FEE_TYPES: dict[str, tuple[str, tuple[Citation, ...]]] = {
    inciso: (stands_tariffs.fee_label(inciso), (art(40, inc=inciso),))
    for inciso in stands_tariffs.FEES
}

#: Articles the apps cite for checks and acts made outside a question (``interfaces.citations``).
CITES: dict[str, Citation | tuple[Citation, ...]] = {
    "tender": art(3),  # the permission through the tender
    "tender_classification": art(48),  # criteria that contemplate the current taxistas
    "registration_certificate": art(13),  # the yearly Termo a badge follows
    "stand": art(33),  # the Executive fixes the stands, by category
    "stand_rules": art(34),
    "photo": art(4, inc="III"),  # identification with the driver's photograph
    "badge_returned": art(4, inc="II"),  # cassação: devolução compulsória da permissão
    # A badge whose permission ended otherwise: revoked (art. 15 VI), extinct (art. 15's causes).
    "badge_permit_revoked": art(15, inc="VI"),
    "badge_permit_extinct": art(15),
    # A company's permit is driven by its taxistas (the titular "vinculado à pessoa jurídica",
    # the auxiliaries): the identification names and pictures them, never the company.
    "company_drivers": (art(4, inc="III"), art(4, inc="XIII"), art(4, inc="XIV")),
    "partners": (art(11), art(23, inc="VIII")),  # a company's titulares and sócios
    # The permission to a natural or legal person (art. 3; art. 4, IV, V, VIII), the company
    # inscribed with the documents of art. 23.
    "legal_person": (art(3), art(4, inc="VIII"), art(23)),
    "cadastro": (art(4, inc="I"), art(20)),  # the Cadastro Municipal de Taxistas
    "suspension": art(42, inc="V"),  # suspension of the permission: no condition for the return
    "renounce": art(15, inc="V"),
    "reserve_vehicle": art(
        30
    ),  # a reserve vehicle, not a permission in reserve  # the renúncia extinguishes the permission
    "debts_block": art(21, 1),  # renewal only after every debt is paid
    "auxiliary_credential": art(21),  # the auxiliary's inscription, renewed with the documents
    "warning": art(41, 1),  # a written warning for a primary conduct
    "cassacao": (art(41, 3), art(41, 4)),  # of the register or the permission, proposed
    "category": art(5),  # the three categories: convencional, especial, executivo
    # One permission per person, one vehicle and one category (art. 6).
    "one_permission": art(6),
    "one_vehicle": art(6),
    "term": art(10),  # the terms (10 or 20 years) and their contrapartida
    **{f"term_{inciso}": art(10, inc=inciso) for inciso in ("I", "II")},  # each term, by inciso
    "auxiliary": art(20, "único"),  # up to two auxiliaries per vehicle, inscribed in the Cadastro
    "substitution": (art(4, inc="X"), art(29)),  # troca do veículo, with the new one inspected
    "vehicle_swap": art(32),  # permuta: each new vehicle once the other is bound elsewhere
    "transfer": art(13, "único"),  # only on the natural-person holder's death or incapacity
    # The auxiliary is "vinculado ao permissionário" (art. 4 XIV), registered for the
    # permissionário's vehicle (art. 20 §único): a transfer ends the predecessor's links.
    "transfer_ends_auxiliaries": (art(13, "único"), art(4, inc="XIV"), art(20, "único")),
    # Cassação of the permission: "devolução compulsória" (art. 4 II), a cause of extinction
    # (art. 15 VI).
    "permit_cassada": (art(4, inc="II"), art(15, inc="VI")),
    # The taxista auxiliar is "vinculado ao permissionário" (art. 4 XIV), inscribed for his
    # vehicle (art. 20 §único); the extinction gives the auxiliaries no indemnity (art. 15 §2):
    # when the permission ends, so does the link.
    "permit_end_ends_auxiliaries": (art(4, inc="XIV"), art(20, "único"), art(15, 2)),
    "extinction_case": art(15, 1),  # an administrative case, with contraditório and defence
    "exclusivity": art(11),  # no other permission, concession or authorization in the town
    "clandestine_transfer": art(14),  # cassação for a transfer, cession, rent… of the permit
    # The causes (I–VIII), the case with its defence, no indemnity.
    "extinction": (art(15), art(15, 1), art(15, 2)),
    "extinction_cause": art(15),  # the causes, one inciso each (I–VIII)
    "services_counterpart": art(10, "único"),  # alínea b at the Executive's discretion
    # The inscription in the Cadastro cassada: the punished may no longer drive a taxi here.
    "cadastro_cassado": (art(41, inc="IV"), art(41, 3)),
    "cadastro_suspenso": art(42, inc="IV"),  # suspended for up to 90 days
    # A driver's badge ended by the cassação of their own inscription, not of the permission
    # (art. 4 II is the permission's): the law says only that the punished may not drive a taxi.
    "driver_cassado_badge": (art(41, inc="IV"), art(41, 3)),
    "unlicensed": art(16),  # transport without a permit: illegal transport
    "seizure": (art(42, inc="II"), art(42, 2)),  # removal, its costs on the infractor
    "measures": art(42),  # retention, removal, withdrawal of the vehicle or the driver
    # The CRLV "vigente" (art. 24 I) of a car "licenciado" (art. 28 I): valid until the date of
    # the year's licensing printed on it, which the desk records.
    "crlv": (art(24, inc="I"), art(28, inc="I")),
    # What the pages and messages beside these acts cite (a page never writes an article):
    "quota": (art(3, 1), art(3, 2)),  # one taxi per 1 200 inhabitants, by the IBGE
    "category_one": (art(5), art(6)),  # the categories; one permission in one category
    "termo_renewal": (art(13), art(21)),  # the Termo and the Cadastro renewed each year
    "renewal_checks": (art(13), art(21), art(28), art(29)),  # what a renewal asks
    "person_documents": art(22),  # a natural person's documents
    "company_documents": art(23),  # a legal person's documents
    "documents": (art(22), art(23), art(24)),  # of the persons and the vehicle
    "vehicle": (art(27), art(28)),  # the car the service uses
    "vehicle_inspection": art(29),  # at the registration and at a change of vehicle
    # A successor meets the law's requirements of a holder: tender and person (art. 3), one
    # permission (art. 6), no other public permission (art. 11), no servant (art. 12), documents.
    "successor_requirements": (art(3), art(6), art(11), art(12), art(22)),
    "inspection_findings": (art(24), art(27), art(29)),  # what the vistoria records
    # The self-declarations presented at the desk (natural person: IX, X; company: V–VIII).
    "declarations": (
        art(22, inc="IX"),
        art(22, inc="X"),
        art(23, inc="V"),
        art(23, inc="VI"),
        art(23, inc="VII"),
        art(23, inc="VIII"),
    ),
    "inspection_companies": art(29),  # vistorias by companies registered with the INMETRO
    "fees": art(40),  # the fees, by inciso
    "fine_natures": art(41, 2),  # the natures of the fines and their UFPI
    "suspension_basis": art(41),  # the penalties, after contraditório and ampla defesa
    "cassacao_cadastro_natures": art(41, 3),  # of the register: grave or gravíssima
    "cassacao_permit_natures": art(41, 4),  # of the permission: gravíssima only
    "suspension_days": (art(42, inc="IV"), art(42, inc="V")),  # each up to 90 days
    "regulation": art(43),  # the infractions and the procedure by regulation
    # form labels: what the desk's fields name beside what they record.
    "vehicle_doors": art(27),  # five doors
    "vehicle_seats": (art(2), art(28, inc="III")),  # up to 7 passengers; from 5 to 7
    "vehicle_cng": art(24, inc="IV"),  # the safety certificate of a CNG vehicle
    # The age counted from the factory invoice of a new car (§1), else the chassis' year (II).
    "factory_invoice": (art(28, inc="II"), art(28, 1), decision(6)),
    "insurance_category": art(22, inc="XI"),  # seguro obrigatório categoria "3"
    "inspection_approved": (art(22, inc="XII"), art(29)),
    "inspection_inmetro": art(24, inc="II"),  # by a company accredited with the INMETRO
    # The registry spreadsheet's columns (the import's help): what each column records.
    "dpvat": art(22, inc="XI"),  # the seguro obrigatório (categoria "3")
    # The laudo de vistoria presented (art. 22 XII), by a company accredited with the INMETRO.
    "vistoria_report": (art(22, inc="XII"), art(24, inc="II")),
    "taximeter": art(24, inc="III"),  # its calibration certificate, INMETRO and/or IPEM-MG
    "roof_sign": art(28, inc="V"),  # the luminous "TÁXI" on the roof
    "ctb_equipment": art(28, inc="VI"),  # equipment and signs of the CTB and CONTRAN
    "public_employment": (art(12), art(22, inc="X")),  # no permission to a public servant
    "extinction_no_indemnity": art(15, 2),
    # The self-declarations and certificates, one concept per item (see ``declarations``).
    "declaration_no_other_permission": art(22, inc="IX"),
    "declaration_no_public_employment": art(22, inc="X"),
    "declaration_partners_no_public_employment": art(23, inc="VIII"),
    "declaration_tax_clearance": art(23, inc="V"),
    "declaration_labour_clearance": art(23, inc="VI"),
    "declaration_inss_fgts_clearance": art(23, inc="VII"),
    # messages
    # The penalties of II–V are preceded by the notice to the permissionário (the procedure
    # itself is the regulation's, art. 43).
    "auto_notice": art(41, 5),
    "edital": art(41, 5),
    # Cassação of the permission (V) for gravíssima infractions, by an administrative case (§4).
    "cassacao_permit": (art(41, inc="V"), art(41, 4)),
    # The penalties only after the contraditório and the ampla defesa (art. 41, caput).
    "proposal_defence": art(41),
    "warning_instead_of_fine": (art(41, inc="I"), art(41, 1)),  # the penalty, for primary conducts
}

#: The rules a court may suspend (D-16), by the stable id the rules apply them under, with the
#: label a person chooses them by (``interfaces.suspendable_rules``): the rule's subject, never
#: its value — the colour and the doors are dated parameters a municipality may change (D-15).
SUSPENDABLE_RULES: dict[str, str] = {
    vehicles.RULE_SILVER: "cor obrigatória do veículo (art. 27)",
    vehicles.RULE_FIVE_DOORS: "número de portas do veículo (art. 27)",
}

__all__ = [
    "SUSPENDABLE_RULES",
    "CITES",
    "DOCUMENTS",
    "EXTINCTION_CAUSES",
    "LAW",
    "LAW_CATALOG",
    "LAW_DATE",
    "LAW_ID",
    "LIMITS",
    "MEASURES",
    "PROCEDURE",
    "Category",
    "HolderKind",
    "InfractionType",
    "Severity",
    "catalog",
    "duties",
    "extinction",
    "illegal_transport",
    "instalment_plan",
    "penalties",
    "permission",
    "registry",
    "service",
    "stands_tariffs",
    "tender",
    "term",
    "transfer",
    "vehicles",
]
