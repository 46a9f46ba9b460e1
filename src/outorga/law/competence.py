"""Who may do what: competences defined once, as data, with the article that gives them.

Services check ``competence(law, action, on).allows(role)`` before acting; the foundation's matrix
test walks every action × every role against this table. Where a law is silent on who decides, the
entry says so and cites decision D-17 (the default until the municipality's regulation says
otherwise).

The table is dated (D-15), as the mototaxi infraction catalog is: each entry is in force from a date
— the law's entry into force (its ``Rulebook`` in :mod:`outorga.law.bindings`) unless it says
otherwise — and, once an amendment gives the act to another authority, until the day before the
amendment. An amendment is :func:`amend` with a new dated version, never an edit of the old one, so
an act is checked against the authority the law named on the date of the act; before the law
there is no competence at all.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .bindings import RULEBOOKS
from .citations import LAW_TITLES, Citation, cite, decision
from .windows import in_span, span_text


class Role(StrEnum):
    ATENDENTE = "atendente"
    FISCAL = "fiscal"
    AUTORIDADE = "autoridade"
    JARI = "jari"
    CHEFE_EXECUTIVO = "chefe_executivo"
    FINANCAS = "financas"
    PLATAFORMA = "plataforma"
    PERMISSIONARIO = "permissionario"
    ADMIN = "admin"


ROLE_LABELS: dict[Role, str] = {
    Role.ATENDENTE: "Atendente",
    Role.FISCAL: "Fiscal",
    Role.AUTORIDADE: "Autoridade (secretário)",
    Role.JARI: "Membro da JARI",
    Role.CHEFE_EXECUTIVO: "Chefe do Executivo",
    Role.FINANCAS: "Finanças",
    Role.PLATAFORMA: "Plataforma (OTTC)",
    Role.PERMISSIONARIO: "Permissionário / condutor",
    Role.ADMIN: "Administrador do sistema",
}

#: Acts every law of the product knows; labels are what a user reads.
ACTIONS: dict[str, str] = {
    "registry.record": "cadastrar e alterar pessoas, veículos e documentos",
    "application.submit": "inscrever-se em licitação e apresentar os próprios documentos",
    "permit.grant": "registrar a outorga de permissão",
    "permit.renew": "renovar registro ou termo de permissão",
    "permit.extend": "registrar a prorrogação do prazo da permissão",
    "auxiliary.renew": "renovar a credencial do condutor auxiliar",
    "badge.issue": "emitir crachá",
    "infraction.issue": "lavrar auto de infração",
    "infraction.cancel": "cancelar auto de infração",
    "notice.record": "registrar notificação (entrega pessoal, AR, publicação)",
    "penalty.propose": "propor revogação ou cassação (abrir processo)",
    "penalty.warning": "aplicar advertência",
    "penalty.fine": "aplicar multa",
    "penalty.suspension": "aplicar suspensão",
    "penalty.revocation": "aplicar revogação da permissão",
    "penalty.cassacao": "aplicar cassação",
    "penalty.seizure": "apreender veículo",
    "seizure.release": "liberar veículo apreendido",
    "defence.file": "apresentar defesa ou recurso",
    "defence.judge": "julgar defesa (1ª instância)",
    "appeal.jari.judge": "julgar recurso à JARI",
    "appeal.executive.judge": "julgar recurso ao Chefe do Executivo",
    "appeal.reconsider": "reconsiderar a decisão recorrida antes de encaminhar o recurso",
    "case.annul": "anular de ofício auto de infração ou penalidade eivados de vício de legalidade",
    "tariff.set": "fixar tarifas",
    "stand.set": "fixar pontos",
    "debt.payment.record": "registrar pagamentos",
    "debt.record": "lançar débitos e mudar sua situação (definitivo, em recurso, cancelado)",
    "tender.manage": "conduzir licitação (abrir, classificar, homologar)",
    "extinction.propose": "instaurar processo de extinção da permissão",
    "platform.credential": "credenciar plataforma",
    "platform.suspend": "suspender ou cancelar credenciamento de plataforma",
    "platform.case.propose": "propor suspensão ou cancelamento de credenciamento de plataforma",
    "rule.suspension.record": "registrar suspensão judicial de regra da lei",
    "platform.data.submit": "enviar dados da plataforma (motoristas, relatórios, corridas)",
    "platform.report.review": "analisar relatórios mensais e ISSQN",
    "complaint.answer": "responder reclamação",
    "inspection.record": "registrar vistoria ou inspeção de veículo",
    "inspection.order": "determinar vistoria extraordinária de veículo",
    "registration.request": "pedir a atualização ou o cancelamento do próprio cadastro",
    "inspection.confirm": "confirmar ou não o resultado de vistoria de empresa credenciada",
    "inspection.company.manage": "cadastrar empresas de inspeção e suas credenciais de API",
}

#: Acts of running the system itself, not of any law: no article gives them.
SYSTEM_ACTIONS: dict[str, str] = {
    "system.municipality.manage": "administrar municípios e parâmetros",
    "system.user.manage": "administrar usuários",
    "system.audit.read": "consultar o registro de atos",
    "system.law.simulate": "simular uma alteração da lei sobre o cadastro",
    "system.account.invite": "convidar pessoa cadastrada ao portal",
    "system.email.read": "consultar os e-mails enviados pelo sistema",
    "system.email.resend": "reenviar e-mail que falhou",
}


@dataclass(frozen=True)
class Competence:
    """Who may perform ``action`` under ``law``, with the articles that say so. ``valid_from`` is
    None for the law's original text (in force from the law's own date, its ``Rulebook``);
    ``valid_until`` is the last day, once an amendment gave the act to another authority."""

    law: str
    action: str
    roles: frozenset[Role]
    citations: tuple[Citation, ...]
    note: str = ""
    valid_from: dt.date | None = None
    valid_until: dt.date | None = None

    def allows(self, role: Role | str) -> bool:
        return Role(role) in self.roles

    @property
    def starts(self) -> dt.date | None:
        """The first day of this version: its own date, else its law's entry into force (None for
        data that no law dates, such as the municipality's)."""
        if self.valid_from is not None:
            return self.valid_from
        book = RULEBOOKS.get(self.law)
        return book.in_force_from if book is not None else None

    def in_force(self, day: dt.date) -> bool:
        return in_span(day, self.starts, self.valid_until)

    def role_values(self) -> list[str]:
        """The roles' values, sorted: a new list each time (it goes into outcomes and facts),
        sorted once per version (every escalation names its deciders, issue #21)."""
        try:
            return list(self.__dict__["_role_values"])
        except KeyError:
            values = self.__dict__["_role_values"] = tuple(sorted(str(r) for r in self.roles))
            return list(values)


