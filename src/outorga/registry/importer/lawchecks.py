"""The law core's checks of each row (mototaxi art. 3, 5 I–II, 6; taxi art. 2, 27, 28 and the
Termo of art. 10, 13), asked of the law bound to the row's service on the row's dates.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from outorga.core.lawseam import Asker
from outorga.core.models import Municipality
from outorga.law import interfaces
from outorga.law.bindings import RULEBOOKS
from outorga.law.decisions import Decision, Reason, Verdict
from outorga.law.rulebook import day

from ..facts import TAXI_VEHICLE_KIND, crlv_in_force, document_facts, same_place
from ..models import (
    Document,
    PermitTerm,
    Service,
    Vehicle,
)
from ..services.documents import cover_terms
from ..validation import FieldError
from .parsing import RowParser
from .rows import DOCUMENT_COLUMNS, Row, chunked, law_cites, service_law

#: Rules whose facts the spreadsheet holds entirely: a refusal is an error of the row. The other
#: rules of the same questions need documents and inspections the spreadsheet does not carry.
MOTO_VEHICLE_ERRORS = {"art_3_kind", "art_3_i_engine"}


MOTO_VEHICLE_WARNINGS = {"art_3_ii_age", "art_3_sole_registration", "art_5_par1_iv_red_plate"}


TAXI_VEHICLE_ERRORS = {
    "art_2_capacity",
    "art_27_passenger_car",
    "art_27_silver",
    "art_27_five_doors",
    "art_28_iii_capacity",
}


TAXI_VEHICLE_WARNINGS = {"art_28_ii_max_age", "art_28_par_2_until_renewal"}


#: The rules on the vehicle's documents of mototaxi and motofrete art. 5 §1 II–III, and the
#: column each reads (I and §5 name several columns: :meth:`LawChecks._moto_documents`).
MOTO_DOCUMENT_RULES = {
    "art_5_par1_ii_vistoria": "vistoria_emissao",
    "art_5_par1_iii_semiannual_inspection": "inspecao_emissao",
}
IN_HOLDERS_NAME_COLUMNS = {"crv": "crv_emissao", "crlv": "crlv_emissao", "dpvat": "dpvat_emissao"}
INSURANCE_RULE = "art_19_insurance"
#: The taxi law's codes of the vehicle's documents (art. 24 II–IV) and the registry's type of
#: each; the CRLV (art. 24 I) has its own columns and checks (art. 28 I).
TAXI_VEHICLE_DOCUMENTS = {
    "laudo_vistoria": Document.Type.VISTORIA,
    "afericao_taximetro": Document.Type.TAXIMETER,
    "seguranca_gnv": Document.Type.CNG,
}
#: ... and the seguro obrigatório of the person's documents (art. 22 XI).
TAXI_DOCUMENT_CODES = {**TAXI_VEHICLE_DOCUMENTS, "seguro_obrigatorio": Document.Type.DPVAT}
#: Of ``registration_documents``' rules, those whose facts the spreadsheet holds: presented, and
#: in validity on the day (art. 22 and 24).
TAXI_DOCUMENT_RULES = {"art_22_presented", "art_24_presented", "art_22_validity", "art_24_validity"}


class LawChecks(Asker):
    """The law's checks of an import's rows, asked of the law bound to each row's service on the
    row's dates (a permit granted before the binding, by the first)."""

    def __init__(self, m: Municipality, today: dt.date) -> None:
        super().__init__(m)
        self.today = today
        self.on_record: OnRecord | None = None

    def load(self, rows: Iterable[Row]) -> None:
        """Read at once what the checks of ``rows`` need from the database (the vehicles on
        record under their plates), before :meth:`row` is called for each of them."""
        self.on_record = vehicles_on_record(r.vehicle["plate"] for r in rows if r.vehicle)

    def cites(self, service: str, on: dt.date | None, *concepts: str) -> str:
        return law_cites(self.m, service, on, *concepts)

    def report(
        self,
        r: RowParser,
        d: Decision,
        column: str,
        errors: set[str],
        warnings: set[str],
    ) -> None:
        if any(e.column == column for e in r.errors):
            return  # the cell itself is wrong: the law cannot judge it
        for reason in d.reasons:
            if reason.verdict is not Verdict.REFUSED:
                continue
            name = reason.rule.rsplit(".", 1)[-1]
            if name not in errors and name not in warnings:
                continue
            cites = "; ".join(c.render() for c in reason.citations)
            if name in errors:
                r.error(column, reason.message, cites)
            else:
                r.warn(column, reason.message, cites)

    def row(self, row: Row, r: RowParser) -> None:
        p, v, lic = row.permit, row.vehicle, row.licence
        if p is None or not p["granted_on"] or not p["service"]:
            return
        law = service_law(self.m, p["service"], p["granted_on"])
        if law is None:
            r.error("servico", f"nenhuma lei rege o serviço {p['service']} em {self.m.name}")
            return
        granted = p["granted_on"]
        if row.crlv is not None and row.crlv["valid_until"] is None:
            # Imported without it, the CRLV licenses nothing until the desk corrects it.
            r.warn(
                "crlv_valido_ate",
                "CRLV sem a validade do licenciamento: é importado sem ela e não conta como "
                "licenciado até que o atendimento o corrija com o 'válido até' impresso nele",
                self.cites(p["service"], granted, "crlv"),
            )
        self._document_terms(r, law, row)
        in_force = RULEBOOKS[law].in_force_from
        if granted < in_force:
            # The law's checks are made on the grant date, when it did not yet apply; a permit
            # carried over from before it is recorded by the clerk, not read from a spreadsheet.
            r.error(
                "data_outorga",
                f"outorga em {granted:%d/%m/%Y}, antes da vigência da lei que rege o serviço "
                f"({in_force:%d/%m/%Y})",
            )
            return
        if p["service"] in interfaces.MOTO_SERVICES.services:
            self._moto(row, r, granted, p, v, lic)
            return
        if v is not None:
            self._taxi(r, granted, p, v, row.crlv)
            self._taxi_documents(r, row, v)
        self._taxi_termo(r, granted, p)

    def _moto(self, row: Row, r: RowParser, granted: dt.date, p: Any, v: Any, lic: Any) -> None:
        person = row.person
        if person.get("birth_date"):
            facts = {
                "role": "permissionario",
                "service": p["service"],
                "birth_date": person["birth_date"].isoformat(),
                "cnh_category_a_since": (
                    lic["category_a_since"].isoformat() if lic and lic["category_a_since"] else None
                ),
                # The spreadsheet has no column for the course, the personal documents or the
                # medical certificate: the row presents none of them (only the rules on age and
                # CNH category, whose facts are its columns, are reported).
                "course_approved": False,
                "documents": {},
                "medical_certificate": {},
            }
            d = self.ask(p["service"], "person_eligibility", facts, granted)
            a_known = bool(lic and lic["category_a_since"])
            self.report(
                r,
                d,
                "data_nascimento",
                {"art_5_i_minimum_age"},
                set(),
            )
            self.report(
                r,
                d,
                "cnh_categoria_a_desde",
                {"art_5_ii_cnh_category_a"} if a_known else set(),
                set() if a_known else {"art_5_ii_cnh_category_a"},
            )
        if p["term_years"]:
            d = self.ask(
                p["service"],
                "permit_term",
                {
                    "granted_on": granted.isoformat(),
                    "by_decree": bool(p["decree"]),
                    # The row records a permission already granted, which the law grants only
                    # after a tender; the spreadsheet has no column for it, only for the decree,
                    # and only the decree is reported (column ``decreto``).
                    "after_tender": True,
                    "term_years": p["term_years"],
                },
                granted,
            )
            self.report(r, d, "prazo_anos", {"art_6_initial_term"}, set())
            self.report(r, d, "decreto", set(), {"art_6_grant_by_decree_after_tender"})
        if v is not None and v["manufacture_year"]:
            facts = {
                "service": p["service"],
                "kind": v["kind"] or "outro",
                "engine_cc": v["engine_cc"] or 0,
                "manufacture_year": v["manufacture_year"],
                "registration_uf": v["registration_uf"] or "??",
                "registration_category": "aluguel" if v["rental_category"] else "particular",
                "red_plate": v["rental_category"],
                **row_vehicle_documents(
                    self.m,
                    v,
                    row.person.get("document", ""),
                    self.on_record,
                    crlv=row.crlv,
                    documents=row.documents,
                    on=self.today,
                ),
                # The spreadsheet has no column for the vehicle's equipment.
                "equipment": [],
            }
            if p["service"] == Service.MOTOTAXI:
                facts["insurance"] = row_insurance(
                    self._on_record_of(v["plate"]), row.documents, self.today
                )
            if p["service"] == Service.MOTOFRETE:
                facts["cargo"] = {
                    "device": v["cargo_device"] or None,
                    "within_contran_limits": v["cargo_within_contran_limits"],
                    "mirrors_unobstructed": v["cargo_mirrors_unobstructed"],
                    "sidecar": v["sidecar"],
                    "semi_trailer": v["semi_trailer"],
                    "retroreflective_strips": v["retroreflective_strips"],
                }
            # The vehicle in service today: its age is judged today (the sweep then flags it).
            d = self.ask(p["service"], "vehicle_eligibility", facts, self.today)
            self.report(r, d, "especie", {"art_3_kind"}, set())
            self.report(r, d, "cilindrada", {"art_3_i_engine"}, set())
            self.report(r, d, "ano_fabricacao", set(), {"art_3_ii_age"})
            self.report(
                r, d, "aluguel", set(), {"art_3_sole_registration", "art_5_par1_iv_red_plate"}
            )
            # Motofrete cargo equipment (art. 24): never both sidecar and semi-trailer (§5) is
            # an error; a device or strips not on record is a warning to complete the record.
            self.report(r, d, "semirreboque", {"art_24_par5_not_sidecar_and_trailer"}, set())
            self.report(r, d, "carga_dispositivo", set(), {"art_24_cargo_device"})
            self.report(
                r, d, "faixas_retrorrefletivas", set(), {"art_24_par4_retroreflective_strips"}
            )
            self._moto_documents(r, d, row, facts)

    def _taxi(
        self, r: RowParser, granted: dt.date, p: Any, v: Any, crlv: dict[str, Any] | None
    ) -> None:
        if not v["manufacture_year"]:
            return
        facts: dict[str, Any] = {
            "occasion": "renovacao",
            "category": p["taxi_category"] or "convencional",
            "kind": TAXI_VEHICLE_KIND.get(v["kind"], "outro"),
            "colour": v["colour"] or "não informada",
            # An empty cell stays missing: the law core refuses it as not informed.
            "doors": v["doors"],
            "capacity": v["seats"],
            # The town the row's ``uf_registro`` and ``municipio_registro`` name (art. 28).
            "registered_municipality_ibge": self.m.ibge_code
            if v["registration_uf"] == self.m.uf
            and same_place(v["registration_city"] or "", self.m.name)
            else "0000000",
            # Licensed (art. 28 I) today, the day the row is checked: the row's CRLV, else the
            # one on record for the plate, in force (its validity known); with none, the new
            # car's invoice (art. 24 I).
            "licensed": row_licensed(v, self._on_record_of(v["plate"]), crlv, self.today),
            "manufacture_year": v["manufacture_year"],
            "renewal_anchor": granted.isoformat(),
        }
        if v["invoice_date"]:
            facts["factory_invoice_date"] = v["invoice_date"].isoformat()
        d = self.ask(Service.TAXI, "vehicle_eligibility", facts, self.today)
        for name, column in (
            ("art_2_capacity", "lugares"),
            ("art_28_iii_capacity", "lugares"),
            ("art_27_passenger_car", "especie"),
            ("art_27_silver", "cor"),
            ("art_27_five_doors", "portas"),
        ):
            self.report(r, d, column, {name}, set())
        self.report(r, d, "ano_fabricacao", set(), TAXI_VEHICLE_WARNINGS)
        if crlv is not None and crlv["valid_until"] is not None:
            # The row's CRLV expired: imported, it does not license the car (art. 28 I).
            self.report(r, d, "crlv_valido_ate", set(), {"art_28_i_registered"})

    def _document_terms(self, r: RowParser, law: str, row: Row) -> None:
        """The end printed on a row's document, as the desk's service checks it under the law
        the row's permit is recorded with (``services.documents.cover_terms``): required for a
        mototaxi's policy (art. 19 §1, "atualizada"), refused where that law asks for none."""
        for doc_type, doc in row.documents.items():
            cols = DOCUMENT_COLUMNS[doc_type]
            if any(e.column in cols.names for e in r.errors):
                continue  # the cell itself is wrong
            if doc["issued_on"] > self.today:
                # The import records the vehicle's documents as they are on its day.
                r.error(cols.issued, "data de emissão posterior ao dia da importação")
                continue
            try:
                cover_terms(law, doc_type, doc["issued_on"], doc["valid_until"], None)
            except FieldError as exc:
                r.error(cols.until or cols.issued, exc.message, exc.citation)

    def _warn(self, r: RowParser, reason: Reason, column: str) -> None:
        if not any(e.column == column for e in r.errors):
            r.warn(column, reason.message, "; ".join(c.render() for c in reason.citations))

    def _moto_documents(
        self, r: RowParser, d: Decision, row: Row, facts: Mapping[str, Any]
    ) -> None:
        """The documents of mototaxi and motofrete art. 5 §1 I–III and §5, and the mototaxi's
        policy (art. 13 XXI, art. 19 §1–2), as the law judged them on the import's day: each
        one missing or expired a warning on the column that gives it."""
        docs, named = facts["documents"], facts["in_holders_name"]
        crlv = row.crlv
        for reason in d.reasons:
            if reason.verdict is not Verdict.REFUSED:
                continue
            name = reason.rule.rsplit(".", 1)[-1]
            if name == "art_5_par1_i_crlv":
                if not docs["crlv_updated_in_ipatinga"]:
                    record = self._on_record_of(row.vehicle["plate"]) if row.vehicle else None
                    has, in_force = row_crlv(record, crlv, self.today)
                    column = (
                        "crlv_emissao"
                        if not has
                        else "crlv_valido_ate"
                        if not in_force
                        else "municipio_registro"
                    )
                    if not (column == "crlv_valido_ate" and crlv and crlv["valid_until"] is None):
                        self._warn(r, reason, column)  # an undated CRLV is warned already
                if not docs["dpvat"]:
                    self._warn(r, reason, "dpvat_emissao")
            elif name in MOTO_DOCUMENT_RULES:
                self._warn(r, reason, MOTO_DOCUMENT_RULES[name])
            elif name == "art_5_par5_in_holders_name":
                first = next(k for k in ("crv", "crlv", "dpvat") if not named.get(k))
                self._warn(r, reason, IN_HOLDERS_NAME_COLUMNS[first])
            elif name == INSURANCE_RULE:
                policy = facts.get("insurance") or {}
                self._warn(
                    r,
                    reason,
                    "apolice_valida_ate" if policy.get("copy_filed") else "apolice_emissao",
                )

    def _taxi_documents(self, r: RowParser, row: Row, v: dict[str, Any]) -> None:
        """The vehicle's documents of taxi art. 24 II–IV and the seguro obrigatório of art. 22
        XI, asked of the law's ``registration_documents`` as presented on the import's day: each
        one missing or expired (its printed end, where on record) a warning on its column, a
        seguro of another category on ``dpvat_categoria``. The approval of the vistoria and the
        body that calibrated the taxímetro are the desk's checks, with no column here."""
        record = self._on_record_of(v["plate"])

        def doc(doc_type: str) -> dict[str, Any]:
            found = row_document(record, row.documents, doc_type)
            return document_facts(
                SimpleNamespace(**found) if found else None,
                category=(found.get("category") or None) if found else None,
            )

        asked = {
            "veiculo": {
                "cng": v["fuel"] == Vehicle.Fuel.GNV,
                "documents": {
                    code: doc(doc_type) for code, doc_type in TAXI_VEHICLE_DOCUMENTS.items()
                },
            },
            "pessoa_fisica": {"documents": {"seguro_obrigatorio": doc(Document.Type.DPVAT)}},
        }
        for subject, facts in asked.items():
            facts = {"subject": subject, "presented_on": self.today.isoformat(), **facts}
            d = self.ask(Service.TAXI, "registration_documents", facts, self.today)
            for reason in d.reasons:
                name = reason.rule.rsplit(".", 1)[-1]
                code = (reason.facts or {}).get("documento")
                if reason.verdict is not Verdict.REFUSED:
                    continue
                if name == "art_22_xi_insurance_category":
                    self._warn(r, reason, "dpvat_categoria")
                elif name in TAXI_DOCUMENT_RULES and code in TAXI_DOCUMENT_CODES:
                    doc_type = TAXI_DOCUMENT_CODES[code]
                    self._warn(r, reason, DOCUMENT_COLUMNS[doc_type].issued)

    def _on_record_of(self, plate: str) -> VehicleOnRecord | None:
        on_record = self.on_record if self.on_record is not None else vehicles_on_record([plate])
        return on_record.get(plate)

    def _taxi_termo(self, r: RowParser, granted: dt.date, p: dict[str, Any]) -> None:
        """The Termo de Permissão the permit was granted through (art. 13), rebuilt from the row:
        the term of art. 10 (10 or 20 years, the law core's), the contrapartida chosen, and the
        current yearly period of the Termo (``certificado_valido_ate``, art. 13). Stored in
        ``p["termo"]`` for :func:`permit_import`."""
        mode = p["counterpart"]
        if not mode:
            if not r.text("contrapartida"):
                r.error(
                    "contrapartida",
                    "informe a contrapartida do Termo: pagamento ou servicos",
                    self.cites(Service.TAXI, granted, "term"),
                )
            return
        if not p["term_years"]:
            return
        by_years: dict[int, tuple[str, Decision]] = {}
        for option in PermitTerm.Option.values:
            facts: dict[str, Any] = {
                "option": option,
                "mode": mode,
                "signed_on": granted.isoformat(),
            }
            if mode == PermitTerm.Mode.PAGAMENTO:
                facts["instalments"] = p["instalments"] or 1
            d = self.ask(Service.TAXI, "contrapartida", facts, granted)
            if d.outcome is None:  # the law was not in force on the grant date
                refusal = d.refusals[0] if d.refusals else d.reasons[0]
                r.error(
                    "data_outorga",
                    refusal.message,
                    "; ".join(c.render() for c in refusal.citations),
                )
                return
            by_years[int(d.outcome["term_years"])] = (option, d)
        if p["term_years"] not in by_years:
            allowed = " ou ".join(str(y) for y in sorted(by_years))
            r.error(
                "prazo_anos",
                f"prazo de {p['term_years']} anos; a permissão de táxi é de {allowed} anos",
                self.cites(Service.TAXI, granted, "term"),
            )
            return
        option, d = by_years[p["term_years"]]
        self.report(r, d, "parcelas", {"art_10_instalment_limit"}, set())
        term_end = day(d.outcome["term_ends_on"])
        if p["term_end"] and p["term_end"] != term_end:
            r.error(
                "fim_prazo",
                f"o prazo de {p['term_years']} anos a partir da outorga termina em "
                f"{term_end:%d/%m/%Y}",
                self.cites(Service.TAXI, granted, "term"),
            )
        if p["extensions"]:
            r.error(
                "prorrogacoes",
                "a lei do táxi não prevê prorrogação: o Termo é renovado a cada ano até o "
                "limite do prazo",
                self.cites(Service.TAXI, granted, "term", "registration_certificate"),
            )
        until = p["certificate_valid_until"]
        if until is None:
            r.error(
                "certificado_valido_ate",
                "informe até quando vigora o Termo de Permissão (renovado a cada ano)",
                self.cites(Service.TAXI, granted, "registration_certificate"),
            )
            return
        last = self._termo_period(granted, option, until)
        if last is False:
            r.error(
                "certificado_valido_ate",
                f"o Termo vigora por períodos de um ano contados da outorga "
                f"({granted:%d/%m}); {until:%d/%m/%Y} não encerra um desses períodos",
                self.cites(Service.TAXI, granted, "registration_certificate"),
            )
            return
        p["termo"] = {
            "option": option,
            "mode": mode,
            "instalments": (p["instalments"] or 1) if mode == PermitTerm.Mode.PAGAMENTO else None,
            "total_cents": int(d.outcome["total_cents"]),
            "term_years": p["term_years"],
            "valid_until": until,
            "last_renewed_on": last,
            "decision": d.to_json(),
        }

    def _termo_period(self, granted: dt.date, option: str, until: dt.date) -> dt.date | None | bool:
        """The start of the Termo's yearly period ending on ``until`` (None: the first period,
        from the signing), as the law core counts the periods (art. 13); False if none ends
        there."""
        last: dt.date | None = None
        while True:
            facts: dict[str, Any] = {"signed_on": granted.isoformat(), "option": option}
            if last is not None:
                facts["last_renewed_on"] = last.isoformat()
            d = self.ask(Service.TAXI, "permit_term", facts, granted)
            if d.outcome is None:
                return False
            valid = day(d.outcome["valid_until"])
            if valid == until:
                return last
            if valid > until or valid >= day(d.outcome["term_ends_on"]):
                return False
            last = valid


