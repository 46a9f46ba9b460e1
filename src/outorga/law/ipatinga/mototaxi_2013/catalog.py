"""The infraction catalog (art. 37–41): every inciso as data, with its nature, its fine in UFPI
(from the dated parameters, §1 of each article) and whether it also seizes the vehicle (§2).

The catalog is dated (D-15): each inciso is in force from a date (the law's, 27/08/2013) and, once an
amendment repeals or rewrites it, until another. An amendment is :func:`amend` with new dated
versions — never an edit of the old ones — so a fact is judged by the incisos in force on its date.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from outorga.law.bindings import RULEBOOKS
from outorga.law.citations import Citation, render_many
from outorga.law.context import Context
from outorga.law.parameters import ParameterValue
from outorga.law.windows import in_span, span_text

from ._common import LAW_ID, Severity, art, param

#: The day the law took effect (art. 53), as registered with the rulebook (``bindings.RULEBOOKS``,
#: the one place it is written): the catalog's first version.
LAW_DATE = RULEBOOKS[LAW_ID].in_force_from

#: Article of each nature (art. 38 leve, 39 média, 40 grave, 41 gravíssima).
ARTICLE_OF: dict[Severity, int] = {
    Severity.LEVE: 38,
    Severity.MEDIA: 39,
    Severity.GRAVE: 40,
    Severity.GRAVISSIMA: 41,
}


@dataclass(frozen=True)
class InfractionType:
    """One inciso of art. 38–41. ``code`` is ``art<N>-<inciso>``, e.g. ``art38-I``."""

    code: str
    article: int
    inciso: str
    description: str
    severity: Severity
    seizure: bool
    valid_from: dt.date = LAW_DATE
    valid_until: dt.date | None = None  # the last day, when an amendment ended this version
    #: The article that forbids this conduct where the inciso of art. 38–41 types it in general
    #: words (art. 18: service at a bus or taxi stop, typed by art. 39, I). Cited first.
    prohibition: Citation | None = None

    @property
    def citations(self) -> tuple[Citation, ...]:
        """The prohibition (if any), then the inciso that types the infraction."""
        return (self.prohibition, self.citation) if self.prohibition else (self.citation,)

    @property
    def provision(self) -> str:
        """The provision infringed as the auto writes it (art. 30, VI), the law's title once."""
        return render_many(self.citations)

    @property
    def articles(self) -> str:
        """The articles without the law's title: "art. 39, I" or "art. 18; art. 39, I"."""
        typed = f"art. {self.article}, {self.inciso}"
        if self.prohibition is None:
            return typed
        return f"art. {self.prohibition.article}; {typed}"

    def in_force(self, day: dt.date) -> bool:
        return in_span(day, self.valid_from, self.valid_until)

    @property
    def citation(self) -> Citation:
        return art(self.article, inc=self.inciso)

    @property
    def fine_citation(self) -> Citation:
        """§1º of the article: the fine for this nature."""
        return art(self.article, 1)

    @property
    def seizure_citation(self) -> Citation:
        """§2º of the article: the incisos that also seize the vehicle."""
        return art(self.article, 2)

    def fine_units(self, ctx: Context, on: dt.date | None = None) -> ParameterValue:
        """The fine in UFPI in force on ``on`` (the date the infraction was committed, D-15)."""
        return fine_units(ctx, self.severity, on)


def fine_units(ctx: Context, severity: Severity, on: dt.date | None = None) -> ParameterValue:
    return param(ctx, f"fines.{severity.value}", on)


def _t(severity: Severity, inciso: str, description: str, seizure: bool = False) -> InfractionType:
    article = ARTICLE_OF[severity]
    return InfractionType(f"art{article}-{inciso}", article, inciso, description, severity, seizure)


L, M, G, GG = Severity.LEVE, Severity.MEDIA, Severity.GRAVE, Severity.GRAVISSIMA