def _c(law: str, action: str, roles: set[Role], *cites: Citation, note: str = "") -> Competence:
    return Competence(law, action, frozenset(roles), tuple(cites), note)


MOTO = "ipatinga.mototaxi-2013"
TAXI = "ipatinga.taxi-2017"
APPS = "barra-do-garcas.apps-2025"
R = Role
#: Lei 4.976/2025 only demands due process (art. 26, parágrafo único); until a regulation, Lei
#: 9.784/1999 (D-17): the appeal goes to the authority that decided, which may reconsider, and the
#: superior authority judges it (art. 56 §1). Who files, reconsiders and judges rests on it.
APPS_APPEAL = (cite(APPS, 26, "único"), cite("federal.9784-1999", 56, 1), decision(17))

_TABLE: list[Competence] = [
    # Ipatinga mototaxi/motofrete 2013: SESUMA authorizes and inspects (art. 2 XVII, XXIX, art. 27);
    # the Executive grants by decree (art. 6), fixes stands (art. 17) and tariffs (art. 45).
    _c(MOTO, "registry.record", {R.ATENDENTE}, cite(MOTO, 4), cite(MOTO, 2, inc="XXIX")),
    # The interested person applies to the tender (art. 6) and presents the documents of art. 5;
    # a document counts only once SESUMA, which keeps the register (art. 4), has accepted it.
    _c(
        MOTO,
        "application.submit",
        {R.PERMISSIONARIO},
        cite(MOTO, 5),
        cite(MOTO, 6),
        note="o interessado se inscreve e envia os documentos; o atendimento os confere",
    ),
    _c(
        MOTO,
        "permit.grant",
        {R.ATENDENTE, R.AUTORIDADE},
        cite(MOTO, 6),
        note="registra a outorga efetivada por Decreto do Poder Executivo",
    ),
    _c(MOTO, "permit.renew", {R.ATENDENTE}, cite(MOTO, 4, 1)),
    _c(
        MOTO,
        "permit.extend",
        {R.ATENDENTE, R.AUTORIDADE},
        cite(MOTO, 6),
        note="registra a prorrogação decidida a critério do Poder Executivo municipal",
    ),
    _c(MOTO, "auxiliary.renew", {R.ATENDENTE}, cite(MOTO, 14, 2), cite(MOTO, 14, 1)),
    _c(MOTO, "badge.issue", {R.ATENDENTE}, cite(MOTO, 5, 4), cite(MOTO, 2, inc="VIII")),
    _c(MOTO, "infraction.issue", {R.FISCAL}, cite(MOTO, 29), cite(MOTO, 30)),
    _c(MOTO, "infraction.cancel", {R.AUTORIDADE}, cite(MOTO, 34)),
    _c(
        MOTO, "notice.record", {R.ATENDENTE, R.FISCAL, R.AUTORIDADE}, cite(MOTO, 29), cite(MOTO, 43)
    ),
    _c(MOTO, "penalty.propose", {R.AUTORIDADE}, cite(MOTO, 34, 1), cite(MOTO, 34, 2), decision(3)),
    _c(MOTO, "penalty.warning", {R.AUTORIDADE, R.FISCAL}, cite(MOTO, 34), cite(MOTO, 31, 3)),
    _c(MOTO, "penalty.fine", {R.AUTORIDADE}, cite(MOTO, 34)),
    _c(MOTO, "penalty.suspension", {R.AUTORIDADE}, cite(MOTO, 34)),
    # Art. 34 §1–§2 with D-3: the Chief Executive decides the revocation and the cassação alike.
    *(
        _c(MOTO, action, {R.CHEFE_EXECUTIVO}, cite(MOTO, 34, 1), cite(MOTO, 34, 2), decision(3))
        for action in ("penalty.revocation", "penalty.cassacao")
    ),
    # Lei 9.784/1999 art. 53 (D-17: the law is silent): the administration annuls its own illegal
    # acts — the Secretaria, which applies warning, fine and suspension (art. 34).
    _c(
        MOTO,
        "case.annul",
        {R.AUTORIDADE},
        cite(MOTO, 34),
        cite("federal.9784-1999", 53),
        decision(17),
        note="revogação e cassação, decididas pelo Chefe do Executivo (art. 34, §1º), são anuladas "
        "de ofício por ele (Lei 9.784/1999, art. 53)",
    ),
    _c(MOTO, "penalty.seizure", {R.FISCAL}, cite(MOTO, 35)),
    _c(MOTO, "seizure.release", {R.ATENDENTE, R.AUTORIDADE}, cite(MOTO, 35, 1)),
    _c(MOTO, "defence.file", {R.PERMISSIONARIO, R.ATENDENTE}, cite(MOTO, 42)),
    # Art. 4 §2: the holder asks to update or cancel the registration (applied by the clerk).
    _c(MOTO, "registration.request", {R.PERMISSIONARIO}, cite(MOTO, 4, 2)),
    _c(MOTO, "defence.judge", {R.AUTORIDADE}, cite(MOTO, 42)),
    _c(MOTO, "appeal.jari.judge", {R.JARI}, cite(MOTO, 43), cite(MOTO, 34, 3)),
    _c(MOTO, "appeal.executive.judge", {R.CHEFE_EXECUTIVO}, cite(MOTO, 44), cite(MOTO, 34, 3)),
    _c(MOTO, "tariff.set", {R.CHEFE_EXECUTIVO}, cite(MOTO, 45)),
    _c(MOTO, "stand.set", {R.CHEFE_EXECUTIVO}, cite(MOTO, 17)),
    _c(MOTO, "debt.payment.record", {R.FINANCAS}, cite(MOTO, 35, 1)),
    _c(MOTO, "debt.record", {R.FINANCAS}, cite(MOTO, 35, 1), cite(MOTO, 31)),
    _c(MOTO, "tender.manage", {R.AUTORIDADE}, cite(MOTO, 6), cite(MOTO, 10)),
    # Ipatinga taxi 2017: SESUMA keeps the Cadastro (art. 4 I, 20) and regulates (art. 46); the
    # penalty procedure is left to a regulation (art. 43), so who decides follows D-17 until then.
    _c(TAXI, "registry.record", {R.ATENDENTE}, cite(TAXI, 20), cite(TAXI, 4, inc="I")),
    # The interested person competes in the tender (art. 3) and presents the documents of the
    # cadastramento (art. 20, 22–24); SESUMA, which keeps the Cadastro (art. 20), accepts them.
    # The yearly renewal (art. 21) and an auxiliary's inscription (art. 20, parágrafo único) are
    # asked by the holder with the same documents; SESUMA defines the procedure (art. 21 §2).
    _c(
        TAXI,
        "application.submit",
        {R.PERMISSIONARIO},
        cite(TAXI, 3),
        cite(TAXI, 20),
        cite(TAXI, 22),
        cite(TAXI, 24),
        note="o interessado se inscreve e envia os documentos; a SESUMA os confere",
    ),
    _c(TAXI, "permit.grant", {R.ATENDENTE, R.AUTORIDADE}, cite(TAXI, 3)),
    _c(TAXI, "permit.renew", {R.ATENDENTE}, cite(TAXI, 13), cite(TAXI, 21)),
    _c(TAXI, "auxiliary.renew", {R.ATENDENTE}, cite(TAXI, 21), cite(TAXI, 21, 2)),
    _c(TAXI, "badge.issue", {R.ATENDENTE}, cite(TAXI, 20)),
    _c(TAXI, "infraction.issue", {R.FISCAL}, cite(TAXI, 43), decision(17)),
    _c(TAXI, "infraction.cancel", {R.AUTORIDADE}, cite(TAXI, 46), decision(17)),
    _c(
        TAXI,
        "notice.record",
        {R.ATENDENTE, R.FISCAL, R.AUTORIDADE},
        cite(TAXI, 41, 5),
        decision(4),
        decision(17),
    ),
    _c(TAXI, "penalty.propose", {R.AUTORIDADE}, cite(TAXI, 41, 3), cite(TAXI, 41, 4), decision(3)),
    # Unlike the mototaxi law (art. 31 §3), the taxi law gives the inspector no penalty: the
    # warning is one of art. 41's penalties, applied with contraditório e ampla defesa (caput)
    # by the Secretaria (art. 46, D-17) on the case the fiscal's auto opened (ADR 0067).
    _c(
        TAXI,
        "penalty.warning",
        {R.AUTORIDADE},
        cite(TAXI, 41, inc="I"),
        cite(TAXI, 46),
        decision(17),
        note="o fiscal lavra o auto; a advertência em lugar da multa é aplicada pela autoridade "
        "no processo",
    ),
    _c(
        TAXI, "penalty.fine", {R.AUTORIDADE}, cite(TAXI, 41, inc="II"), cite(TAXI, 46), decision(17)
    ),
    _c(
        TAXI,
        "penalty.suspension",
        {R.AUTORIDADE},
        cite(TAXI, 42, inc="IV"),
        cite(TAXI, 42, inc="V"),
        cite(TAXI, 46),
        decision(17),
    ),
    _c(TAXI, "penalty.revocation", {R.CHEFE_EXECUTIVO}, cite(TAXI, 15), decision(3), decision(17)),
    _c(
        TAXI,
        "penalty.cassacao",
        {R.CHEFE_EXECUTIVO},
        cite(TAXI, 41, 3),
        cite(TAXI, 41, 4),
        decision(3),
        decision(17),
        note="a lei exige processo administrativo; quem decide fica para o regulamento (art. 43)",
    ),
    # Lei 9.784/1999 art. 53 (D-17: the law and its regulation are silent): the Secretaria that
    # applies the warning, the fine and the suspensions (art. 41 I–II, 42 IV–V, 46) annuls them of
    # its own motion.
    _c(
        TAXI,
        "case.annul",
        {R.AUTORIDADE},
        cite(TAXI, 41, inc="I"),
        cite(TAXI, 41, inc="II"),
        cite(TAXI, 42, inc="IV"),
        cite(TAXI, 42, inc="V"),
        cite(TAXI, 46),
        cite("federal.9784-1999", 53),
        decision(17),
        note="a revogação (art. 15) e a cassação (art. 41, §3º e §4º), decididas pelo Chefe do "
        "Executivo, são anuladas de ofício por ele",
    ),
    _c(TAXI, "penalty.seizure", {R.FISCAL}, cite(TAXI, 41, inc="III"), cite(TAXI, 42)),
    _c(TAXI, "seizure.release", {R.ATENDENTE, R.AUTORIDADE}, cite(TAXI, 42, 2)),
    _c(TAXI, "defence.file", {R.PERMISSIONARIO, R.ATENDENTE}, cite(TAXI, 41), decision(17)),
    _c(TAXI, "defence.judge", {R.AUTORIDADE}, cite(TAXI, 43), decision(17)),
    _c(TAXI, "appeal.executive.judge", {R.CHEFE_EXECUTIVO}, cite(TAXI, 43), decision(17)),
    # Lei 9.784/1999 art. 56 §1 (D-17): the appeal goes to the authority that decided (the
    # defence's, above), who may reconsider within the period before sending it up.
    _c(
        TAXI,
        "appeal.reconsider",
        {R.AUTORIDADE},
        cite(TAXI, 43),
        cite("federal.9784-1999", 56, 1),
        decision(17),
    ),
    _c(TAXI, "tariff.set", {R.CHEFE_EXECUTIVO}, cite(TAXI, 37)),
    _c(TAXI, "stand.set", {R.CHEFE_EXECUTIVO}, cite(TAXI, 33)),
    _c(TAXI, "debt.payment.record", {R.FINANCAS}, cite(TAXI, 21, 1)),
    _c(TAXI, "debt.record", {R.FINANCAS}, cite(TAXI, 21, 1), cite(TAXI, 40)),
    _c(TAXI, "tender.manage", {R.AUTORIDADE}, cite(TAXI, 3), cite(TAXI, 3, 1)),
    _c(TAXI, "extinction.propose", {R.AUTORIDADE}, cite(TAXI, 15, 1), cite(TAXI, 46), decision(3)),
    # Barra do Garças apps 2025: credential before the Executive (art. 3), inspection by the posture
    # inspectors (art. 22–23), reports to Finance (art. 16), penalties with due process (art. 26).
    _c(APPS, "platform.credential", {R.AUTORIDADE}, cite(APPS, 3)),
    _c(
        APPS,
        "platform.suspend",
        {R.CHEFE_EXECUTIVO},
        cite(APPS, 26, inc="IV"),
        cite(APPS, 26, "único"),
        decision(3),
        decision(17),
    ),
    _c(
        APPS,
        "platform.case.propose",
        {R.AUTORIDADE},
        cite(APPS, 22),
        cite(APPS, 26, inc="IV"),
        decision(3),
    ),
    # Any law's rule may be suspended by a court (D-16): the authority records it under each law.
    *(
        _c(law, "rule.suspension.record", {R.AUTORIDADE}, decision(16))
        for law in (APPS, MOTO, TAXI)
    ),
    _c(APPS, "platform.data.submit", {R.PLATAFORMA}, cite(APPS, 4), cite(APPS, 16), cite(APPS, 24)),
    _c(
        APPS, "platform.report.review", {R.FINANCAS}, cite(APPS, 16), cite(APPS, 18), cite(APPS, 20)
    ),
    _c(APPS, "complaint.answer", {R.PLATAFORMA}, cite(APPS, 11, inc="III"), cite(APPS, 15)),
    _c(APPS, "infraction.issue", {R.FISCAL}, cite(APPS, 22), cite(APPS, 23)),
    _c(
        APPS,
        "penalty.warning",
        {R.AUTORIDADE},
        cite(APPS, 26, inc="I"),
        cite(APPS, 22),
        decision(17),
    ),
    _c(
        APPS, "penalty.fine", {R.AUTORIDADE}, cite(APPS, 26, inc="II"), cite(APPS, 22), decision(17)
    ),
    _c(APPS, "penalty.seizure", {R.FISCAL}, cite(APPS, 26, inc="III"), cite(APPS, 23)),
    # Lei 9.784/1999 art. 53 (D-17: the law is silent): the authority that applies the warning and
    # the fine (art. 26 I–II) annuls them of its own motion.
    _c(
        APPS,
        "case.annul",
        {R.AUTORIDADE},
        cite(APPS, 26, inc="I"),
        cite(APPS, 26, inc="II"),
        cite("federal.9784-1999", 53),
        decision(17),
    ),
    # The release on the conditions of the regulation (art. 27), as under the other laws.
    _c(
        APPS,
        "seizure.release",
        {R.ATENDENTE, R.AUTORIDADE},
        cite(APPS, 26, inc="III"),
        cite(APPS, 27),
    ),
    # Due process under Lei 9.784/1999 (APPS_APPEAL): the authority that decided records a defence
    # or appeal delivered on paper; the notice starts the period.
    _c(
        APPS,
        "defence.file",
        {R.PLATAFORMA, R.PERMISSIONARIO, R.AUTORIDADE},
        *APPS_APPEAL,
        note="a autoridade registra defesa ou recurso entregue em papel",
    ),
    _c(
        APPS,
        "notice.record",
        {R.ATENDENTE, R.FISCAL, R.AUTORIDADE},
        cite(APPS, 26, "único"),
        decision(4),
        decision(17),
    ),
    _c(APPS, "defence.judge", {R.AUTORIDADE}, cite(APPS, 26, "único"), decision(17)),
    _c(APPS, "appeal.executive.judge", {R.CHEFE_EXECUTIVO}, *APPS_APPEAL),
    # Lei 9.784/1999 art. 56 §1 (D-17): the authority that imposed the penalty may reconsider it
    # within the period before the appeal goes up.
    _c(APPS, "appeal.reconsider", {R.AUTORIDADE}, *APPS_APPEAL),
    # Art. 7: the fares by act of the Chief Executive. Art. 8's yearly review of the limits is
    # "o órgão municipal competente", named by no one: it grounds no authority here.
    _c(APPS, "tariff.set", {R.CHEFE_EXECUTIVO}, cite(APPS, 7)),
    # Art. 22: the collection sectors act on tax matters; who records the payment of a fine the
    # law does not say (D-17), Finance as under the other laws. Art. 20 (the drivers' ISSQN,
    # withheld by the platforms) says what is owed, not who records its payment.
    _c(APPS, "debt.payment.record", {R.FINANCAS}, cite(APPS, 22), decision(17)),
    # Inspections: SESUMA inspects and controls (mototaxi art. 5 §6, 27; taxi art. 27, 31);
    # accredited companies inspect (mototaxi art. 2 XI–XII; taxi art. 29) and the municipality
    # confirms; apps vehicles are inspected by the posture inspectors (apps art. 22–23 I).
    _c(MOTO, "inspection.record", {R.FISCAL}, cite(MOTO, 5, 6), cite(MOTO, 27)),
    # Art. 5 §6: other vistorias "quando lhe aprouver" — ordered by the Secretaria's fiscal or clerk.
    _c(MOTO, "inspection.order", {R.FISCAL, R.ATENDENTE}, cite(MOTO, 5, 6), cite(MOTO, 27)),
    _c(
        MOTO,
        "inspection.confirm",
        {R.FISCAL, R.AUTORIDADE},
        cite(MOTO, 5, 1, "III"),
        cite(MOTO, 27),
    ),
    _c(MOTO, "inspection.company.manage", {R.AUTORIDADE}, cite(MOTO, 2, inc="XI"), cite(MOTO, 27)),
    _c(TAXI, "inspection.record", {R.FISCAL}, cite(TAXI, 27), cite(TAXI, 29)),
    _c(TAXI, "inspection.confirm", {R.FISCAL, R.AUTORIDADE}, cite(TAXI, 27), cite(TAXI, 31)),
    _c(TAXI, "inspection.company.manage", {R.AUTORIDADE}, cite(TAXI, 29)),
    _c(APPS, "inspection.record", {R.FISCAL}, cite(APPS, 22), cite(APPS, 23, inc="I")),
]