@dataclass(frozen=True)
class VehicleOnRecord:
    """A vehicle on record, as a row's checks read it: its owner's CPF, its current documents'
    types, the validity of its newest CRLV (None: none on record, or without it) and the newest
    document of each type (``issued_on``, ``valid_until``, ``category``)."""

    owner: str
    types: frozenset[str]
    crlv_until: dt.date | None = None
    newest: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


OnRecord = dict[str, VehicleOnRecord]


def vehicles_on_record(plates: Iterable[str]) -> OnRecord:
    """The vehicles already recorded under ``plates`` (inside the tenant): owner's CPF, their
    current documents (the newest of each type) and their CRLV's validity — one query per
    thousands of rows, not one per row."""
    found: dict[str, tuple[str, dict[str, dict[str, Any]]]] = {}
    for part in chunked(sorted(set(plates))):
        for plate, owner in Vehicle.objects.filter(plate__any=part).values_list(
            "plate", "owner__document"
        ):
            found[plate] = (owner, {})
        docs = (
            Document.objects.current()
            .filter(vehicle__plate__any=part)
            .order_by("issued_on", "id")
            .values_list("vehicle__plate", "doc_type", "issued_on", "valid_until", "category")
        )
        for plate, doc_type, issued, until, category in docs:
            # The newest of each type, read last.
            found[plate][1][doc_type] = {
                "issued_on": issued,
                "valid_until": until,
                "category": category,
            }
    return {
        plate: VehicleOnRecord(
            owner,
            frozenset(newest),
            (newest.get(Document.Type.CRLV) or {}).get("valid_until"),
            newest,
        )
        for plate, (owner, newest) in found.items()
    }