#: Every infraction of the law, in the order of the articles. Seizure per §2º of each article:
#: leve I, XI; média I, VI, X, XIV; grave III, IX, XIII; gravíssima I, II.
CATALOG: tuple[InfractionType, ...] = (
    # Art. 38 — leves
    _t(
        L,
        "I",
        "Deixar de executar o plano de manutenção preventiva recomendada pelo fabricante "
        "e/ou pelo órgão de trânsito e transportes do Município",
        seizure=True,
    ),
    _t(
        L,
        "II",
        "Apresentar-se o permissionário ou o condutor auxiliar para o serviço em "
        "condições inadequadas de asseio",
    ),
    _t(L, "III", "Lavar, consertar ou reparar o veículo em logradouro público"),
    _t(L, "IV", "Deixar de fornecer touca higiênica descartável ao passageiro ou cobrar por isso"),
    _t(
        L,
        "V",
        "Deixar de atender ao pedido de embarque e desembarque de passageiro em locais autorizados",
    ),
    _t(L, "VI", "Fumar ou admitir que alguém fume durante o percurso de viagem"),
    _t(L, "VII", "Abastecer o veículo quando transportando passageiro"),
    _t(
        L,
        "VIII",
        "Utilizar trajes impróprios ou ofensivos à moral e aos bons costumes no "
        "transporte de pessoas",
    ),
    _t(L, "IX", "Aliciar passageiros"),
    _t(
        L,
        "X",
        "Deixar de retirar o capacete ao adentrar em repartições públicas ou "
        "estabelecimentos comerciais",
    ),
    _t(
        L,
        "XI",
        "Deixar de descaracterizar o veículo, quando da substituição ou da baixa do mesmo",
        seizure=True,
    ),
    _t(L, "XII", "Estar indevidamente trajado"),
    # Art. 39 — médias
    _t(
        M, "I", "Operar ponto em local não permitido pelo órgão municipal de trânsito", seizure=True
    ),
    _t(
        M,
        "II",
        "Forçar a saída de outro mototaxista e/ou motofrete estacionado, ou dificultar seu "
        "estacionamento, em ponto de mototáxi",
    ),
    _t(
        M,
        "III",
        "Utilizar o veículo para quaisquer outros fins não autorizados pelo órgão "
        "municipal de trânsito",
    ),
    _t(
        M,
        "IV",
        "Utilizar subterfúgios ou meio ardil para recusar-se a transportar passageiro, "
        "salvo por motivo plenamente justificável",
    ),
    _t(
        M,
        "V",
        "Deixar de adotar as providências solicitadas pela fiscalização para corrigir as "
        "irregularidades detectadas",
    ),
    _t(
        M,
        "VI",
        "Deixar de submeter o veículo à vistoria de rotina ou quando determinado pelo "
        "órgão municipal de trânsito",
        seizure=True,
    ),
    _t(
        M,
        "VII",
        "Utilizar veículo fora das características e especificações estabelecidas pelo "
        "órgão municipal de trânsito",
    ),
    _t(
        M,
        "VIII",
        "Manter em serviço o veículo cujo impedimento de operar tenha sido determinado "
        "pelo órgão municipal de trânsito",
    ),
    _t(M, "IX", "Deixar de substituir o veículo com a idade limite ultrapassada"),
    _t(
        M,
        "X",
        "Deixar de providenciar outro veículo para o transporte de passageiros, em caso de "
        "interrupção de viagem",
        seizure=True,
    ),
    _t(M, "XI", "Cobrar ou deixar de devolver a tarifa paga, no caso de interrupção de viagem"),
    _t(
        M,
        "XII",
        "Trafegar com capacete com data de validade vencida, conforme instrução do INMETRO",
    ),
    _t(
        M, "XIII", "Não portar os documentos obrigatórios exigidos pelo órgão municipal de trânsito"
    ),
    _t(
        M,
        "XIV",
        "Transitar sem e/ou com defeito de equipamento exigido pelo órgão municipal de trânsito",
        seizure=True,
    ),
    _t(M, "XV", "Utilizar equipamentos de som de qualquer natureza no veículo"),
    # Art. 40 — graves
    _t(G, "I", "Interromper a viagem, salvo em caso de avaria ou risco iminente"),
    _t(
        G,
        "II",
        "Operar o serviço sem os equipamentos de controle exigidos pelo órgão municipal de "
        "trânsito",
    ),
    _t(
        G,
        "III",
        "Deixar de recolher o veículo para reparo, quando solicitado pelo agente de fiscalização",
        seizure=True,
    ),
    _t(
        G,
        "IV",
        "Operar o serviço de mototáxi e/ou motofrete em veículo não autorizado para o mesmo",
    ),
    _t(
        G,
        "V",
        "Deixar o permissionário ou o condutor auxiliar, em serviço, de utilizar o colete "
        "e/ou capacete padronizados",
    ),
    _t(G, "VI", "Dificultar a ação fiscalizadora dos agentes da fiscalização"),
    _t(
        G,
        "VII",
        "Desacatar ou agredir fisicamente agente de fiscalização, passageiro ou colega de trabalho",
    ),
    _t(
        G,
        "VIII",
        "Operar sem os equipamentos de segurança exigidos pelo órgão municipal de trânsito",
    ),
    _t(
        G,
        "IX",
        "Permitir, na operação do serviço, condutor auxiliar com credenciamento vencido",
        seizure=True,
    ),
    _t(
        G,
        "X",
        "Interromper a operação do serviço sem prévia comunicação e anuência do órgão "
        "municipal de trânsito",
    ),
    _t(G, "XI", "Conduzir o veículo efetuando partidas, freadas ou conversões bruscas"),
    _t(
        G,
        "XII",
        "Utilizar ou concorrer, consciente e voluntariamente, para a utilização do "
        "veículo em prática de ação delituosa",
    ),
    _t(
        G,
        "XIII",
        "Comercializar, alugar ou arrendar a permissão e/ou o respectivo veículo para "
        "outro permissionário ou a terceiro",
        seizure=True,
    ),
    _t(
        G,
        "XIV",
        "Entregar a direção do veículo a condutor não cadastrado no órgão municipal de trânsito",
    ),
    # Art. 41 — gravíssimas
    _t(
        GG,
        "I",
        "Transportar ou permitir o transporte de explosivos, inflamáveis, drogas ilegais, "
        "objetos volumosos, cargas ou animais que comprometam o conforto e a segurança do "
        "passageiro, crianças menores de 7 anos e mais de um passageiro",
        seizure=True,
    ),
    _t(
        GG,
        "II",
        "Cobrar tarifa diferente daquela estabelecida pelo Chefe do Poder Executivo",
        seizure=True,
    ),
)