#: Every version of every (law, action), oldest first.
VERSIONS: dict[tuple[str, str], list[Competence]] = {}
#: The newest version of each (law, action): the acts each law knows, at any date.
COMPETENCES: dict[tuple[str, str], Competence] = {}
#: :func:`deciders`' answers by (law, action, day), emptied whenever the table changes
#: (:func:`register`, :func:`amend`, :func:`restore`).
_DECIDERS: dict[tuple[str, str, dt.date], tuple[tuple[str, ...], tuple[Citation, ...]]] = {}


def register(entries: list[Competence]) -> None:
    """Add a rulebook's competences as its text first gave them (a law shipped apart, or a test's):
    who does each act under it, with the article that says so. A law's entry is never redefined;
    a later change of authority is an :func:`amend`."""
    _DECIDERS.clear()
    for c in entries:
        if c.action not in ACTIONS:
            raise ValueError(f"unknown action in the competence table: {c.action}")
        known = VERSIONS.get((c.law, c.action))
        if known is not None:
            if dataclasses.replace(known[0], valid_until=c.valid_until) != c:
                raise ValueError(f"competence {c.action} of {c.law} already defined")
            continue
        VERSIONS[(c.law, c.action)] = [c]
        COMPETENCES[(c.law, c.action)] = c


register(_TABLE)
assert len(COMPETENCES) == len(_TABLE), "an action is defined twice for one law"