def row_document(
    record: VehicleOnRecord | None, documents: Mapping[str, Any] | None, doc_type: str
) -> Mapping[str, Any] | None:
    """The vehicle's ``doc_type`` as the row leaves it: the newer of the row's own
    (``Row.documents``) and the newest on record (the row's on the same day), else None."""
    given = documents.get(doc_type) if documents else None
    kept = record.newest.get(doc_type) if record is not None else None
    if given is None or kept is None:
        return given or kept
    return kept if kept["issued_on"] > given["issued_on"] else given


def row_crlv(
    record: VehicleOnRecord | None, crlv: dict[str, Any] | None, on: dt.date
) -> tuple[bool, bool]:
    """Whether the row's vehicle has a CRLV (the row's own, else one on record) and whether it is
    in force on ``on`` (``facts.crlv_in_force``: its validity known and not past)."""
    if crlv is not None:
        return True, crlv_in_force(crlv["valid_until"], on)
    if record is not None and Document.Type.CRLV in record.types:
        return True, crlv_in_force(record.crlv_until, on)
    return False, False


def row_licensed(
    v: dict[str, Any], record: VehicleOnRecord | None, crlv: dict[str, Any] | None, on: dt.date
) -> bool:
    """Taxi art. 28 I, as ``facts.licensed_on`` reads it: a CRLV in force on ``on``; a car with
    no CRLV at all, by the new car's factory invoice (art. 24 I)."""
    has, in_force = row_crlv(record, crlv, on)
    return in_force if has else v["invoice_date"] is not None