#: Conducts another article forbids that an inciso of art. 38–41 types: an auto cites both. Art.
#: 18 forbids the service at bus and taxi stops; its nature is the one art. 39, I gives to
#: "operar ponto em local não permitido" (média, with seizure by art. 39, §2), the law's only
#: inciso for working at a place where it is not allowed (ADR 0032). The passenger's choice of
#: driver (art. 18, §1) is a right with no conduct of its own: a driver who refuses the chosen
#: ride is typed by art. 39, IV, already in the catalog.
PROHIBITIONS: tuple[InfractionType, ...] = (
    InfractionType(
        "art39-I-art18",
        39,
        "I",
        "Exercer o serviço em ponto de ônibus ou de táxi",
        Severity.MEDIA,
        seizure=True,
        prohibition=art(18),
    ),
)

#: What a code looks like in facts (``art38-I``, or ``art39-I-art18`` for a prohibition of another
#: article typed by that inciso); whether it exists on a date is a rule's answer.
CODE_SCHEMA: dict[str, str] = {
    "type": "string",
    "pattern": "^art(38|39|40|41)-[IVXLC]+(-art[0-9]+)?$",
}

#: Every version of every inciso, oldest first.
VERSIONS: dict[str, list[InfractionType]] = {}
#: The newest version of each code (the codes the law knows, at any date).
BY_CODE: dict[str, InfractionType] = {}


class NotInForce(KeyError):
    """The inciso does not exist, or was not in force on the date of the fact (D-15)."""

    def __init__(self, code: str, on: dt.date | None) -> None:
        self.code, self.on = code, on
        versions = VERSIONS.get(code, [])
        if not versions:
            text = f"infração desconhecida: {code}"
        else:
            spans = "; ".join(span_text(v.valid_from, v.valid_until) for v in versions)
            text = (
                f"a infração {code} não estava prevista na lei em {on:%d/%m/%Y} (vigência: {spans})"
            )
        super().__init__(text)
        self.message = text


def amend(*versions: InfractionType) -> None:
    """Add dated versions of incisos (an amendment of art. 38–41). A version of a code already in
    the catalog must start after every earlier one ended: an amendment never reaches back."""
    for v in versions:
        if v.valid_until is not None and v.valid_until < v.valid_from:
            raise ValueError(f"{v.code}: vigência termina antes de começar")
        known = VERSIONS.setdefault(v.code, [])
        for old in known:
            if old.valid_until is None or old.valid_until >= v.valid_from:
                raise ValueError(
                    f"{v.code}: a versão de {old.valid_from} ainda vigora em {v.valid_from}"
                )
        known.append(v)
        BY_CODE[v.code] = v


amend(*CATALOG, *PROHIBITIONS)


def infraction_types(on: dt.date | None = None) -> tuple[InfractionType, ...]:
    """The catalog (art. 38–41) in force on ``on`` — every code's newest version when ``on`` is
    not given — in the order of the law."""
    if on is None:
        return tuple(BY_CODE.values())
    return tuple(v for vs in VERSIONS.values() for v in vs if v.in_force(on))


def infraction_type(code: str, on: dt.date | None = None) -> InfractionType:
    """The version of ``code`` in force on ``on`` (the date of the fact); its newest version when
    ``on`` is not given. :class:`NotInForce` when there is none."""
    versions = VERSIONS.get(code)
    if not versions:
        raise NotInForce(code, on)
    if on is None:
        return versions[-1]
    for v in versions:
        if v.in_force(on):
            return v
    raise NotInForce(code, on)