def _span(c: Competence) -> str:
    return span_text(c.starts, c.valid_until)


def amend(*versions: Competence) -> None:
    """An amendment gives acts to another authority from its date (D-15): each version must carry
    ``valid_from``; the version in force until then ends the day before, and the amendment never
    reaches back over a day an earlier version already governed."""
    _DECIDERS.clear()
    for v in versions:
        if v.valid_from is None:
            raise ValueError(f"{v.law} {v.action}: a emenda precisa da data de vigência")
        if v.valid_until is not None and v.valid_until < v.valid_from:
            raise ValueError(f"{v.law} {v.action}: vigência termina antes de começar")
        if v.action not in ACTIONS:
            raise ValueError(f"unknown action in the competence table: {v.action}")
        known = VERSIONS.setdefault((v.law, v.action), [])
        for old in known:
            start = old.starts
            if (start is not None and start >= v.valid_from) or (
                old.valid_until is not None and old.valid_until >= v.valid_from
            ):
                raise ValueError(
                    f"{v.law} {v.action}: a versão {_span(old)} já rege "
                    f"{v.valid_from:%d/%m/%Y}; uma emenda não retroage"
                )
        if known and known[-1].valid_until is None:
            known[-1] = dataclasses.replace(
                known[-1], valid_until=v.valid_from - dt.timedelta(days=1)
            )
        known.append(v)
        COMPETENCES[(v.law, v.action)] = v