def row_vehicle_documents(
    m: Municipality,
    v: dict[str, Any],
    holder_cpf: str,
    on_record: OnRecord | None = None,
    *,
    crlv: dict[str, Any] | None = None,
    documents: Mapping[str, Any] | None = None,
    on: dt.date,
) -> dict[str, Any]:
    """The facts of a row's vehicle documents (mototaxi art. 5 §1, §5), from what the import
    knows: the row's CRLV (``crlv``: its ``crlv_emissao`` and ``crlv_valido_ate``) and its other
    documents (``documents``: ``Row.documents``, the CRV, DPVAT, vistoria and inspection
    reports), else those on record for the plate (a vehicle registered before, a re-import). The
    CRLV is "atualizado" (art. 5 §1 I) when it is in force on ``on`` (its validity known) and the
    row's ``municipio_registro`` names the municipality; the inspection report's date is the
    newest, the law judging it on ``on`` (§1 III); the documents are in the holder's name when
    the vehicle on record is the row's person's, or is new (the import registers it in their
    name). ``on_record``: :func:`vehicles_on_record` of the batch's plates (else read for this
    one)."""
    if on_record is None:
        on_record = vehicles_on_record([v["plate"]])
    record = on_record.get(v["plate"])
    has_crlv, crlv_current = row_crlv(record, crlv, on)
    owned = record is None or record.owner == holder_cpf

    def has(doc_type: str) -> bool:
        return row_document(record, documents, doc_type) is not None

    inspection = row_document(record, documents, Document.Type.INSPECTION)
    return {
        "documents": {
            "crlv_updated_in_ipatinga": crlv_current
            and same_place(v["registration_city"] or "", m.name),
            "dpvat": has(Document.Type.DPVAT),
            "vistoria_report": has(Document.Type.VISTORIA),
            "inspection_report_on": inspection["issued_on"].isoformat() if inspection else None,
        },
        "in_holders_name": {
            "crv": owned and has(Document.Type.CRV),
            "crlv": owned and has_crlv,
            "dpvat": owned and has(Document.Type.DPVAT),
        },
    }


def row_insurance(
    record: VehicleOnRecord | None, documents: Mapping[str, Any] | None, on: dt.date
) -> dict[str, Any]:
    """Mototaxi art. 13 XXI, art. 19 §1–§2, as ``facts.insurance_facts`` reads the record: the
    row's policy (else the newest on record), in force on ``on`` unless its printed end is
    before it; its copy filed when there is one."""
    policy = row_document(record, documents, Document.Type.INSURANCE)
    if policy is None:
        return {"policy_in_force": False, "copy_filed": False}
    until = policy.get("valid_until")
    return {"policy_in_force": until is None or until >= on, "copy_filed": True}