def restore(
    versions: dict[tuple[str, str], list[Competence]],
    newest: dict[tuple[str, str], Competence],
) -> None:
    """The table as it was before amendments (``VERSIONS`` and ``COMPETENCES`` as copied then):
    what a test that amended it puts back."""
    _DECIDERS.clear()
    VERSIONS.clear()
    VERSIONS.update(versions)
    COMPETENCES.clear()
    COMPETENCES.update(newest)


SYSTEM_COMPETENCES: dict[str, frozenset[Role]] = {
    "system.municipality.manage": frozenset({Role.ADMIN}),
    "system.user.manage": frozenset({Role.ADMIN}),
    "system.audit.read": frozenset({Role.ADMIN, Role.AUTORIDADE}),
    # A simulation reads the whole registry and writes nothing: the administrator's, who
    # transcribes the law's dated values (issue #21).
    "system.law.simulate": frozenset({Role.ADMIN}),
    # An account on the portal for a person already in the register: no law speaks of it.
    "system.account.invite": frozenset({Role.ATENDENTE}),
    # The messages carry people's addresses and what they were told (LGPD art. 6, III: no more
    # than needed): the desk, which answers "I was not told" and corrects an address, and the
    # administrator, who runs the mail server. No law speaks of it (ADR 0034).
    "system.email.read": frozenset({Role.ATENDENTE, Role.ADMIN}),
    "system.email.resend": frozenset({Role.ATENDENTE, Role.ADMIN}),
}

#: The municipality's dated data that the laws leave to a decree, a regulation or an outside source
#: (rules.md: "values the law leaves to a decree or regulation are dated data a municipality
#: edits"). The administrator transcribes the published act (census, decree, law) with its date and
#: reference; deciding the value stays with whoever the law names (``tariff.set`` and the like).
MUNICIPAL_DATA_ACTIONS: dict[str, str] = {
    "municipality.population.record": "registrar população do IBGE",
    "municipality.fiscal_unit.record": "registrar valor de unidade fiscal (UFPI, UPFBG)",
    "municipality.calendar.record": "registrar feriado, ponto facultativo ou dia sem expediente",
    "municipality.parameter.record": "registrar valor de parâmetro fixado em decreto, regulamento "
    "ou lei",
    "municipality.taxi_item.record": "registrar ou encerrar item de infração do regulamento do táxi",
    "municipality.law_binding.record": "registrar a lei que rege cada serviço e a sua vigência",
}

MUNICIPAL = "municipio"
#: Every record of the municipality's data is the administrator's, by the decisions that make it
#: dated data; by action, the articles and decisions that say so.
MUNICIPAL_DATA_COMPETENCES: dict[str, Competence] = {
    action: _c(MUNICIPAL, action, {R.ADMIN}, *cites)
    for action, cites in {
        # D-7: quotas use the newest IBGE figure in force on the date of the grant.
        "municipality.population.record": (decision(7),),
        # D-5: unit values are dated data per municipality.
        "municipality.fiscal_unit.record": (decision(5),),
        # D-4: a last day without business in the municipality moves to the next business day.
        "municipality.calendar.record": (decision(4), cite("federal.9784-1999", 66, 1)),
        # D-15: an amendment or a decree value is a new dated value, never an edit of the old one.
        "municipality.parameter.record": (decision(15),),
        # D-15: facts are judged by the law in force on their date; which law that is for each
        # service is the municipality's data, recorded from a date and never rewritten.
        "municipality.law_binding.record": (decision(15),),
        # Taxi art. 43: the regulation adds infraction items; D-10 keeps them as the municipality's
        # data, dated as any regulation value (D-15).
        "municipality.taxi_item.record": (cite(TAXI, 43), decision(10), decision(15)),
    }.items()
}
assert set(MUNICIPAL_DATA_COMPETENCES) == set(MUNICIPAL_DATA_ACTIONS)


class NotCompetent(PermissionError):
    def __init__(
        self,
        role: str,
        law: str,
        action: str,
        competence: Competence | None,
        on: dt.date | None = None,
    ) -> None:
        self.role, self.law, self.action, self.competence = role, law, action, competence
        self.on = on
        label = (
            ACTIONS.get(action)
            or MUNICIPAL_DATA_ACTIONS.get(action)
            or SYSTEM_ACTIONS.get(action, action)
        )
        versions = VERSIONS.get((law, action), [])
        # The law by its title ("Lei de mototáxi de Ipatinga (2013)"), never its id.
        title = LAW_TITLES.get(law)
        where = f"na {title}" if title else "nas leis deste município"
        if competence is None and on is not None and versions:
            spans = "; ".join(_span(v) for v in versions)
            msg = f"Ato '{label}' não previsto {where} em {on:%d/%m/%Y} (vigência: {spans})."
        elif competence is None and action in SYSTEM_COMPETENCES:
            who = ", ".join(ROLE_LABELS[r] for r in sorted(SYSTEM_COMPETENCES[action]))
            msg = f"Sem competência para {label}: ato do sistema, reservado a {who}."
        elif competence is None:
            msg = f"Ato '{label}' não previsto {where}."
        else:
            who = ", ".join(ROLE_LABELS[r] for r in sorted(competence.roles))
            cites = "; ".join(c.render() for c in competence.citations)
            msg = f"Sem competência para {label}: compete a {who} ({cites})."
        super().__init__(msg)


def competence(law: str, action: str, on: dt.date) -> Competence | None:
    """Who may perform ``action`` under ``law`` on ``on`` — the date of the act, on the
    municipality's clock (D-15): the law core has no clock of its own, so the caller always says
    the day. None when the law does not provide the act on that date (not yet in force, or never)."""
    for c in VERSIONS.get((law, action), ()):
        if c.in_force(on):
            return c
    return None


def role_names(roles: Iterable[str]) -> str:
    """Roles as a person reads them (``chefe_executivo`` → ``Chefe do Executivo``), joined."""
    return ", ".join(ROLE_LABELS[Role(r)] for r in roles)


def deciders(law: str, action: str, on: dt.date) -> tuple[list[str], tuple[Citation, ...]]:
    """The roles (sorted) competent for ``action`` under ``law`` on ``on`` and the articles that
    say so — what a decision names as "decide …"; none where the law does not provide the act.
    Read once per (law, action, day) while the table stands (every escalation names its
    deciders, issue #21); the roles are a new list each time (they go into outcomes)."""
    key = (law, action, on)
    found = _DECIDERS.get(key)
    if found is None:
        comp = competence(law, action, on)
        found = _DECIDERS[key] = (
            ((), ()) if comp is None else (tuple(comp.role_values()), comp.citations)
        )
    return list(found[0]), found[1]


def is_allowed(role: Role | str, action: str, law: str | None, on: dt.date) -> bool:
    """Whether ``role`` may perform ``action`` under ``law`` on ``on`` (the date of the act, on the
    municipality's clock); ``law`` is None only for the system's and the municipal data's acts."""
    if action in SYSTEM_COMPETENCES:
        return Role(role) in SYSTEM_COMPETENCES[action]
    if action in MUNICIPAL_DATA_COMPETENCES:
        return MUNICIPAL_DATA_COMPETENCES[action].allows(role)
    if law is None:
        raise ValueError(f"action {action} needs a law")
    comp = competence(law, action, on)
    return comp is not None and comp.allows(role)


def check(role: Role | str, action: str, law: str | None, on: dt.date) -> Competence | None:
    """Raise :class:`NotCompetent` unless ``role`` may perform ``action`` under ``law`` on ``on``
    (the date of the act, on the municipality's clock)."""
    municipal = MUNICIPAL_DATA_COMPETENCES.get(action)
    if municipal is not None:
        if municipal.allows(role):
            return municipal
        raise NotCompetent(str(role), MUNICIPAL, action, municipal)
    if is_allowed(role, action, law, on):
        return competence(law, action, on) if law else None
    raise NotCompetent(
        str(role),
        law or "sistema",
        action,
        competence(law, action, on) if law else None,
        on,
    )
